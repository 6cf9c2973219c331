package io.arrowfile.connector.aggregate;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.files.RowCounts;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.metadata.Block;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The partial values of {@link PushedAggregate}s for one file, as Spark would compute them over its rows.
 *
 * <p>From the footer statistics ({@link FileStatistics}) where they are exact for the column: a per-batch null
 * count answers {@code COUNT(col)} for any column without dictionary, run-end or union encoding (whose nulls can
 * hide in child arrays), and for the dictionary-encoded strings of arrowfile's writer (the only writer of these
 * statistics; its dictionaries hold no nulls); per-batch min/max answer {@code MIN}/{@code MAX} where the stored value is the Spark value
 * (signed integers of the column's width, float and double, decimals Spark holds, booleans, dates in days,
 * timestamps in microseconds). Strings are not among them: their statistics are truncated. Floating point follows
 * Spark's order: NaN, which the statistics count apart, is above everything. Everything else, and files without
 * statistics (other writers'), is computed by reading just those columns, the same values a scan would give.
 */
public final class FileAggregates {
  private FileAggregates() {}

  /**
   * Reads some columns of one file as the scan does, for the aggregates its footer does not answer: hands each
   * batch of the {@code columns} (by name, in that order) to {@code each}.
   */
  public interface ColumnScan {
    void scan(StructType columns, java.util.function.Consumer<ColumnarBatch> each) throws IOException;
  }

  /**
   * The partial values, in the order of {@code aggregates} (counts as Long, others as Spark's internal values).
   * {@code scan} reads the columns of the aggregates the footer does not answer; {@code bytesRead} counts the
   * metadata read to count the rows of a file without statistics.
   */
  public static Object[] compute(Configuration conf, Path path, ReadMode mode, FileVersion planned,
      PushedAggregate[] aggregates, boolean caseSensitive, ColumnScan scan, java.util.function.LongConsumer bytesRead)
      throws IOException {
    Object[] out = new Object[aggregates.length];
    boolean[] done = new boolean[aggregates.length];
    fromFooter(conf, path, mode, planned, aggregates, caseSensitive, bytesRead, out, done);
    List<Integer> rest = new ArrayList<>();
    for (int a = 0; a < aggregates.length; a++) {
      if (!done[a]) {
        rest.add(a);
      }
    }
    if (!rest.isEmpty()) {
      byScanning(aggregates, rest, scan, out);
    }
    return out;
  }

  /**
   * The partial values from the footer alone, or null when some aggregate needs the file's record batches (a file
   * without statistics, a column whose statistics are not exact, a stream): what the driver can answer while
   * planning ({@link FooterAggregation}).
   */
  static Object[] fromFooter(Configuration conf, Path path, ReadMode mode, FileVersion planned,
      PushedAggregate[] aggregates, boolean caseSensitive) throws IOException {
    Object[] out = new Object[aggregates.length];
    boolean[] done = new boolean[aggregates.length];
    fromFooter(conf, path, mode, planned, aggregates, caseSensitive, null, out, done);
    for (boolean d : done) {
      if (!d) {
        return null;
      }
    }
    return out;
  }

  /**
   * Sets {@code out[a]} and {@code done[a]} for each aggregate the footer answers. With {@code bytesRead}, a file
   * without statistics counts its rows from the record batch headers (a read per batch); without, it leaves
   * {@code COUNT(*)} undone.
   */
  private static void fromFooter(Configuration conf, Path path, ReadMode mode, FileVersion planned,
      PushedAggregate[] aggregates, boolean caseSensitive, java.util.function.LongConsumer bytesRead, Object[] out,
      boolean[] done) throws IOException {
    try (ByteSource source = ArrowFiles.openSource(conf, path, mode, planned)) {
      if (!ArrowFileReader.hasFileMagic(source)) {
        return;
      }
      ArrowFileReader file = ArrowFileReader.open(source, ReadOptions.DEFAULT);
      Schema schema = file.schema();
      List<Block> blocks = file.recordBatchBlocks();
      FileStatistics stats = FileStatistics.of(schema, file.customMetadata(), blocks.size());
      String[] names = ArrowToSpark.columnNames(schema, caseSensitive);
      for (int a = 0; a < aggregates.length; a++) {
        PushedAggregate agg = aggregates[a];
        if (agg.function() == PushedAggregate.Function.COUNT_STAR) {
          if (stats != null) {
            out[a] = stats.totalRows();
            done[a] = true;
          } else if (bytesRead != null) {
            long rows = 0;
            for (int k = 0; k < blocks.size(); k++) {
              rows += RowCounts.batchLength(source, file.decoder(), k);
              bytesRead.accept(blocks.get(k).metaDataLength());
            }
            out[a] = rows;
            done[a] = true;
          }
          continue;
        }
        int column = ArrowToSpark.columnIndex(names, agg.column(), caseSensitive);
        if (column < 0) { // a column this file lacks reads as null
          out[a] = agg.isCount() ? (Object) 0L : null;
          done[a] = true;
        } else if (stats != null && blocks.size() == stats.batchCount()) {
          done[a] = fromStatistics(agg, schema.field(column), column, stats, out, a);
        }
      }
    }
  }

  /** Sets {@code out[a]} from the statistics and returns true, or returns false where they cannot answer exactly. */
  public static boolean fromStatistics(PushedAggregate agg, Field field, int column, FileStatistics stats,
      Object[] out, int a) {
    // a dictionary-encoded string column with statistics is arrowfile's writer's: null counts are of rows
    if (field.isDictionaryEncoded() && !(field.type() instanceof ArrowType.Utf8)
        || field.type() instanceof ArrowType.RunEndEncoded
        || field.type() instanceof ArrowType.Union) {
      return false;
    }
    boolean count = agg.function() == PushedAggregate.Function.COUNT;
    if (!count && !exactMinMax(field, agg.type())) {
      return false;
    }
    boolean max = agg.function() == PushedAggregate.Function.MAX;
    long values = 0;
    long nans = 0;
    Object best = null;
    for (int b = 0; b < stats.batchCount(); b++) {
      FileStatistics.ColumnStats c = stats.column(b, column);
      if (c == null) {
        return false;
      }
      long nonNull = stats.rows(b) - c.nullCount();
      values += nonNull;
      nans += c.nanCount();
      if (count || nonNull - c.nanCount() <= 0) {
        continue;
      }
      Object v = max ? c.max() : c.min();
      if (v == null) {
        return false; // values without a recorded bound
      }
      if (best == null || (max ? compare(v, best) > 0 : compare(v, best) < 0)) {
        best = v;
      }
    }
    if (count) {
      out[a] = values;
    } else if (nans > 0 && (max || best == null)) {
      out[a] = agg.type() instanceof FloatType ? (Object) Float.NaN : (Object) Double.NaN;
    } else {
      out[a] = best == null ? null : toSpark(best, agg.type());
    }
    return true;
  }

  /** Whether the statistics' min/max of {@code field} are its values as Spark reads them as {@code type}. */
  public static boolean exactMinMax(Field field, DataType type) {
    ArrowType t = field.type();
    if (t instanceof ArrowType.Int i) {
      return i.signed() && (i.bitWidth() == 8 && type instanceof ByteType || i.bitWidth() == 16 && type instanceof ShortType
          || i.bitWidth() == 32 && type instanceof IntegerType || i.bitWidth() == 64 && type instanceof LongType);
    } else if (t instanceof ArrowType.FloatingPoint f) {
      return f.precision() == Precision.SINGLE && type instanceof FloatType
          || f.precision() == Precision.DOUBLE && type instanceof DoubleType;
    } else if (t instanceof ArrowType.Decimal d) {
      return ArrowToSpark.sparkDecimal(d) && type instanceof DecimalType dt && dt.precision() == d.precision()
          && dt.scale() == d.scale();
    } else if (t instanceof ArrowType.Bool) {
      return type instanceof BooleanType;
    } else if (t instanceof ArrowType.Date d) {
      return d.unit() == DateUnit.DAY && type instanceof DateType;
    } else if (t instanceof ArrowType.Timestamp ts) {
      return ts.unit() == TimeUnit.MICROSECOND
          && (ts.timezone() != null ? type instanceof TimestampType : type instanceof TimestampNTZType);
    }
    return false;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object x, Object y) {
    return ((Comparable) x).compareTo(y);
  }

  /** A statistics value (Long, Double, BigDecimal or Boolean) as Spark's internal value of {@code type}. */
  private static Object toSpark(Object v, DataType type) {
    if (type instanceof ByteType) {
      return ((Long) v).byteValue();
    } else if (type instanceof ShortType) {
      return ((Long) v).shortValue();
    } else if (type instanceof IntegerType || type instanceof DateType) {
      return ((Long) v).intValue();
    } else if (type instanceof FloatType) {
      return ((Double) v).floatValue();
    } else if (type instanceof DecimalType dt) {
      return Decimal.apply((BigDecimal) v, dt.precision(), dt.scale());
    }
    return v; // Long (long, timestamps), Double, Boolean
  }

  /** Computes the aggregates {@code which} by reading their columns, as a scan would. */
  private static void byScanning(PushedAggregate[] aggregates, List<Integer> which, ColumnScan scan, Object[] out)
      throws IOException {
    List<StructField> fields = new ArrayList<>();
    int[] vectorOf = new int[aggregates.length];
    for (int a : which) {
      PushedAggregate agg = aggregates[a];
      int found = -1;
      for (int k = 0; k < fields.size(); k++) {
        if (fields.get(k).name().equals(agg.column())) {
          found = k;
        }
      }
      if (found < 0 && agg.column() != null) {
        found = fields.size();
        fields.add(new StructField(agg.column(), agg.type(), true, org.apache.spark.sql.types.Metadata.empty()));
      }
      vectorOf[a] = found;
    }
    Accumulator[] acc = new Accumulator[aggregates.length];
    for (int a : which) {
      acc[a] = new Accumulator(aggregates[a]);
    }
    scan.scan(new StructType(fields.toArray(new StructField[0])), batch -> {
      for (int a : which) {
        acc[a].add(vectorOf[a] < 0 ? null : batch.column(vectorOf[a]), batch.numRows());
      }
    });
    for (int a : which) {
      out[a] = acc[a].result();
    }
  }

  /** One aggregate over the rows of column vectors, in Spark's semantics (NaN above all, -0.0 equal to 0.0). */
  private static final class Accumulator {
    private final PushedAggregate agg;
    private long count;
    private boolean any;
    private long bestLong;
    private double bestDouble;
    private Object bestObject;

    Accumulator(PushedAggregate agg) {
      this.agg = agg;
    }

    void add(ColumnVector v, int rows) {
      PushedAggregate.Function f = agg.function();
      if (f == PushedAggregate.Function.COUNT_STAR) {
        count += rows;
        return;
      }
      boolean max = f == PushedAggregate.Function.MAX;
      DataType t = agg.type();
      for (int i = 0; i < rows; i++) {
        if (v.isNullAt(i)) {
          continue;
        }
        count++;
        if (f == PushedAggregate.Function.COUNT) {
          continue;
        }
        if (t instanceof FloatType || t instanceof DoubleType) {
          double x = t instanceof FloatType ? v.getFloat(i) : v.getDouble(i);
          int c = x == bestDouble ? 0 : Double.compare(x, bestDouble);
          if (!any || (max ? c > 0 : c < 0)) {
            bestDouble = x;
          }
        } else if (t instanceof DecimalType dt) {
          Decimal x = v.getDecimal(i, dt.precision(), dt.scale());
          if (!any || (max ? x.compare((Decimal) bestObject) > 0 : x.compare((Decimal) bestObject) < 0)) {
            bestObject = x.clone();
          }
        } else if (t instanceof BooleanType) {
          boolean x = v.getBoolean(i);
          if (!any || (max ? x && !(Boolean) bestObject : !x && (Boolean) bestObject)) {
            bestObject = x;
          }
        } else {
          long x = longValue(v, i, t);
          if (!any || (max ? x > bestLong : x < bestLong)) {
            bestLong = x;
          }
        }
        any = true;
      }
    }

    private static long longValue(ColumnVector v, int i, DataType t) {
      if (t instanceof ByteType) {
        return v.getByte(i);
      } else if (t instanceof ShortType) {
        return v.getShort(i);
      } else if (t instanceof IntegerType || t instanceof DateType) {
        return v.getInt(i);
      }
      return v.getLong(i);
    }

    Object result() {
      if (agg.isCount()) {
        return count;
      }
      if (!any) {
        return null;
      }
      DataType t = agg.type();
      if (t instanceof FloatType) {
        return (float) bestDouble;
      } else if (t instanceof DoubleType) {
        return bestDouble;
      } else if (t instanceof DecimalType || t instanceof BooleanType) {
        return bestObject;
      } else if (t instanceof ByteType) {
        return (byte) bestLong;
      } else if (t instanceof ShortType) {
        return (short) bestLong;
      } else if (t instanceof IntegerType || t instanceof DateType) {
        return (int) bestLong;
      }
      return bestLong;
    }
  }
}
