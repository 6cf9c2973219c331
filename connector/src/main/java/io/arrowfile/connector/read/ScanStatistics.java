package io.arrowfile.connector.read;

import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.aggregate.FileAggregates;
import io.arrowfile.connector.footer.FooterCache;
import io.arrowfile.connector.footer.FooterSummary;
import io.arrowfile.connector.aggregate.PushedAggregate;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.types.ArrowToSpark;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.connector.expressions.FieldReference$;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.colstats.ColumnStatistics;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The statistics of an Arrow scan for Spark's optimizer, from the files' footers ({@link FooterSummary}).
 *
 * <p><b>sizeInBytes</b> is the bytes of the columns read as the files hold them (each column's buffers and
 * dictionaries, from the record batch metadata), but never less than what Parquet's relation is sized by for files
 * of these bytes: their bytes times the read columns' share of the row size, counted as Spark's size-only estimate
 * of a projection counts it (the columns' default sizes plus 8 bytes per row, {@code EstimationUtils.getSizePerRow};
 * a DataSource V2 file scan's own estimate leaves the 8 bytes out, and sized TPC-DS q25's catalog_sales side at 8.3
 * MB where Parquet's is 13.9, under the 10 MB threshold: one join more was broadcast in q7, q17, q25, q29). Both times
 * {@code spark.sql.sources.fileCompressionFactor}. With the cost-based optimizer off, this figure alone decides a
 * broadcast join ({@code JoinSelection}, {@code spark.sql.autoBroadcastJoinThreshold}). The floor keeps a
 * well-compressed side from looking smaller than Parquet's: zstd key columns measure a fraction of their share
 * (TPC-DS q72's catalog_sales side measured 8.6 MB where Parquet's is sized 19.8, under the 10 MB threshold, and was
 * broadcast into a plan 15 times slower). Measuring keeps a narrow read of wide string columns from looking small
 * when its values are large. An uncompressed table of repetitive strings is several times its Parquet file, and is
 * broadcast only when its read columns fit the threshold as written; compressed, it comes close to Parquet's bytes
 * and decisions ({@code BroadcastDecisionTest} measures both).
 *
 * <p><b>numRows</b> is the sum of the footers' record batch row counts, and <b>columnStats</b> give the min, max and
 * null count of each read data column where the arrowfile statistics of every file answer them exactly (the same
 * rules as a pushed {@code MIN}/{@code MAX}/{@code COUNT}, {@link FileAggregates}); with the cost-based optimizer on,
 * Spark estimates filters and joins from them.
 *
 * <p>Planning stays cheap: up to {@link #MAX_FILES} files are read, in parallel and once per file version
 * ({@link FooterCache}); beyond that, an evenly spread sample of that many files is read and its rows and bytes
 * scaled to all files' bytes: numRows is then an estimate and there are no column statistics. A file without a
 * footer (a stream) or that cannot be read counts its length times the read columns' share of the default row
 * size, as Spark's own estimate does, and leaves numRows unknown.
 */
final class ScanStatistics implements Statistics {
  /** Most footers read for one estimate; more files are sampled. */
  static final int MAX_FILES = 256;
  /** The bytes per row Spark's size-only estimates add to the columns' default sizes (a row's header). */
  private static final int ROW_OVERHEAD = 8;

  private final long sizeInBytes;
  private final OptionalLong numRows;
  private final Map<NamedReference, ColumnStatistics> columns;
  /** Footers read, and whether they were a sample of the files (for tests and {@code EXPLAIN}). */
  private final int footersRead;
  private final boolean sampled;

  private ScanStatistics(long sizeInBytes, OptionalLong numRows, Map<NamedReference, ColumnStatistics> columns,
      int footersRead, boolean sampled) {
    this.sizeInBytes = sizeInBytes;
    this.numRows = numRows;
    this.columns = columns;
    this.footersRead = footersRead;
    this.sampled = sampled;
  }

  @Override
  public OptionalLong sizeInBytes() {
    return OptionalLong.of(sizeInBytes);
  }

  @Override
  public OptionalLong numRows() {
    return numRows;
  }

  @Override
  public Map<NamedReference, ColumnStatistics> columnStats() {
    return columns;
  }

  int footersRead() {
    return footersRead;
  }

  boolean sampled() {
    return sampled;
  }

  /** The statistics of reading {@code readDataSchema} from {@code files} (the listed, non-empty data files). */
  static ScanStatistics estimate(Configuration conf, List<FileStatusWithMetadata> files, StructType dataSchema,
      StructType readDataSchema, ReadMode mode, boolean caseSensitive, double compressionFactor) {
    double share = dataSchema.defaultSize() == 0 ? 1
        : Math.min(1, (double) readDataSchema.defaultSize() / dataSchema.defaultSize());
    double rowShare = Math.min(1, (double) (ROW_OVERHEAD + readDataSchema.defaultSize())
        / (ROW_OVERHEAD + dataSchema.defaultSize()));
    long totalLength = 0;
    for (FileStatusWithMetadata f : files) {
      totalLength += f.getLen();
    }
    boolean sampled = files.size() > MAX_FILES;
    List<FileStatusWithMetadata> read = files;
    if (sampled) {
      read = new ArrayList<>(MAX_FILES);
      for (int i = 0; i < MAX_FILES; i++) {
        read.add(files.get((int) ((long) i * files.size() / MAX_FILES)));
      }
    }
    List<FooterSummary> summaries = FooterCache.summaries(conf, read, mode);
    StructField[] wanted = readDataSchema.fields();
    ColumnTally[] tallies = new ColumnTally[wanted.length];
    for (int k = 0; k < wanted.length; k++) {
      tallies[k] = sampled ? null : new ColumnTally(wanted[k]);
    }
    double bytes = 0;
    long rows = 0;
    boolean rowsKnown = true;
    long readLength = 0;
    for (int i = 0; i < read.size(); i++) {
      FooterSummary s = summaries.get(i);
      readLength += read.get(i).getLen();
      if (s == null) {
        if (ArrowFiles.isHidden(read.get(i).getPath())) {
          continue; // never data
        }
        bytes += read.get(i).getLen() * share;
        rowsKnown = false;
        for (int k = 0; k < tallies.length; k++) {
          tallies[k] = null;
        }
        continue;
      }
      long fileRows = s.rows();
      rows += fileRows;
      Schema schema = s.schema();
      String[] names = ArrowToSpark.columnNames(schema, caseSensitive);
      for (int k = 0; k < wanted.length; k++) {
        int c = ArrowToSpark.columnIndex(names, wanted[k].name(), caseSensitive);
        if (c >= 0) {
          bytes += s.columnBytes(c);
        }
        if (tallies[k] != null && !tallies[k].add(schema, c, s.statistics(), fileRows)) {
          tallies[k] = null;
        }
      }
    }
    double scale = sampled && readLength > 0 ? (double) totalLength / readLength : 1;
    // Never below what Parquet's relation is sized by for files of these bytes (their bytes times the read columns'
    // share of the row size, with its 8 bytes per row): compressed key columns measure far smaller than that share,
    // and a join side sized below Parquet's can be broadcast where Parquet's is sort-merge joined (TPC-DS q72:
    // catalog_sales measured 8.6 MB against Parquet's 19.8, under the 10 MB threshold).
    double parquets = totalLength * rowShare;
    long size = Math.max(1, (long) Math.min(Long.MAX_VALUE, Math.max(bytes * scale, parquets) * compressionFactor));
    Map<NamedReference, ColumnStatistics> columns = new HashMap<>();
    for (ColumnTally t : tallies) {
      if (t != null && rowsKnown) {
        columns.put(FieldReference$.MODULE$.column(t.field.name()), t.result());
      }
    }
    return new ScanStatistics(size, rowsKnown ? OptionalLong.of(Math.round(rows * scale)) : OptionalLong.empty(),
        columns, read.size(), sampled);
  }

  /** A column's min, max and null count over the files, while every file answers them exactly. */
  private static final class ColumnTally {
    final StructField field;
    long nulls;
    boolean minMax = true;
    Object min;
    Object max;
    private final PushedAggregate count;
    private final PushedAggregate least;
    private final PushedAggregate greatest;

    ColumnTally(StructField field) {
      this.field = field;
      this.count = new PushedAggregate(PushedAggregate.Function.COUNT, field.name(), field.dataType());
      this.least = new PushedAggregate(PushedAggregate.Function.MIN, field.name(), field.dataType());
      this.greatest = new PushedAggregate(PushedAggregate.Function.MAX, field.name(), field.dataType());
    }

    /** Adds a file's figures; false when its statistics cannot give the column's null count exactly. */
    boolean add(Schema schema, int column, FileStatistics stats, long rows) {
      if (column < 0) { // a column the file lacks reads as null
        nulls += rows;
        return true;
      }
      if (stats == null) {
        return false;
      }
      Object[] out = new Object[1];
      if (!FileAggregates.fromStatistics(count, schema.field(column), column, stats, out, 0)) {
        return false;
      }
      nulls += rows - (Long) out[0];
      if (minMax && FileAggregates.fromStatistics(least, schema.field(column), column, stats, out, 0)) {
        min = pick(min, out[0], true);
        minMax = FileAggregates.fromStatistics(greatest, schema.field(column), column, stats, out, 0);
        max = pick(max, out[0], false);
      } else {
        minMax = false;
      }
      return true;
    }

    private Object pick(Object current, Object next, boolean least) {
      if (next == null || current == null) {
        return current == null ? next : current;
      }
      @SuppressWarnings("unchecked")
      scala.math.Ordering<Object> order = (scala.math.Ordering<Object>)
          org.apache.spark.sql.catalyst.types.PhysicalDataType$.MODULE$.ordering(field.dataType());
      int c = order.compare(next, current);
      return (least ? c < 0 : c > 0) ? next : current;
    }

    ColumnStatistics result() {
      long n = nulls;
      Optional<Object> lo = minMax ? Optional.ofNullable(min) : Optional.empty();
      Optional<Object> hi = minMax ? Optional.ofNullable(max) : Optional.empty();
      return new ColumnStatistics() {
        @Override
        public OptionalLong nullCount() {
          return OptionalLong.of(n);
        }

        @Override
        public Optional<Object> min() {
          return lo;
        }

        @Override
        public Optional<Object> max() {
          return hi;
        }
      };
    }
  }
}
