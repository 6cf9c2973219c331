package io.arrowfile.connector;

import java.io.IOException;
import java.util.Iterator;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.v2.FilePartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.util.SerializableConfiguration;

/** Reads the files of a V2 partition with {@link ArrowBatchIterator}: batches, or rows when batches are off. */
public final class ArrowPartitionReaderFactory extends FilePartitionReaderFactory {
  private static final long serialVersionUID = 1L;
  private final Broadcast<SerializableConfiguration> conf;
  private final StructType readDataSchema;
  private final StructType readPartitionSchema;
  private final boolean caseSensitive;
  private final boolean forceHadoopRead;
  private final boolean columnar;
  private final FileSourceOptions options;

  public ArrowPartitionReaderFactory(Broadcast<SerializableConfiguration> conf, StructType readDataSchema,
      StructType readPartitionSchema, boolean caseSensitive, boolean forceHadoopRead, boolean columnar,
      FileSourceOptions options) {
    this.conf = conf;
    this.readDataSchema = readDataSchema;
    this.readPartitionSchema = readPartitionSchema;
    this.caseSensitive = caseSensitive;
    this.forceHadoopRead = forceHadoopRead;
    this.columnar = columnar;
    this.options = options;
  }

  @Override
  public FileSourceOptions options() {
    return options;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return columnar;
  }

  private ArrowBatchIterator open(PartitionedFile file) {
    try {
      return ArrowBatchIterator.open(conf.value().value(), file.toPath(), readDataSchema, readPartitionSchema,
          file.partitionValues(), caseSensitive, forceHadoopRead);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(file.filePath() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public PartitionReader<ColumnarBatch> buildColumnarReader(PartitionedFile file) {
    ArrowBatchIterator it = open(file);
    return new IteratorReader<>(it, it);
  }

  @Override
  public PartitionReader<InternalRow> buildReader(PartitionedFile file) {
    ArrowBatchIterator it = open(file);
    return new IteratorReader<>(it.rows(), it);
  }

  private static final class IteratorReader<T> implements PartitionReader<T> {
    private final Iterator<T> it;
    private final ArrowBatchIterator owner;
    private T current;

    IteratorReader(Iterator<T> it, ArrowBatchIterator owner) {
      this.it = it;
      this.owner = owner;
    }

    @Override
    public boolean next() {
      if (it.hasNext()) {
        current = it.next();
        return true;
      }
      current = null;
      return false;
    }

    @Override
    public T get() {
      return current;
    }

    @Override
    public void close() {
      owner.close();
    }
  }
}
