package io.arrowfile.connector.read;

import io.arrowfile.spark.ScalaCollections;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.aggregate.FileAggregates;
import io.arrowfile.connector.footer.FooterCache;
import io.arrowfile.connector.footer.FooterSummary;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.types.ArrowToSpark;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.paths.SparkPath$;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.DataType;

/**
 * A pushed {@code LIMIT n}, or {@code ORDER BY c LIMIT n} (top-N), turned into the record batches a scan plans,
 * chosen on the driver from the footers ({@link FooterCache}). Spark still applies the limit and the sort: the scan
 * only leaves out batches that cannot hold a row of the result.
 *
 * <p>A limit takes files in listing order, and in each file its record batches in file order, until their footer
 * row counts reach {@code n}: {@code LIMIT 10} over a large table reads one batch. A file whose rows are not known
 * (a stream, an unreadable footer) is planned whole and counts no rows.
 *
 * <p>A top-N uses the sort column's statistics: each batch's min and max (bounds of its non-null values) and null
 * count. Nulls first, a batch's nulls come before every value; nulls last, after. Sorting the batches' guaranteed
 * bounds (a batch's worst value, its nulls' place) and counting rows until {@code n} gives a threshold {@code T}
 * that at least {@code n} rows reach; a batch whose best possible row comes after {@code T} cannot hold one of the
 * first {@code n} and is left out; ties with {@code T} are kept. Batches without statistics for the column are kept
 * and guarantee nothing; a floating-point column with any NaN (which Spark orders above every number, and which the
 * statistics count apart) is not pruned at all. On a column sorted in the files, a top-N reads about
 * {@code n / rows per batch + 1} batches.
 *
 * <p>The chosen batches become pieces of files: a run of consecutive chosen batches is the byte range from the
 * first one's start to the next batch's, which the reader turns back into those batches (it reads the batches
 * whose block starts in its range: {@link SplitReader}).
 */
final class BatchSelection {
  /** Most files whose footers a top-N reads; with more, the scan plans every batch. */
  static final int MAX_TOP_N_FILES = 1024;

  private final int limit;
  /** The sort column (a top-level data column), or null for a plain limit. */
  private final String column;
  private final DataType type;
  private final boolean descending;
  private final boolean nullsFirst;

  private BatchSelection(int limit, String column, DataType type, boolean descending, boolean nullsFirst) {
    this.limit = limit;
    this.column = column;
    this.type = type;
    this.descending = descending;
    this.nullsFirst = nullsFirst;
  }

  static BatchSelection limit(int n) {
    return new BatchSelection(n, null, null, false, false);
  }

  static BatchSelection topN(int n, String column, DataType type, boolean descending, boolean nullsFirst) {
    return new BatchSelection(n, column, type, descending, nullsFirst);
  }

  boolean isTopN() {
    return column != null;
  }

  int limitValue() {
    return limit;
  }

  /** For {@code EXPLAIN}. */
  String describe() {
    return column == null ? String.valueOf(limit)
        : "ORDER BY " + column + (descending ? " DESC" : " ASC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST")
            + " LIMIT " + limit;
  }

  /**
   * The pieces of files to read, in listing order, or null when the footers cannot narrow the scan (a top-N over
   * more than {@link #MAX_TOP_N_FILES} files).
   */
  List<PartitionedFile> plan(Configuration conf, List<PartitionDirectory> partitions, ReadMode mode,
      boolean caseSensitive) {
    List<FileStatusWithMetadata> files = new ArrayList<>();
    List<InternalRow> values = new ArrayList<>();
    for (PartitionDirectory p : partitions) {
      for (FileStatusWithMetadata f : ScalaCollections.toJava(p.files())) {
        if (f.getLen() > 0) {
          files.add(f);
          values.add(p.values());
        }
      }
    }
    List<PartitionedFile> out = new ArrayList<>();
    if (column == null) {
      planLimit(conf, files, values, mode, out);
      return out;
    }
    if (files.size() > MAX_TOP_N_FILES) {
      return null;
    }
    planTopN(FooterCache.summaries(conf, files, mode), files, values, caseSensitive, out);
    return out;
  }

  private void planLimit(Configuration conf, List<FileStatusWithMetadata> files, List<InternalRow> values,
      ReadMode mode, List<PartitionedFile> out) {
    long rows = 0;
    // Footers are read a few files at a time, in order: LIMIT 10 over thousands of files reads one or two.
    int chunk = 4;
    for (int from = 0; from < files.size() && rows < limit; from += chunk, chunk = Math.min(chunk * 2, 64)) {
      List<FileStatusWithMetadata> some = files.subList(from, Math.min(files.size(), from + chunk));
      List<FooterSummary> summaries = FooterCache.summaries(conf, some, mode);
      for (int i = 0; i < some.size() && rows < limit; i++) {
        FileStatusWithMetadata file = some.get(i);
        FooterSummary s = summaries.get(i);
        if (s == null) {
          if (!ArrowFiles.isHidden(file.getPath())) {
            out.add(piece(file, values.get(from + i), 0, file.getLen()));
          }
          continue;
        }
        Integer[] order = inFileOrder(s);
        boolean[] keep = new boolean[s.batchCount()];
        for (int j = 0; j < order.length && rows < limit; j++) {
          keep[order[j]] = true;
          rows += s.batchRows(order[j]);
        }
        addRuns(file, values.get(from + i), s, order, keep, out);
      }
    }
  }

  private void planTopN(List<FooterSummary> summaries, List<FileStatusWithMetadata> files, List<InternalRow> values,
      boolean caseSensitive, List<PartitionedFile> out) {
    // Per batch: its best possible key, and (worst guaranteed key, rows) pairs.
    List<Bound> guarantees = new ArrayList<>();
    Key[][] best = new Key[files.size()][];
    boolean prune = true;
    for (int i = 0; i < files.size(); i++) {
      FooterSummary s = summaries.get(i);
      if (s == null) {
        continue;
      }
      best[i] = new Key[s.batchCount()];
      Schema schema = s.schema();
      int c = ArrowToSpark.columnIndex(ArrowToSpark.columnNames(schema, caseSensitive), column, caseSensitive);
      FileStatistics stats = s.statistics();
      boolean usable = c < 0 || stats != null && FileAggregates.exactMinMax(schema.field(c), type);
      for (int b = 0; b < s.batchCount(); b++) {
        long rows = s.batchRows(b);
        FileStatistics.ColumnStats cs = c < 0 || !usable ? null : stats.column(b, c);
        long nulls = c < 0 ? rows : cs == null ? -1 : cs.nullCount();
        long nonNull = rows - nulls;
        if (nulls < 0 || nonNull > 0 && (cs.min() == null || cs.max() == null)) {
          best[i][b] = Key.FIRST; // unknown: kept, guarantees nothing
          continue;
        }
        if (cs != null && cs.nanCount() > 0) {
          prune = false;
        }
        Key nullKey = nullsFirst ? Key.FIRST : Key.LAST;
        Key lo = nonNull > 0 ? new Key(descending ? cs.max() : cs.min()) : null;
        Key hi = nonNull > 0 ? new Key(descending ? cs.min() : cs.max()) : null;
        best[i][b] = nulls > 0 && nullsFirst ? nullKey : lo != null ? lo : nullKey;
        if (nulls > 0) {
          guarantees.add(new Bound(nullKey, nulls));
        }
        if (hi != null) {
          guarantees.add(new Bound(hi, nonNull));
        }
      }
    }
    Comparator<Key> order = this::compare;
    Key threshold = null;
    if (prune) {
      guarantees.sort((x, y) -> order.compare(x.key, y.key));
      long rows = 0;
      for (Bound g : guarantees) {
        rows += g.rows;
        if (rows >= limit) {
          threshold = g.key;
          break;
        }
      }
    }
    for (int i = 0; i < files.size(); i++) {
      FooterSummary s = summaries.get(i);
      FileStatusWithMetadata file = files.get(i);
      if (s == null) {
        if (!ArrowFiles.isHidden(file.getPath())) {
          out.add(piece(file, values.get(i), 0, file.getLen()));
        }
        continue;
      }
      boolean[] keep = new boolean[s.batchCount()];
      for (int b = 0; b < keep.length; b++) {
        keep[b] = threshold == null || compare(best[i][b], threshold) <= 0;
      }
      addRuns(file, values.get(i), s, inFileOrder(s), keep, out);
    }
  }

  /** A sort key: a statistics value, or the place before or after every value. */
  private record Key(Object value) {
    static final Key FIRST = new Key("first");
    static final Key LAST = new Key("last");
  }

  private record Bound(Key key, long rows) {}

  /** The order of the sort: negative when {@code x} comes first. */
  private int compare(Key x, Key y) {
    if (x == y) {
      return 0;
    } else if (x == Key.FIRST || y == Key.LAST) {
      return -1;
    } else if (x == Key.LAST || y == Key.FIRST) {
      return 1;
    }
    int c = compareValues(x.value, y.value);
    return descending ? -c : c;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareValues(Object x, Object y) {
    if (x instanceof Double a && y instanceof Double b) {
      return a.doubleValue() == b.doubleValue() ? 0 : Double.compare(a, b); // -0.0 and 0.0 sort as equal
    }
    return ((Comparable) x).compareTo(y);
  }

  /** The file's batch indexes in the order of their place in the file. */
  private static Integer[] inFileOrder(FooterSummary s) {
    Integer[] order = new Integer[s.batchCount()];
    for (int k = 0; k < order.length; k++) {
      order[k] = k;
    }
    Arrays.sort(order, Comparator.comparingLong(s::batchOffset));
    return order;
  }

  /** Adds a piece for each run of kept batches that are next to each other in the file. */
  private static void addRuns(FileStatusWithMetadata file, InternalRow values, FooterSummary s, Integer[] order,
      boolean[] keep, List<PartitionedFile> out) {
    for (int j = 0; j < order.length; j++) {
      if (!keep[order[j]]) {
        continue;
      }
      long start = s.batchOffset(order[j]);
      while (j + 1 < order.length && keep[order[j + 1]]) {
        j++;
      }
      long end = j + 1 < order.length ? s.batchOffset(order[j + 1]) : file.getLen();
      out.add(piece(file, values, start, end));
    }
  }

  private static PartitionedFile piece(FileStatusWithMetadata file, InternalRow values, long start, long end) {
    return new PartitionedFile(values, SparkPath$.MODULE$.fromPath(file.getPath()), start, end - start,
        new String[0], file.getModificationTime(), file.getLen(), file.metadata());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BatchSelection other && limit == other.limit && Objects.equals(column, other.column)
        && Objects.equals(type, other.type) && descending == other.descending && nullsFirst == other.nullsFirst;
  }

  @Override
  public int hashCode() {
    return Objects.hash(limit, column, descending, nullsFirst);
  }
}
