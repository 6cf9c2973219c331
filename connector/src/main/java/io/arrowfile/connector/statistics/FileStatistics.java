package io.arrowfile.connector.statistics;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The per-record-batch statistics of one file, from the footer key {@value #KEY} (format: see
 * this package's documentation), with min/max already converted to the Java class the column's Arrow type
 * compares in: {@code Long} (integers, Date32 days, Timestamp µs), {@code Double} (floats), {@code BigDecimal},
 * {@code String} (UTF-8 byte order), {@code Boolean}. Anything unusable (missing, malformed, a batch count
 * that disagrees with the footer, unknown types) leaves that part null: statistics only ever allow skipping,
 * so losing them costs speed, never correctness.
 */
public final class FileStatistics {
  public static final String KEY = "arrowfile.statistics.v1";

  /** How a column's min/max compare. */
  public enum Kind { LONG, DOUBLE, DECIMAL, STRING, BOOLEAN, NONE }

  /** The statistics of one column in one batch; min/max null when unknown or when there are no values. */
  public record ColumnStats(long nullCount, long nanCount, Object min, Object max) {}

  private final Schema schema;
  private final Kind[] kinds;
  private final long[] rows;
  /** [batch][file column]; a null entry when that column has no statistics. */
  private final ColumnStats[][] stats;

  private FileStatistics(Schema schema, Kind[] kinds, long[] rows, ColumnStats[][] stats) {
    this.schema = schema;
    this.kinds = kinds;
    this.rows = rows;
    this.stats = stats;
  }

  /**
   * The statistics in {@code footerMetadata} for a file of {@code schema} with {@code batchCount} record batches,
   * or null when there are none or they do not fit the file.
   */
  public static FileStatistics of(Schema schema, Map<String, String> footerMetadata, int batchCount) {
    String json = footerMetadata == null ? null : footerMetadata.get(KEY);
    if (json == null) {
      return null;
    }
    try {
      return parse(schema, json, batchCount);
    } catch (RuntimeException e) {
      return null; // a damaged statistics entry must not make the data unreadable
    }
  }

  @SuppressWarnings("unchecked")
  private static FileStatistics parse(Schema schema, String json, int batchCount) {
    Map<String, Object> root = (Map<String, Object>) StatisticsJson.parse(json);
    if (!Long.valueOf(1).equals(root.get("version"))) {
      return null;
    }
    List<Object> columns = (List<Object>) root.get("columns");
    List<Object> batches = (List<Object>) root.get("batches");
    if (columns == null || batches == null || batches.size() != batchCount) {
      return null;
    }
    // Statistics columns are matched to file columns by name (and position when names repeat).
    int[] fileColumn = new int[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      String name = (String) ((Map<String, Object>) columns.get(c)).get("name");
      fileColumn[c] = c < schema.fields().size() && schema.field(c).name().equals(name) ? c : schema.indexOf(name);
    }
    int n = schema.fields().size();
    Kind[] kinds = new Kind[n];
    for (int c = 0; c < n; c++) {
      kinds[c] = kindOf(schema.field(c));
    }
    long[] rows = new long[batchCount];
    ColumnStats[][] stats = new ColumnStats[batchCount][n];
    for (int b = 0; b < batchCount; b++) {
      Map<String, Object> batch = (Map<String, Object>) batches.get(b);
      rows[b] = ((Number) batch.get("rows")).longValue();
      List<Object> cols = (List<Object>) batch.get("columns");
      for (int c = 0; c < cols.size() && c < fileColumn.length; c++) {
        int fc = fileColumn[c];
        if (fc < 0) {
          continue;
        }
        Map<String, Object> cs = (Map<String, Object>) cols.get(c);
        Object nulls = cs.get("nullCount");
        if (!(nulls instanceof Long)) {
          continue;
        }
        Object nans = cs.get("nanCount");
        Kind k = kinds[fc];
        Object min = convert(k, schema.field(fc), cs.get("min"));
        Object max = convert(k, schema.field(fc), cs.get("max"));
        stats[b][fc] = new ColumnStats((Long) nulls, nans instanceof Long l ? l : 0, min, max);
      }
    }
    return new FileStatistics(schema, kinds, rows, stats);
  }

  /** The comparison kind of a column, NONE for types whose statistics we do not trust or do not have. */
  static Kind kindOf(Field f) {
    if (io.arrowfile.connector.types.CanonicalExtensions.retypes(f)) {
      // arrow.bool8 reads as booleans and arrow.uuid as text: the storage's min/max order neither
      return Kind.NONE;
    }
    if (f.isDictionaryEncoded()) {
      // Statistics come only from arrowfile's writer, whose encoded columns (dictionary=auto|always) are
      // top-level strings: their statistics are of the values, exactly as for a plain string column.
      return f.type() instanceof ArrowType.Utf8 ? Kind.STRING : Kind.NONE;
    }
    ArrowType t = f.type();
    if (t instanceof ArrowType.Int) {
      return Kind.LONG;
    } else if (t instanceof ArrowType.Date d) {
      return d.unit() == DateUnit.DAY ? Kind.LONG : Kind.NONE;
    } else if (t instanceof ArrowType.Timestamp ts) {
      return ts.unit() == TimeUnit.MICROSECOND ? Kind.LONG : Kind.NONE;
    } else if (t instanceof ArrowType.FloatingPoint) {
      return Kind.DOUBLE;
    } else if (t instanceof ArrowType.Decimal d) {
      // a decimal Spark cannot hold reads as a string: its filters compare strings, not these numbers
      return io.arrowfile.connector.types.ArrowToSpark.sparkDecimal(d) ? Kind.DECIMAL : Kind.NONE;
    } else if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Utf8View) {
      return Kind.STRING;
    } else if (t instanceof ArrowType.Bool) {
      return Kind.BOOLEAN;
    }
    return Kind.NONE;
  }

  private static Object convert(Kind k, Field f, Object v) {
    if (v == null) {
      return null;
    }
    switch (k) {
      case LONG:
        return v instanceof Long ? v : null;
      case DOUBLE: {
        String text;
        if (v instanceof String s) {
          text = s;
        } else if (v instanceof Number) {
          text = v.toString();
        } else {
          return null;
        }
        // A float column's value was printed from a float: parse it as one, or 0.1f would compare as 0.1.
        boolean single = ((ArrowType.FloatingPoint) f.type()).precision() != Precision.DOUBLE;
        double d = single ? Float.parseFloat(text) : Double.parseDouble(text);
        return Double.isNaN(d) ? null : d;
      }
      case DECIMAL:
        return v instanceof String s ? new BigDecimal(s) : null;
      case STRING:
        return v instanceof String ? v : null;
      case BOOLEAN:
        return v instanceof Boolean ? v : null;
      default:
        return null;
    }
  }

  public Schema schema() {
    return schema;
  }

  public int batchCount() {
    return rows.length;
  }

  public long rows(int batch) {
    return rows[batch];
  }

  public Kind kind(int fileColumn) {
    return kinds[fileColumn];
  }

  /** The statistics of {@code fileColumn} in {@code batch}, or null. */
  public ColumnStats column(int batch, int fileColumn) {
    return stats[batch][fileColumn];
  }

  /** The rows of all batches, as the statistics record them. */
  public long totalRows() {
    long n = 0;
    for (long r : rows) {
      n += r;
    }
    return n;
  }
}
