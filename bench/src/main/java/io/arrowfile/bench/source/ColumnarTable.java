package io.arrowfile.bench.source;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.OptionalLong;
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
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
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

  /**
   * The size Spark sizes the whole table by, for join planning; a scan of some columns reports their share of it,
   * counted as Spark's size-only estimate of a projection counts it (the columns' default sizes plus 8 bytes per
   * row). Empty: unknown, and Spark takes {@code spark.sql.defaultSizeInBytes}, so never broadcasts the table.
   */
  protected OptionalLong sizeInBytes() {
    return OptionalLong.empty();
  }

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
      return new SupportsReportStatistics() {
        @Override
        public StructType readSchema() {
          return readSchema;
        }

        @Override
        public Statistics estimateStatistics() {
          OptionalLong table = sizeInBytes();
          OptionalLong size = table.isEmpty() ? table : OptionalLong.of((long) (table.getAsLong()
              * Math.min(1, (8.0 + readSchema.defaultSize()) / (8.0 + schema.defaultSize()))));
          return new Statistics() {
            @Override
            public OptionalLong sizeInBytes() {
              return size;
            }

            @Override
            public OptionalLong numRows() {
              return OptionalLong.empty();
            }
          };
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
