package io.arrowfile.connector;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScanBuilder;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Builds an {@link ArrowScan}; column pruning comes from {@code readDataSchema()}. Filters are pushed the way
 * Spark's own file sources take them ({@link #pushDataFilters}, the file-source form of
 * {@code SupportsPushDownFilters}), which keeps partition filters for partition pruning.
 */
public final class ArrowScanBuilder extends FileScanBuilder {
  private final SparkSession session;
  private final PartitioningAwareFileIndex fileIndex;
  private final StructType dataSchema;
  private final CaseInsensitiveStringMap options;

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

  @Override
  public Scan build() {
    return new ArrowScan(session, fileIndex, dataSchema, readDataSchema(), readPartitionSchema(), options,
        partitionFilters(), dataFilters(), pushedDataFilters());
  }
}
