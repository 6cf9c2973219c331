package io.arrowfile.connector.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.expressions.FieldReference$;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import io.arrowfile.spark.ScalaCollections;

/**
 * The runtime filters Spark hands a planned scan ({@code SupportsRuntimeV2Filtering}), as dynamic partition pruning
 * makes them: {@code key IN (the keys the other side of a join selected)}. A predicate on a partition column
 * becomes a Catalyst predicate over the file's partition values (which files are read); one on a data column a
 * data source {@link Filter} that skips record batches by their footer statistics, like a pushed filter. Spark
 * still joins every row, so a predicate not understood here is dropped: it only costs pruning.
 */
final class RuntimeFilter {
  static final RuntimeFilter NONE = new RuntimeFilter(null, new Filter[0]);

  /** Over the scan's read partition columns (bound by position), null for none. */
  private final Expression partitionPredicate;
  private final Filter[] dataFilters;

  private RuntimeFilter(Expression partitionPredicate, Filter[] dataFilters) {
    this.partitionPredicate = partitionPredicate;
    this.dataFilters = dataFilters;
  }

  /** Splits after {@link #prune}, and what stays and goes (files and partitions) for the scan's metrics. */
  record Pruned(scala.collection.immutable.List<FilePartition> splits, ScanMetrics.Planned planned) {}

  /**
   * {@code splits} less the files of partitions this filter rules out (none without one), counting what stays and
   * what goes. A partition ({@code partitioned} tables only) is a directory of partition values.
   */
  Pruned prune(scala.collection.immutable.List<FilePartition> splits, boolean partitioned) {
    java.util.Set<String> files = new java.util.HashSet<>();
    java.util.Set<String> prunedFiles = new java.util.HashSet<>();
    java.util.Set<String> partitions = new java.util.HashSet<>();
    java.util.Set<String> prunedPartitions = new java.util.HashSet<>();
    List<FilePartition> kept = new ArrayList<>();
    for (FilePartition p : ScalaCollections.toJava(splits)) {
      List<PartitionedFile> keep = new ArrayList<>();
      for (PartitionedFile f : p.files()) {
        boolean keeps = keeps(f.partitionValues());
        (keeps ? files : prunedFiles).add(f.urlEncodedPath());
        if (partitioned) {
          (keeps ? partitions : prunedPartitions).add(f.toPath().getParent().toString());
        }
        if (keeps) {
          keep.add(f);
        }
      }
      if (!keep.isEmpty()) {
        kept.add(new FilePartition(kept.size(), keep.toArray(new PartitionedFile[0])));
      }
    }
    return new Pruned(prunesFiles() ? ScalaCollections.toList(kept) : splits,
        new ScanMetrics.Planned(files.size(), partitions.size(), prunedFiles.size(), prunedPartitions.size()));
  }

  /**
   * The columns a runtime filter may name: the read partition columns (a filter on one prunes files, as
   * Parquet's V1 scan prunes partitions) and the read top-level data columns whose footer statistics can skip
   * record batches. Only columns the scan outputs: Spark resolves these names against it. Each name is one part,
   * never parsed ({@code Expressions.column} would parse {@code a,b} or {@code a.b} as SQL).
   */
  static NamedReference[] attributes(StructType readPartitionSchema, StructType readDataSchema) {
    List<NamedReference> out = new ArrayList<>();
    for (StructField f : readPartitionSchema.fields()) {
      out.add(FieldReference$.MODULE$.column(f.name()));
    }
    for (StructField f : readDataSchema.fields()) {
      if (hasStatistics(f.dataType())) {
        out.add(FieldReference$.MODULE$.column(f.name()));
      }
    }
    return out.toArray(new NamedReference[0]);
  }

  /** The types {@code statistics.StatisticsFilter} decides comparisons on. */
  private static boolean hasStatistics(DataType t) {
    return t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType || t instanceof LongType
        || t instanceof FloatType || t instanceof DoubleType || t instanceof DecimalType || t instanceof StringType
        || t instanceof BooleanType || t instanceof DateType || t instanceof TimestampType
        || t instanceof TimestampNTZType;
  }

  /** {@code predicates} (ANDed) translated for a scan reading these partition and data columns. */
  static RuntimeFilter of(Predicate[] predicates, StructType readPartitionSchema, StructType readDataSchema,
      boolean caseSensitive) {
    List<Expression> partition = new ArrayList<>();
    List<Filter> data = new ArrayList<>();
    for (Predicate p : predicates) {
      translate(p, readPartitionSchema, readDataSchema, caseSensitive, partition, data);
    }
    return new RuntimeFilter(conjunction(partition), data.toArray(new Filter[0]));
  }

  /** Both filters: Spark may filter a scan more than once. */
  RuntimeFilter and(RuntimeFilter other) {
    List<Expression> partition = new ArrayList<>();
    if (partitionPredicate != null) {
      partition.add(partitionPredicate);
    }
    if (other.partitionPredicate != null) {
      partition.add(other.partitionPredicate);
    }
    Filter[] data = Arrays.copyOf(dataFilters, dataFilters.length + other.dataFilters.length);
    System.arraycopy(other.dataFilters, 0, data, dataFilters.length, other.dataFilters.length);
    return new RuntimeFilter(conjunction(partition), data);
  }

  boolean prunesFiles() {
    return partitionPredicate != null;
  }

  /** Whether a file with these (read) partition values may hold rows the filter selects. */
  boolean keeps(InternalRow partitionValues) {
    return partitionPredicate == null || Boolean.TRUE.equals(partitionPredicate.eval(partitionValues));
  }

  /** {@code pushed} followed by the data-column filters: what the tasks skip record batches by. */
  Filter[] withDataFilters(Filter[] pushed) {
    if (dataFilters.length == 0) {
      return pushed;
    }
    Filter[] all = Arrays.copyOf(pushed, pushed.length + dataFilters.length);
    System.arraycopy(dataFilters, 0, all, pushed.length, dataFilters.length);
    return all;
  }

  private static Expression conjunction(List<Expression> terms) {
    Expression out = null;
    for (Expression e : terms) {
      out = out == null ? e : new org.apache.spark.sql.catalyst.expressions.And(out, e);
    }
    return out;
  }

  private static void translate(Predicate p, StructType partitionSchema, StructType dataSchema,
      boolean caseSensitive, List<Expression> partition, List<Filter> data) {
    org.apache.spark.sql.connector.expressions.Expression[] children = p.children();
    if (p.name().equals("AND")) {
      for (org.apache.spark.sql.connector.expressions.Expression c : children) {
        if (c instanceof Predicate cp) {
          translate(cp, partitionSchema, dataSchema, caseSensitive, partition, data);
        }
      }
      return;
    }
    if (children.length == 0 || !(children[0] instanceof NamedReference ref) || ref.fieldNames().length != 1) {
      return;
    }
    String name = ref.fieldNames()[0];
    Literal<?>[] literals = new Literal<?>[children.length - 1];
    for (int i = 1; i < children.length; i++) {
      if (!(children[i] instanceof Literal<?> l)) {
        return;
      }
      literals[i - 1] = l;
    }
    int ordinal = indexOf(partitionSchema, name, caseSensitive);
    if (ordinal >= 0) {
      StructField f = partitionSchema.fields()[ordinal];
      Expression e = catalyst(p.name(), new BoundReference(ordinal, f.dataType(), true), f.dataType(), literals);
      if (e != null) {
        partition.add(e);
      }
      return;
    }
    int column = indexOf(dataSchema, name, caseSensitive);
    if (column >= 0) {
      StructField f = dataSchema.fields()[column];
      Filter filter = source(p.name(), f.name(), f.dataType(), literals);
      if (filter != null) {
        data.add(filter);
      }
    }
  }

  /** The Catalyst form of {@code name(column, literals)}, or null; literals hold Catalyst's internal values. */
  private static Expression catalyst(String name, Expression column, DataType type, Literal<?>[] literals) {
    for (Literal<?> l : literals) {
      if (!l.dataType().sameType(type)) {
        return null; // Spark casts join keys to one type first; anything else is not ours to compare
      }
    }
    switch (name) {
      case "IN" -> {
        List<Object> values = new ArrayList<>(literals.length);
        for (Literal<?> l : literals) {
          values.add(l.value());
        }
        // InSet: a hash lookup per file, as Spark's optimizer turns long IN lists into
        return new org.apache.spark.sql.catalyst.expressions.InSet(column,
            ScalaCollections.toSet(new java.util.HashSet<>(values)));
      }
      case "IS_NULL" -> {
        return literals.length == 0 ? new org.apache.spark.sql.catalyst.expressions.IsNull(column) : null;
      }
      case "IS_NOT_NULL" -> {
        return literals.length == 0 ? new org.apache.spark.sql.catalyst.expressions.IsNotNull(column) : null;
      }
      default -> {
        if (literals.length != 1) {
          return null;
        }
        Expression v = new org.apache.spark.sql.catalyst.expressions.Literal(literals[0].value(), type);
        return switch (name) {
          case "=" -> new org.apache.spark.sql.catalyst.expressions.EqualTo(column, v);
          case "<=>" -> new org.apache.spark.sql.catalyst.expressions.EqualNullSafe(column, v);
          case "<" -> new org.apache.spark.sql.catalyst.expressions.LessThan(column, v);
          case "<=" -> new org.apache.spark.sql.catalyst.expressions.LessThanOrEqual(column, v);
          case ">" -> new org.apache.spark.sql.catalyst.expressions.GreaterThan(column, v);
          case ">=" -> new org.apache.spark.sql.catalyst.expressions.GreaterThanOrEqual(column, v);
          default -> null;
        };
      }
    }
  }

  /** The data source filter of {@code name(column, literals)}, with values as Spark hands them to filters. */
  private static Filter source(String name, String column, DataType type, Literal<?>[] literals) {
    Object[] values = new Object[literals.length];
    for (int i = 0; i < literals.length; i++) {
      if (!literals[i].dataType().sameType(type)) {
        return null;
      }
      values[i] = CatalystTypeConverters.convertToScala(literals[i].value(), type);
    }
    switch (name) {
      case "IN" -> {
        return new In(column, sortedOnce(values));
      }
      case "IS_NULL" -> {
        return values.length == 0 ? new IsNull(column) : null;
      }
      case "IS_NOT_NULL" -> {
        return values.length == 0 ? new IsNotNull(column) : null;
      }
      default -> {
        if (values.length != 1) {
          return null;
        }
        Object v = values[0];
        return switch (name) {
          case "=" -> new EqualTo(column, v);
          case "<=>" -> new EqualNullSafe(column, v);
          case "<" -> new LessThan(column, v);
          case "<=" -> new LessThanOrEqual(column, v);
          case ">" -> new GreaterThan(column, v);
          case ">=" -> new GreaterThanOrEqual(column, v);
          default -> null;
        };
      }
    }
  }

  /**
   * The values in their natural order, nulls last: each task sorts them again in its statistics' order per file
   * ({@code StatisticsFilter}), which is then a linear pass (the two orders differ only for strings beyond the
   * Basic Multilingual Plane). A join's keys come in hash order, and may be thousands.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object[] sortedOnce(Object[] values) {
    Object[] sorted = values.clone(); // a comparison that throws may leave the array sorting half-merged
    try {
      Arrays.sort(sorted, java.util.Comparator.nullsLast((a, b) -> ((Comparable) a).compareTo(b)));
      return sorted;
    } catch (ClassCastException e) {
      return values; // values without a natural order: the tasks sort them
    }
  }

  private static int indexOf(StructType schema, String name, boolean caseSensitive) {
    StructField[] fields = schema.fields();
    for (int i = 0; i < fields.length; i++) {
      if (caseSensitive ? fields[i].name().equals(name) : fields[i].name().equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    return "RuntimeFilter[partitions: " + partitionPredicate + ", data: " + Arrays.toString(dataFilters) + "]";
  }
}
