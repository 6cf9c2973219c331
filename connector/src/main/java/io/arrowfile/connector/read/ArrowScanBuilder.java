package io.arrowfile.connector.read;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
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
   * Takes {@code COUNT(*)} (Spark turns {@code COUNT(1)} into it) grouped by nothing or by partition columns
   * only, when there are no data filters (Spark does not even offer the aggregate when a filter must run after
   * the scan; partition filters are fine, they only choose files). Each file then yields one row, its partition
   * values and its row count, which {@code RowCounts} finds without reading record batch bodies, and Spark sums
   * those rows. Everything else is declined and runs as usual: MIN/MAX/COUNT(col) would need statistics in
   * every file, which the driver cannot know without opening them all, and a file without them would have to
   * fall back to reading the column (Parquet instead fails the query, hence its pushdown is off by default).
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
    for (AggregateFunc f : aggregation.aggregateExpressions()) {
      if (!(f instanceof CountStar)) {
        return false;
      }
      out.add(new StructField(f.toString(), DataTypes.LongType, false,
          org.apache.spark.sql.types.Metadata.empty()));
    }
    pushedAggregation = aggregation;
    aggregationSchema = new StructType(out.toArray(new StructField[0]));
    return true;
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

  @Override
  public Scan build() {
    return new ArrowScan(session, fileIndex, dataSchema, readDataSchema(), readPartitionSchema(), options,
        partitionFilters(), dataFilters(), pushedDataFilters(), pushedAggregation, aggregationSchema);
  }
}
