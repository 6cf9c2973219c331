package io.arrowfile.connector;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.execution.datasources.PartitioningAwareFileIndex;
import org.apache.spark.sql.execution.datasources.v2.FileScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** Builds an {@link ArrowScan}; column pruning comes from {@code readDataSchema()}. */
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

  @Override
  public Scan build() {
    return new ArrowScan(session, fileIndex, dataSchema, readDataSchema(), readPartitionSchema(), options,
        partitionFilters(), dataFilters());
  }
}
