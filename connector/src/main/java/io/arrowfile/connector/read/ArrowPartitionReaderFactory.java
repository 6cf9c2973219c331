package io.arrowfile.connector.read;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.connector.aggregate.FileAggregates;
import io.arrowfile.connector.aggregate.PushedAggregate;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.ReadMode;
import java.io.IOException;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.FileSourceOptions;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.v2.FilePartitionReaderFactory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads the files of a V2 partition through {@link SplitReader}, as the V1 file format does: batches, or rows when
 * batches are off; or, with aggregates pushed, one row of partial aggregates per file.
 */
public final class ArrowPartitionReaderFactory extends FilePartitionReaderFactory {
  private static final long serialVersionUID = 1L;
  private final SplitReader reader;
  private final FileSourceOptions options;
  /** COUNT(*) pushed down: the partition columns it groups by (in order), else null. */
  private final String[] groupBy;
  /** With {@link #groupBy}: the aggregates each file computes. */
  private final PushedAggregate[] aggregates;
  /** The counters of the partition being read on this thread (see {@link #createColumnarReader}). */
  private transient ThreadLocal<ScanMetrics> current;

  public ArrowPartitionReaderFactory(SplitReader reader, FileSourceOptions options, String[] groupBy,
      PushedAggregate[] aggregates) {
    this.reader = reader;
    this.options = options;
    this.groupBy = groupBy;
    this.aggregates = aggregates;
  }

  @Override
  public FileSourceOptions options() {
    return options;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return reader.request().columnar();
  }

  private synchronized ThreadLocal<ScanMetrics> current() {
    if (current == null) {
      current = new ThreadLocal<>();
    }
    return current;
  }

  /**
   * Spark's {@code FilePartitionReader} reports no metrics and builds the per-file readers lazily on the
   * consuming thread: the partition's counters are handed to them through a thread local set here, and the
   * returned reader reports them.
   */
  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    ScanMetrics metrics = new ScanMetrics();
    current().set(metrics);
    return new MetricsReader<>(super.createColumnarReader(partition), metrics);
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    ScanMetrics metrics = new ScanMetrics();
    current().set(metrics);
    return new MetricsReader<>(super.createReader(partition), metrics);
  }

  private ArrowBatchIterator open(PartitionedFile file) {
    ScanMetrics metrics = current().get();
    return reader.open(file, metrics != null ? metrics : new ScanMetrics());
  }

  @Override
  public PartitionReader<ColumnarBatch> buildColumnarReader(PartitionedFile file) {
    ArrowBatchIterator it = open(file);
    return new IteratorReader<>(it, it);
  }

  @Override
  public PartitionReader<InternalRow> buildReader(PartitionedFile file) {
    if (groupBy != null) {
      return aggregateReader(file);
    }
    ArrowBatchIterator it = open(file);
    return new IteratorReader<>(it.rows(), it);
  }

  /**
   * Aggregates pushed down: one row per file, its group-by partition values then its partial aggregates, from the
   * footer where it can answer ({@link FileAggregates}). The file is not split ({@code ArrowScan.isSplitable}).
   */
  private PartitionReader<InternalRow> aggregateReader(PartitionedFile file) {
    ScanMetrics metrics = current().get();
    ScanMetrics m = metrics != null ? metrics : new ScanMetrics();
    StructField[] partitionFields = reader.request().partitionColumns().fields();
    boolean caseSensitive = reader.request().caseSensitive();
    StructField[] out = new StructField[groupBy.length + aggregates.length];
    Object[] values = new Object[out.length];
    InternalRow partitionValues = file.partitionValues();
    for (int i = 0; i < groupBy.length; i++) {
      int p = 0;
      while (!(caseSensitive ? partitionFields[p].name().equals(groupBy[i])
          : partitionFields[p].name().equalsIgnoreCase(groupBy[i]))) {
        p++;
      }
      out[i] = partitionFields[p];
      values[i] = partitionValues.get(p, partitionFields[p].dataType());
    }
    Object[] partials;
    if (ArrowFiles.isHidden(file.toPath())) {
      partials = new Object[aggregates.length];
      for (int a = 0; a < aggregates.length; a++) {
        partials[a] = aggregates[a].isCount() ? (Object) 0L : null;
      }
    } else {
      try {
        partials = FileAggregates.compute(reader.hadoopConf(), file.toPath(),
            ReadMode.of(reader.request().options()), FileVersion.of(file), aggregates, caseSensitive,
            (columns, each) -> {
              try (ArrowBatchIterator it = reader.openColumns(file, columns, m)) {
                it.forEachRemaining(each);
              }
            }, bytes -> m.bytesRead += bytes);
      } catch (IOException e) {
        throw ArrowFiles.failure(file.filePath().toString(), e);
      } catch (ArrowFormatException e) {
        throw ArrowFiles.corrupt(file.filePath().toString(), e, reader.request().options().ignoreCorruptFiles());
      }
    }
    for (int a = 0; a < aggregates.length; a++) {
      out[groupBy.length + a] = aggregates[a].resultField("agg" + a);
      values[groupBy.length + a] = partials[a];
    }
    InternalRow row = org.apache.spark.sql.catalyst.expressions.UnsafeProjection.create(new StructType(out))
        .apply(new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(values));
    return new PartitionReader<>() {
      private boolean done;

      @Override
      public boolean next() {
        boolean has = !done;
        done = true;
        return has;
      }

      @Override
      public InternalRow get() {
        return row;
      }

      @Override
      public void close() {}
    };
  }

  private static final class MetricsReader<T> implements PartitionReader<T> {
    private final PartitionReader<T> delegate;
    private final ScanMetrics metrics;

    MetricsReader(PartitionReader<T> delegate, ScanMetrics metrics) {
      this.delegate = delegate;
      this.metrics = metrics;
    }

    @Override
    public boolean next() throws java.io.IOException {
      return delegate.next();
    }

    @Override
    public T get() {
      return delegate.get();
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
      return metrics.values();
    }

    @Override
    public void close() throws java.io.IOException {
      delegate.close();
    }
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
