package io.arrowfile.bench.floor;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.memory.MemoryMode;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The floor of the benchmark: a DataSource V2 source that hands Spark prebuilt {@code OnHeapColumnVector} batches
 * held in this JVM's memory, with no file, no I/O and no decoding at all; only the requested top-level columns.
 * Whatever a query takes over it is Spark's own cost of consuming columnar batches, so (floor time) / (a file
 * source's time) says how close that source is to free. {@link #load} builds the batches (4096 rows, Spark's
 * vectorized batch size) from a DataFrame once; {@code spark.read().format(FloorSource.class.getName())
 * .option("key", key).load()} reads them. Local mode only: the batches live in the driver JVM.
 */
public final class FloorSource implements TableProvider {
  static final int BATCH_ROWS = 4096;

  record Data(StructType schema, List<List<ColumnarBatch>> partitions) {}

  private static final Map<String, Data> DATA = new ConcurrentHashMap<>();

  /** Builds the in-memory batches of {@code df} under {@code key}, in {@code partitions} partitions. */
  public static void load(String key, Dataset<Row> df, int partitions) {
    StructType schema = df.schema();
    List<List<ColumnarBatch>> parts = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      parts.add(new ArrayList<>());
    }
    Iterator<Row> rows = df.toLocalIterator();
    int batch = 0;
    while (rows.hasNext()) {
      List<Row> chunk = new ArrayList<>(BATCH_ROWS);
      while (rows.hasNext() && chunk.size() < BATCH_ROWS) {
        chunk.add(rows.next());
      }
      parts.get(batch++ % partitions).add(ColumnVectorUtils.toBatch(schema, MemoryMode.ON_HEAP, chunk.iterator()));
    }
    DATA.put(key, new Data(schema, parts));
  }

  public static boolean has(String key) {
    return DATA.containsKey(key);
  }

  static Data data(String key) {
    Data d = DATA.get(key);
    if (d == null) {
      throw new IllegalArgumentException("no floor data under key " + key + ": call FloorSource.load first");
    }
    return d;
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return data(options.get("key")).schema();
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    String key = properties.get("key");
    return new FloorTable(key, data(key).schema());
  }

  record FloorTable(String key, StructType schema) implements Table, SupportsRead {
    @Override
    public String name() {
      return "floor:" + key;
    }

    @Override
    public Set<TableCapability> capabilities() {
      return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
      return new FloorScanBuilder(key, schema);
    }
  }

  static final class FloorScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns {
    private final String key;
    private final StructType schema;
    private StructType required;

    FloorScanBuilder(String key, StructType schema) {
      this.key = key;
      this.schema = schema;
      this.required = schema;
    }

    /** Keeps the requested top-level columns (whole: their vectors cost nothing to hand over anyway). */
    @Override
    public void pruneColumns(StructType requiredSchema) {
      Set<String> names = Set.of(requiredSchema.fieldNames());
      required = new StructType(java.util.Arrays.stream(schema.fields()).filter(f -> names.contains(f.name()))
          .toArray(StructField[]::new));
    }

    @Override
    public Scan build() {
      StructType readSchema = required;
      int[] columns = java.util.Arrays.stream(readSchema.fieldNames()).mapToInt(schema::fieldIndex).toArray();
      int partitions = data(key).partitions().size();
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
              InputPartition[] out = new InputPartition[partitions];
              for (int p = 0; p < partitions; p++) {
                out[p] = new Part(key, p);
              }
              return out;
            }

            @Override
            public PartitionReaderFactory createReaderFactory() {
              return new Factory(columns);
            }
          };
        }
      };
    }
  }

  record Part(String key, int index) implements InputPartition {}

  record Factory(int[] columns) implements PartitionReaderFactory {
    @Override
    public boolean supportColumnarReads(InputPartition partition) {
      return true;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
      throw new UnsupportedOperationException("columnar only");
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
      Part part = (Part) partition;
      Iterator<ColumnarBatch> batches = data(part.key()).partitions().get(part.index()).iterator();
      return new PartitionReader<>() {
        private ColumnarBatch current;

        @Override
        public boolean next() {
          if (!batches.hasNext()) {
            return false;
          }
          ColumnarBatch all = batches.next();
          ColumnVector[] vectors = new ColumnVector[columns.length];
          for (int i = 0; i < columns.length; i++) {
            vectors[i] = all.column(columns[i]);
          }
          current = new ColumnarBatch(vectors, all.numRows());
          return true;
        }

        @Override
        public ColumnarBatch get() {
          return current;
        }

        @Override
        public void close() {} // the batches are kept for the next query
      };
    }
  }
}
