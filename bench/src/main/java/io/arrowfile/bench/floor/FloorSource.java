package io.arrowfile.bench.floor;

import io.arrowfile.bench.source.ColumnarTable;
import io.arrowfile.bench.source.ColumnarTable.ColumnarReaderFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.memory.MemoryMode;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
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
 * .option("key", key).load()} reads them. Local mode only: the batches live in the driver JVM. The table, scan
 * and column pruning are {@link ColumnarTable}'s, shared with the naive source.
 */
public final class FloorSource implements TableProvider {
  static final int BATCH_ROWS = 4096;

  /** The batches of one table, and the size Spark is to plan with ({@link ColumnarTable#sizeInBytes}). */
  record Data(StructType schema, List<List<ColumnarBatch>> partitions, OptionalLong sizeInBytes) {}

  private static final Map<String, Data> DATA = new ConcurrentHashMap<>();

  /** Builds the in-memory batches of {@code df} under {@code key}, in {@code partitions} partitions. */
  public static void load(String key, Dataset<Row> df, int partitions) {
    load(key, df, partitions, OptionalLong.empty());
  }

  /**
   * As {@link #load(String, Dataset, int)}, with the size Spark plans joins by: a file source's bytes on disk, so
   * that Spark makes the same join choices over the floor as over those files.
   */
  public static void load(String key, Dataset<Row> df, int partitions, OptionalLong sizeInBytes) {
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
        chunk.add(legacyDates(rows.next()));
      }
      parts.get(batch++ % partitions).add(ColumnVectorUtils.toBatch(schema, MemoryMode.ON_HEAP, chunk.iterator()));
    }
    DATA.put(key, new Data(schema, parts, sizeInBytes));
  }

  /**
   * The row with {@code java.sql.Date} and {@code Timestamp} for the {@code LocalDate} and {@code Instant} a session
   * with {@code spark.sql.datetime.java8API.enabled} returns: {@code ColumnVectorUtils.toBatch} takes only the
   * former (top-level values; nested ones are left as they are).
   */
  private static Row legacyDates(Row row) {
    Object[] values = null;
    for (int i = 0; i < row.length(); i++) {
      Object v = row.get(i);
      Object legacy = v instanceof java.time.LocalDate d ? java.sql.Date.valueOf(d)
          : v instanceof java.time.Instant t ? java.sql.Timestamp.from(t) : v;
      if (legacy != v && values == null) {
        values = new Object[row.length()];
        for (int j = 0; j < i; j++) {
          values[j] = row.get(j);
        }
      }
      if (values != null) {
        values[i] = legacy;
      }
    }
    return values == null ? row : org.apache.spark.sql.RowFactory.create(values);
  }

  public static boolean has(String key) {
    return DATA.containsKey(key);
  }

  /** Forgets the batches under {@code key}, so that the garbage collector can take them. */
  public static void drop(String key) {
    DATA.remove(key);
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

  static final class FloorTable extends ColumnarTable {
    private final String key;

    FloorTable(String key, StructType schema) {
      super("floor:" + key, schema);
      this.key = key;
    }

    @Override
    protected InputPartition[] planInputPartitions() {
      InputPartition[] out = new InputPartition[data(key).partitions().size()];
      for (int p = 0; p < out.length; p++) {
        out[p] = new Part(key, p);
      }
      return out;
    }

    @Override
    protected OptionalLong sizeInBytes() {
      return data(key).sizeInBytes();
    }

    @Override
    protected ColumnarReaderFactory createReaderFactory(StructType readSchema) {
      StructType schema = data(key).schema();
      return new Factory(Arrays.stream(readSchema.fieldNames()).mapToInt(schema::fieldIndex).toArray());
    }
  }

  record Part(String key, int index) implements InputPartition {}

  static final class Factory extends ColumnarReaderFactory {
    private static final long serialVersionUID = 1L;
    private final int[] columns;

    Factory(int[] columns) {
      this.columns = columns;
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
