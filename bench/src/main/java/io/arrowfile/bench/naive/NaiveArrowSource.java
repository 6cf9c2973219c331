package io.arrowfile.bench.naive;

import io.arrowfile.bench.source.ColumnarTable;
import io.arrowfile.bench.source.ColumnarTable.ColumnarReaderFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The baseline of the benchmark: the Spark DataSource V2 reader anyone would write in an afternoon on top of
 * Arrow's Java library. {@code spark.read().format(NaiveArrowSource.class.getName()).load(dir)} reads every
 * {@code *.arrow} file of {@code dir}: one partition per file, Arrow Java's {@link ArrowFileReader} loads each
 * record batch (all columns; it cannot load fewer) into direct memory, and each batch becomes one
 * {@link ColumnarBatch} of Spark's own {@link ArrowColumnVector}s over the requested columns (top-level, whole:
 * {@link ColumnarTable}). No filter push-down, no statistics, no compression codecs.
 */
public final class NaiveArrowSource implements TableProvider {

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    List<String> files = files(options.get("path"));
    try (BufferAllocator alloc = new RootAllocator();
        FileChannel ch = FileChannel.open(Path.of(files.get(0)), StandardOpenOption.READ);
        ArrowFileReader r = new ArrowFileReader(ch, alloc)) {
      return ArrowUtils.fromArrowSchema(r.getVectorSchemaRoot().getSchema());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return new NaiveTable(schema, properties.get("path"));
  }

  static List<String> files(String dir) {
    if (dir == null) {
      throw new IllegalArgumentException("path is required");
    }
    Path p = Path.of(dir);
    if (!Files.isDirectory(p)) {
      return List.of(p.toString());
    }
    try (Stream<Path> s = Files.list(p)) {
      List<String> out = new ArrayList<>();
      s.filter(f -> f.getFileName().toString().endsWith(".arrow")).sorted().forEach(f -> out.add(f.toString()));
      if (out.isEmpty()) {
        throw new IllegalArgumentException("no .arrow files in " + dir);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static final class NaiveTable extends ColumnarTable {
    private final String path;

    NaiveTable(StructType schema, String path) {
      super("naive-arrow-java:" + path, schema);
      this.path = path;
    }

    @Override
    protected InputPartition[] planInputPartitions() {
      return files(path).stream().map(FilePartition::new).toArray(InputPartition[]::new);
    }

    @Override
    protected ColumnarReaderFactory createReaderFactory(StructType readSchema) {
      return new NaiveReaderFactory(readSchema.fieldNames());
    }
  }

  record FilePartition(String file) implements InputPartition {}

  static final class NaiveReaderFactory extends ColumnarReaderFactory {
    private static final long serialVersionUID = 1L;
    private final String[] columns;

    NaiveReaderFactory(String[] columns) {
      this.columns = columns;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
      try {
        return new NaiveReader(((FilePartition) partition).file(), columns);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** One file: a ColumnarBatch per Arrow record batch. */
  static final class NaiveReader implements PartitionReader<ColumnarBatch> {
    private final BufferAllocator alloc = new RootAllocator();
    private final FileChannel channel;
    private final ArrowFileReader reader;
    private final String[] columns;
    private ColumnarBatch batch;

    NaiveReader(String file, String[] columns) throws IOException {
      this.channel = FileChannel.open(Path.of(file), StandardOpenOption.READ);
      this.reader = new ArrowFileReader(channel, alloc);
      this.columns = columns;
    }

    @Override
    public boolean next() throws IOException {
      closeBatch();
      if (!reader.loadNextBatch()) {
        return false;
      }
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      ColumnVector[] vectors = new ColumnVector[columns.length];
      for (int i = 0; i < columns.length; i++) {
        // Spark may close the batch (and so the vectors): hand it vectors of its own (a buffer transfer, no
        // copy), as Spark's own ArrowConverters do, and keep the root's vectors for the next load.
        TransferPair t = root.getVector(columns[i]).getTransferPair(alloc);
        t.transfer();
        vectors[i] = new ArrowColumnVector((FieldVector) t.getTo());
      }
      batch = new ColumnarBatch(vectors, root.getRowCount());
      return true;
    }

    private void closeBatch() {
      if (batch != null) {
        batch.close();
        batch = null;
      }
    }

    @Override
    public ColumnarBatch get() {
      return batch;
    }

    @Override
    public void close() throws IOException {
      try {
        closeBatch();
        reader.close();
      } finally {
        channel.close();
        alloc.close();
      }
    }
  }
}
