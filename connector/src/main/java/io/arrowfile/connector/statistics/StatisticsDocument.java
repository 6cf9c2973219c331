package io.arrowfile.connector.statistics;

import io.arrowfile.columnar.type.Field;
import java.util.List;

/**
 * The footer statistics of one file as it is written, under {@link FileStatistics#KEY}, in the format
 * {@link FileStatistics} reads (documented on {@code write.ArrowOutputWriter}): the envelope with the columns' names
 * and types, then one entry per record batch. The writers only feed it values, through
 * {@link BatchColumnStatistics}.
 */
public final class StatisticsDocument {
  /** What a column writer knows of its column in the batch being written. */
  public interface BatchColumnStatistics {
    long nullCount();

    /** Appends {@code ,"min":…,"max":…} when the batch has values the format gives bounds for; else nothing. */
    void appendMinMax(StringBuilder json);
  }

  private final StringBuilder json = new StringBuilder("{\"version\":1,\"columns\":[");
  private int batches;

  /** A document for a file whose top-level fields are {@code columns}. */
  public StatisticsDocument(List<Field> columns) {
    for (int i = 0; i < columns.size(); i++) {
      separate(i).append("{\"name\":");
      StatisticsJson.quote(json, columns.get(i).name());
      json.append(",\"type\":");
      StatisticsJson.quote(json, columns.get(i).type().toString());
      json.append('}');
    }
    json.append("],\"batches\":[");
  }

  private StringBuilder separate(int i) {
    return i == 0 ? json : json.append(',');
  }

  /** Appends the entry of the next record batch: its rows and each column's statistics, in schema order. */
  public void addBatch(long rows, BatchColumnStatistics[] columns) {
    if (batches++ > 0) {
      json.append(',');
    }
    json.append("{\"rows\":").append(rows).append(",\"columns\":[");
    for (int i = 0; i < columns.length; i++) {
      separate(i).append("{\"nullCount\":").append(columns[i].nullCount());
      columns[i].appendMinMax(json);
      json.append('}');
    }
    json.append("]}");
  }

  /** The finished JSON, for the footer's custom metadata under {@link FileStatistics#KEY}. */
  public String json() {
    return json + "]}";
  }
}
