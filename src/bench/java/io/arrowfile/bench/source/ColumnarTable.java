package io.arrowfile.bench.source;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * What the benchmark's own DataSource V2 sources share: a table Spark reads in batch, whose scan keeps the
 * requested top-level columns whole (no nested pruning, no filters) and whose readers hand over columnar batches
 * only. A source says how many partitions it has and how one is read ({@link #planInputPartitions},
 * {@link #createReaderFactory}); everything between Spark's {@code Table} and its {@code PartitionReaderFactory}
 * is here.
 */
public abstract class ColumnarTable implements Table, SupportsRead {
  private final String name;
  private final StructType schema;

  protected ColumnarTable(String name, StructType schema) {
    this.name = name;
    this.schema = schema;
  }

  /** The partitions of a scan, planned on the driver. */
  protected abstract InputPartition[] planInputPartitions();

  /** The factory the executors use to read the partitions, with the columns of {@code readSchema} only. */
  protected abstract ColumnarReaderFactory createReaderFactory(StructType readSchema);

  @Override
  public String name() {
    return name;
  }

  // Deprecated for columns(), but each of the two defaults to the other: the schema Spark handed the source, kept.
  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new TopLevelColumns();
  }

  /** The scan of the requested top-level columns, whole. */
  private final class TopLevelColumns implements ScanBuilder, SupportsPushDownRequiredColumns {
    private StructType required = schema;

    @Override
    public void pruneColumns(StructType requiredSchema) {
      Set<String> names = Set.of(requiredSchema.fieldNames());
      required = new StructType(Arrays.stream(schema.fields()).filter(f -> names.contains(f.name()))
          .toArray(StructField[]::new));
    }

    @Override
    public Scan build() {
      StructType readSchema = required;
      return new Scan() {
        @Override
        public StructType readSchema() {
          return readSchema;
        }

        @Override
        public Batch toBatch() {
          return new Batch() {
            @Override
            public InputPartition[] planInputPartitions() {
              return ColumnarTable.this.planInputPartitions();
            }

            @Override
            public PartitionReaderFactory createReaderFactory() {
              return ColumnarTable.this.createReaderFactory(readSchema);
            }
          };
        }
      };
    }
  }

  /** A reader factory that reads columnar batches only: Spark never asks these sources for rows. */
  public abstract static class ColumnarReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;

    @Override
    public final boolean supportColumnarReads(InputPartition partition) {
      return true;
    }

    @Override
    public final PartitionReader<InternalRow> createReader(InputPartition partition) {
      throw new UnsupportedOperationException("columnar only");
    }

    @Override
    public abstract PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition);
  }
}
