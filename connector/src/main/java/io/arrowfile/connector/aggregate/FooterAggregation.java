package io.arrowfile.connector.aggregate;

import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.ReadMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.types.PhysicalDataType$;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import io.arrowfile.spark.ScalaCollections;
import scala.math.Ordering;

/**
 * Pushed aggregates answered on the driver while the query is planned, from the footers of a few files.
 *
 * <p>Answered in tasks, a {@code COUNT(*)} costs Spark two stages: the scan's tasks each yield their files'
 * partial counts, and a second stage adds them up. That is most of the time of such a query. When the files are
 * few and their footer statistics answer every aggregate exactly, the driver reads the footers itself, combines
 * the files' partial values per group as Spark would (counts summed; least and greatest in Spark's order, NaN
 * above everything), and hands Spark the final rows ({@code LocalScan}, with Spark's complete aggregate pushdown):
 * no stage at all. Anything else (more files, a file without statistics or with a column they cannot answer, a
 * stream, a file that cannot be read or changed since it was listed) returns null and is left to the tasks,
 * which answer the same or fail as any scan would.
 */
public final class FooterAggregation {
  /** More files than this are answered by tasks: the driver would read their footers one after another. */
  static final int MAX_FILES = 64;

  private FooterAggregation() {}

  /**
   * The aggregation's result, one row per group ({@code output}: the group-by partition columns, then one value
   * per aggregate), or null when the footers cannot answer it here.
   */
  public static InternalRow[] rows(Configuration conf, List<PartitionDirectory> partitions, StructType partitionSchema,
      String[] groupBy, PushedAggregate[] aggregates, StructType output, ReadMode mode, boolean caseSensitive) {
    List<FileStatusWithMetadata[]> files = new ArrayList<>();
    int count = 0;
    for (PartitionDirectory p : partitions) {
      FileStatusWithMetadata[] f = ScalaCollections.toJava(p.files()).toArray(new FileStatusWithMetadata[0]);
      files.add(f);
      count += f.length;
    }
    if (count > MAX_FILES) {
      return null;
    }
    int[] groupOrdinals = new int[groupBy.length];
    for (int i = 0; i < groupBy.length; i++) {
      groupOrdinals[i] = ordinal(partitionSchema, groupBy[i], caseSensitive);
    }
    // Footers are small: read them in parallel (as schema inference does), combine in listing order.
    List<Object[]> keys = new ArrayList<>();
    List<FileStatusWithMetadata> all = new ArrayList<>();
    for (int d = 0; d < files.size(); d++) {
      InternalRow values = partitions.get(d).values();
      for (FileStatusWithMetadata file : files.get(d)) {
        if (file.getLen() == 0) {
          continue; // Spark makes no split of an empty file
        }
        Object[] key = new Object[groupBy.length];
        for (int i = 0; i < groupBy.length; i++) {
          key[i] = values.get(groupOrdinals[i], partitionSchema.fields()[groupOrdinals[i]].dataType());
        }
        keys.add(key);
        all.add(file);
      }
    }
    List<Object[]> partials = (all.size() > 4 ? all.parallelStream() : all.stream())
        .map(file -> partials(conf, file, aggregates, mode, caseSensitive)).toList();
    Map<List<Object>, Object[]> groups = new LinkedHashMap<>();
    for (int f = 0; f < all.size(); f++) {
      Object[] p = partials.get(f);
      if (p == null) {
        return null;
      }
      Object[] merged = groups.get(Arrays.asList(keys.get(f)));
      if (merged == null) {
        groups.put(Arrays.asList(keys.get(f)), p);
      } else {
        merge(aggregates, merged, p);
      }
    }
    if (groupBy.length == 0 && groups.isEmpty()) {
      Object[] none = new Object[aggregates.length];
      for (int a = 0; a < aggregates.length; a++) {
        none[a] = aggregates[a].isCount() ? (Object) 0L : null;
      }
      groups.put(List.of(), none); // an aggregate over no rows is still one row
    }
    UnsafeProjection toUnsafe = UnsafeProjection.create(output);
    InternalRow[] rows = new InternalRow[groups.size()];
    int r = 0;
    for (Map.Entry<List<Object>, Object[]> g : groups.entrySet()) {
      Object[] row = new Object[groupBy.length + aggregates.length];
      System.arraycopy(g.getKey().toArray(), 0, row, 0, groupBy.length);
      System.arraycopy(g.getValue(), 0, row, groupBy.length, aggregates.length);
      rows[r++] = toUnsafe.apply(new GenericInternalRow(row)).copy();
    }
    return rows;
  }

  private static Object[] partials(Configuration conf, FileStatusWithMetadata file, PushedAggregate[] aggregates,
      ReadMode mode, boolean caseSensitive) {
    Path path = file.getPath();
    if (ArrowFiles.isHidden(path)) {
      Object[] none = new Object[aggregates.length];
      for (int a = 0; a < aggregates.length; a++) {
        none[a] = aggregates[a].isCount() ? (Object) 0L : null;
      }
      return none;
    }
    try {
      return FileAggregates.fromFooter(conf, path, mode,
          new FileVersion(file.getLen(), file.getModificationTime()), aggregates, caseSensitive);
    } catch (Exception e) {
      return null; // the tasks will read it, and fail or skip it as the options say
    }
  }

  /** Folds {@code next}'s partial values into {@code into}. */
  private static void merge(PushedAggregate[] aggregates, Object[] into, Object[] next) {
    for (int a = 0; a < aggregates.length; a++) {
      PushedAggregate agg = aggregates[a];
      if (agg.isCount()) {
        into[a] = (Long) into[a] + (Long) next[a];
      } else if (next[a] != null) {
        if (into[a] == null) {
          into[a] = next[a];
        } else {
          @SuppressWarnings("unchecked")
          Ordering<Object> order = (Ordering<Object>) PhysicalDataType$.MODULE$.ordering(agg.type());
          int c = order.compare(next[a], into[a]);
          if (agg.function() == PushedAggregate.Function.MAX ? c > 0 : c < 0) {
            into[a] = next[a];
          }
        }
      }
    }
  }

  private static int ordinal(StructType schema, String name, boolean caseSensitive) {
    StructField[] fields = schema.fields();
    for (int i = 0; i < fields.length; i++) {
      if (caseSensitive ? fields[i].name().equals(name) : fields[i].name().equalsIgnoreCase(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no partition column " + name);
  }
}
