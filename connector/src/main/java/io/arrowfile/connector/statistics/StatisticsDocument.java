package io.arrowfile.connector.statistics;

import io.arrowfile.columnar.type.Field;
import java.math.BigDecimal;
import java.util.List;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The footer statistics of one file as it is written, under {@link FileStatistics#KEY}, in the format
 * {@link FileStatistics} reads (specified in this package's documentation): the envelope with the columns' names
 * and types, then one entry per record batch. The writers only feed it values, through
 * {@link BatchColumnStatistics} and {@link Bounds}; how a value is written (numbers, infinities, decimals as
 * strings, strings cut to a prefix with a bound that still holds) is this class's knowledge alone.
 */
public final class StatisticsDocument {
  /** Longest string bound kept, in UTF-8 bytes: longer ones are cut and marked truncated. */
  public static final int STRING_BOUND_BYTES = 64;

  /** What a column writer knows of its column in the batch being written. */
  public interface BatchColumnStatistics {
    long nullCount();

    /** Tells {@code bounds} the batch's bounds when it has values the format gives bounds for; else nothing. */
    void reportBounds(Bounds bounds);
  }

  /** The bounds of one column in one batch: at most one call of one kind, plus {@link #nanCount}. */
  public interface Bounds {
    void integers(long min, long max);

    /** Finite or infinite bounds (NaN is counted apart); {@code single}: the column is 32-bit floating point. */
    void floatingPoint(double min, double max, boolean single);

    /** How many values of the batch are NaN (none: not called). */
    void nanCount(long count);

    void decimals(BigDecimal min, BigDecimal max);

    void booleans(boolean min, boolean max);

    void strings(UTF8String min, UTF8String max);
  }

  private final StringBuilder json = new StringBuilder("{\"version\":1,\"columns\":[");
  private final Bounds bounds = new JsonBounds();
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
      columns[i].reportBounds(bounds);
      json.append('}');
    }
    json.append("]}");
  }

  /** The finished JSON, for the footer's custom metadata under {@link FileStatistics#KEY}. */
  public String json() {
    return json + "]}";
  }

  /** Writes each bound as {@code ,"min":…,"max":…} (and its marks) into the batch entry being written. */
  private final class JsonBounds implements Bounds {
    @Override
    public void integers(long min, long max) {
      json.append(",\"min\":").append(min).append(",\"max\":").append(max);
    }

    @Override
    public void floatingPoint(double min, double max, boolean single) {
      json.append(",\"min\":").append(number(min, single)).append(",\"max\":").append(number(max, single));
    }

    private String number(double v, boolean single) {
      if (v == Double.POSITIVE_INFINITY) {
        return "\"Infinity\"";
      } else if (v == Double.NEGATIVE_INFINITY) {
        return "\"-Infinity\"";
      }
      // a float's shortest decimal form, not that of the double it widens to (0.1f is not 0.10000000149011612)
      return single ? Float.toString((float) v) : Double.toString(v);
    }

    @Override
    public void nanCount(long count) {
      json.append(",\"nanCount\":").append(count);
    }

    @Override
    public void decimals(BigDecimal min, BigDecimal max) {
      json.append(",\"min\":\"").append(min.toPlainString()).append("\",\"max\":\"").append(max.toPlainString())
          .append('"');
    }

    @Override
    public void booleans(boolean min, boolean max) {
      json.append(",\"min\":").append(min).append(",\"max\":").append(max);
    }

    @Override
    public void strings(UTF8String min, UTF8String max) {
      String minString = min.toString();
      String minPrefix = StatisticsJson.truncatePrefix(minString, STRING_BOUND_BYTES);
      json.append(",\"min\":");
      StatisticsJson.quote(json, minPrefix);
      if (!minPrefix.equals(minString)) {
        json.append(",\"minTruncated\":true");
      }
      String maxString = max.toString();
      String maxPrefix = StatisticsJson.truncatePrefix(maxString, STRING_BOUND_BYTES);
      if (maxPrefix.equals(maxString)) {
        json.append(",\"max\":");
        StatisticsJson.quote(json, maxString);
      } else {
        String bumped = StatisticsJson.increment(maxPrefix);
        if (bumped != null) { // else no short upper bound exists: leave max out
          json.append(",\"max\":");
          StatisticsJson.quote(json, bumped);
          json.append(",\"maxTruncated\":true");
        }
      }
    }
  }
}
