package io.arrowfile.connector.read;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScanBuilder;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Builds an {@link ArrowScan}; column pruning comes from {@code readDataSchema()}. Filters are pushed the way
 * Spark's own file sources take them ({@link #pushDataFilters}, the file-source form of
 * {@code SupportsPushDownFilters}), which keeps partition filters for partition pruning. {@code COUNT(*)},
 * optionally grouped by partition columns, is pushed into the scan ({@link #pushAggregation}).
 */
public final class ArrowScanBuilder extends FileScanBuilder implements SupportsPushDownAggregates {
  private final SparkSession session;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final CaseInsensitiveStringMap options;
  private Aggregation pushedAggregation;
  private StructType aggregationSchema;
  private PushedAggregate[] pushedAggregates;

  public ArrowScanBuilder(SparkSession session, PartitioningAwareFileIndex fileIndex, StructType dataSchema,
      CaseInsensitiveStringMap options) {
    super(session, fileIndex, dataSchema);
    this.session = session;
    this.fileIndex = fileIndex;
    this.dataSchema = dataSchema;
    this.options = options;
  }

  /**
   * Every translated data filter is taken: those the statistics cannot use cost nothing, and Spark still
   * evaluates all of them after the scan ({@code FileScanBuilder.pushFilters} returns the data filters as
   * post-scan filters), so skipping never decides a result.
   */
  @Override
  public Filter[] pushDataFilters(Filter[] dataFilters) {
    return dataFilters;
  }

  /**
   * Takes {@code COUNT(*)} (Spark turns {@code COUNT(1)} into it), {@code COUNT(col)}, and {@code MIN(col)} /
   * {@code MAX(col)} of numeric, boolean, date, timestamp and decimal columns, where {@code col} is a top-level
   * data column, grouped by nothing or by partition columns only, when there are no data filters (Spark does not
   * even offer the aggregate when a filter must run after the scan; partition filters are fine, they only choose
   * files). Each file then yields one row, its partition values and its partial aggregates, and Spark combines
   * those rows. A file answers from its footer statistics where they are exact for the column, else by reading
   * just that column ({@link FileAggregates}): unlike Parquet's pushdown, which fails a query on a file without
   * statistics and so is off by default, every file gives the exact answer, so it is always on. {@code DISTINCT}
   * and everything else is declined and runs as usual.
   */
  @Override
  public boolean pushAggregation(Aggregation aggregation) {
    if (!dataFilters().isEmpty() || aggregation.aggregateExpressions().length == 0) {
      return false;
    }
    StructType partitions = fileIndex.partitionSchema();
    java.util.List<StructField> out = new java.util.ArrayList<>();
    for (Expression e : aggregation.groupByExpressions()) {
      if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
        return false;
      }
      StructField f = partitionField(partitions, ref.fieldNames()[0]);
      if (f == null) {
        return false;
      }
      out.add(f);
    }
    java.util.List<PushedAggregate> aggregates = new java.util.ArrayList<>();
    for (AggregateFunc f : aggregation.aggregateExpressions()) {
      PushedAggregate p = pushable(f);
      if (p == null) {
        return false;
      }
      aggregates.add(p);
      out.add(p.resultField(f.toString()));
    }
    pushedAggregation = aggregation;
    pushedAggregates = aggregates.toArray(new PushedAggregate[0]);
    aggregationSchema = new StructType(out.toArray(new StructField[0]));
    return true;
  }

  /** {@code f} as a per-file aggregate, or null when it cannot be pushed. */
  private PushedAggregate pushable(AggregateFunc f) {
    if (f instanceof CountStar) {
      return new PushedAggregate(PushedAggregate.Function.COUNT_STAR, null, DataTypes.LongType);
    }
    Expression column;
    PushedAggregate.Function function;
    if (f instanceof Count c && !c.isDistinct()) {
      column = c.column();
      function = PushedAggregate.Function.COUNT;
    } else if (f instanceof Min m) {
      column = m.column();
      function = PushedAggregate.Function.MIN;
    } else if (f instanceof Max m) {
      column = m.column();
      function = PushedAggregate.Function.MAX;
    } else {
      return null;
    }
    if (!(column instanceof NamedReference ref) || ref.fieldNames().length != 1
        || partitionField(fileIndex.partitionSchema(), ref.fieldNames()[0]) != null) {
      return null;
    }
    StructField field = partitionField(dataSchema, ref.fieldNames()[0]);
    if (field == null) {
      return null;
    }
    org.apache.spark.sql.types.DataType t = field.dataType();
    if (function != PushedAggregate.Function.COUNT && !(t instanceof org.apache.spark.sql.types.NumericType
        || t instanceof org.apache.spark.sql.types.BooleanType || t instanceof org.apache.spark.sql.types.DateType
        || t instanceof org.apache.spark.sql.types.TimestampType
        || t instanceof org.apache.spark.sql.types.TimestampNTZType)) {
      return null;
    }
    return new PushedAggregate(function, field.name(), t);
  }

  private StructField partitionField(StructType partitions, String name) {
    boolean caseSensitive = session.sessionState().conf().caseSensitiveAnalysis();
    for (StructField f : partitions.fields()) {
      if (caseSensitive ? f.name().equals(name) : f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Spark may hand the scan struct columns with only the fields a query uses ({@code select st.x}); the file's
   * other children are then neither read nor decoded ({@code types.NestedPruning}).
   */
  @Override
  public boolean supportsNestedSchemaPruning() {
    return true;
  }

  @Override
  public Scan build() {
    return new ArrowScan(session, fileIndex, dataSchema, readDataSchema(), readPartitionSchema(), options,
        partitionFilters(), dataFilters(), pushedDataFilters(), pushedAggregation, aggregationSchema,
        pushedAggregates);
  }
}
