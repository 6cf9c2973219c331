package io.arrowfile.connector.read;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileBatchReader;
import io.arrowfile.connector.files.StreamBatchReader;
import io.arrowfile.connector.options.ArrowReadOptions;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.connector.types.NestedPruning;
import io.arrowfile.connector.vector.ArrowVectors;
import io.arrowfile.connector.vector.RowIndexVector;
import io.arrowfile.connector.vector.StructOfVectors;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.DeferredBatch;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The batches of one split as Spark gets them, for the V1 {@code ArrowFileFormat} and the V2
 * {@link ArrowPartitionReaderFactory} alike (opened by {@link SplitReader}): {@link ColumnarBatch}es of the
 * non-empty record batches planned, holding only the requested columns (vectors over the batch's buffers, no copy),
 * then the partition values as constant vectors. A record batch longer than the columnar batch size
 * ({@link ArrowReadOptions#batchSize}) is handed to Spark as several batches over zero-copy slices
 * ({@code ArrayData.slice}) of its columns; the metrics count record batches, not slices. Requested columns the file
 * lacks read as null. Spark's {@code _metadata} column, when asked for, comes last: constant vectors of the file's
 * fields and a computed {@code row_index} ({@link ReadRequest#metadata}); in V1, {@code row_index} fills Spark's
 * temporary data column ({@link ReadRequest#rowIndexColumn}). A batch that breaks the format fails naming the file,
 * with what to do ({@link ArrowFiles#corrupt}).
 */
public final class ArrowBatchIterator implements Iterator<ColumnarBatch>, Closeable {
  /** The file's batches; null for a file with none to read (hidden). */
  private final BatchReader reader;
  private final String fileName;
  /** The split's file as Spark names it, for {@link ArrowFiles#corrupt}. */
  private final String splitName;
  private final StructField[] required;
  /** For each required column, its index in the batches read, or -1 (read as null). */
  private final int[] fileColumn;
  private final StructField[] partitionFields;
  private final ColumnVector[] partitionVectors;
  private final ColumnVector[] nullVectors;
  private ColumnarBatch nextBatch;
  private boolean closed;
  /** File format only: the footer positions of the batches to read (split and statistics applied), else null. */
  private final int[] plan;
  private int planned;
  /** File format only: the reader of the file's batches; null for a stream. */
  private final FileBatchReader file;
  /** Stream format only: the reader of the split's batches; null for a file. */
  private final StreamBatchReader stream;
  private final ScanMetrics metrics;
  /** Most rows per ColumnarBatch handed to Spark. */
  private final int batchSize;
  private final boolean ignoreCorruptFiles;
  /**
   * The JVM system property that, set to {@code false} on the executors, has scans decompress every column of a batch
   * when the batch is read, instead of each column at its first read.
   */
  public static final String DEFER_DECOMPRESSION = "arrowfile.deferDecompression";
  /** File format only: for each column of the batches read, whether its decompression waits for its first read. */
  private final boolean[] deferrable;
  /** The record batch being sliced, and the first row of its next slice. */
  private RecordBatch current;
  /** {@link #current}'s columns whose decompression waits for their first read (file format only), else null. */
  private DeferredBatch currentDeferred;
  private long currentOffset;
  /**
   * Spark's {@code _metadata.row_index} asked for: where the batches start in the file, and the first row of
   * {@link #current}; else null.
   */
  private RowPositions positions;
  private long currentFirstRow;
  /** V1: the data column that is Spark's temporary row_index column, or -1. */
  private final int rowIndexColumn;
  /** V2: the fields of {@code _metadata} asked for, their constant vectors, and where row_index goes (or -1). */
  private final StructType metadataType;
  private final ColumnVector[] metadataVectors;
  private final int metadataRowIndex;

  /**
   * The record batches {@code plan} names of {@code file}, in that order, as {@code request} reads them, with the
   * partition values and {@code _metadata} of {@code split}; counted in {@code metrics} (may be null).
   */
  static ArrowBatchIterator ofFile(FileBatchReader file, int[] plan, String fileName, String splitName,
      ReadRequest request, PartitionedFile split, ScanMetrics metrics) {
    return new ArrowBatchIterator(file, file, null, plan, fileName, splitName, request, split, metrics);
  }

  /** As {@link #ofFile}, for the batches of a stream-format file's split, {@code stream}. */
  static ArrowBatchIterator ofStream(StreamBatchReader stream, String fileName, String splitName,
      ReadRequest request, PartitionedFile split, ScanMetrics metrics) {
    return new ArrowBatchIterator(stream, null, stream, null, fileName, splitName, request, split, metrics);
  }

  /** No batches: a file that holds none for this split. */
  static ArrowBatchIterator empty(String fileName, String splitName, ReadRequest request, PartitionedFile split) {
    ArrowBatchIterator it = new ArrowBatchIterator(null, null, null, null, fileName, splitName, request, split,
        null);
    it.closed = true;
    return it;
  }

  private ArrowBatchIterator(BatchReader reader, FileBatchReader file, StreamBatchReader stream, int[] plan,
      String fileName, String splitName, ReadRequest request, PartitionedFile split, ScanMetrics metrics) {
    boolean caseSensitive = request.caseSensitive();
    this.reader = reader;
    this.file = file;
    this.stream = stream;
    this.plan = plan;
    this.fileName = fileName;
    this.splitName = splitName;
    this.metrics = metrics;
    this.batchSize = request.options().batchSize();
    this.ignoreCorruptFiles = request.options().ignoreCorruptFiles();
    this.required = request.dataColumns().fields();
    // GeoPandas' to_feather describes its WKB columns in the schema metadata: their fields read as geoarrow.wkb
    Schema fileSchema = reader == null ? Schema.of() : io.arrowfile.connector.types.GeoArrow.withGeoMetadata(
        reader.schema());
    // A column-pruned reader's schema holds only the wanted columns; names are resolved in the whole file's
    // (repeated names are made unique over all of them), then mapped to their position among the wanted.
    Schema names = file != null ? file.file().schema() : stream != null ? stream.fileSchema() : fileSchema;
    int[] prunedColumns = file != null ? file.columns() : stream != null ? stream.columns() : null;
    String[] sparkNames = ArrowToSpark.columnNames(names, caseSensitive);
    this.fileColumn = new int[required.length];
    this.nullVectors = new ColumnVector[required.length];
    for (int k = 0; k < required.length; k++) {
      int index = ArrowToSpark.columnIndex(sparkNames, required[k].name(), caseSensitive);
      if (index >= 0 && prunedColumns != null) {
        index = java.util.Arrays.binarySearch(prunedColumns, index);
        index = index < 0 ? -1 : index;
      }
      fileColumn[k] = index;
      if (index < 0) {
        ConstantColumnVector nulls = new ConstantColumnVector(1, required[k].dataType());
        nulls.setNull();
        nullVectors[k] = nulls;
      } else {
        Field f = fileSchema.field(index);
        if (!NestedPruning.readableAs(f, required[k].dataType(), caseSensitive)) {
          DataType actual = ArrowToSpark.dataType(f, f.name());
          throw new IllegalArgumentException("column '" + required[k].name() + "' of " + fileName + " is "
              + actual.catalogString() + " (Arrow " + f.type() + "), but the read schema asks for "
              + required[k].dataType().catalogString());
        }
      }
    }
    // A column decompressed on its first read is never decompressed in a batch where the query's filters or joins
    // keep no row before they read it. Not with ignoreCorruptFiles: a damaged buffer found after the file's first
    // rows went to Spark could no longer skip the file. Read per scan: the benchmarks switch it between queries.
    boolean defer = file != null && !ignoreCorruptFiles
        && !"false".equalsIgnoreCase(System.getProperty(DEFER_DECOMPRESSION, "true"));
    this.deferrable = defer ? new boolean[fileSchema.fields().size()] : null;
    if (deferrable != null) {
      for (int k = 0; k < required.length; k++) {
        int index = fileColumn[k];
        if (index >= 0 && k != request.rowIndexColumn()) {
          deferrable[index] = ArrowVectors.loadsOnFirstRead(fileSchema.field(index), required[k].dataType());
        }
      }
    }
    this.partitionFields = request.partitionColumns().fields();
    this.partitionVectors = new ColumnVector[partitionFields.length];
    for (int k = 0; k < partitionFields.length; k++) {
      ConstantColumnVector v = new ConstantColumnVector(1, partitionFields[k].dataType());
      ColumnVectorUtils.populate(v, split.partitionValues(), k);
      partitionVectors[k] = v;
    }
    this.rowIndexColumn = request.rowIndexColumn();
    this.metadataType = request.metadata();
    this.metadataVectors = metadataType == null ? null : FileMetadataColumn.constants(metadataType, split);
    this.metadataRowIndex = metadataType == null ? -1 : FileMetadataColumn.rowIndexField(metadataType);
    if (rowIndexColumn >= 0 || metadataRowIndex >= 0) {
      trackRowPositions();
    }
  }

  private void trackRowPositions() {
    if (reader == null || stream != null) {
      return; // a stream's reader counts the rows of the batches before each it returns
    }
    ArrowFileReader footer = file.file();
    FileStatistics statistics = FileStatistics.of(footer.schema(), footer.customMetadata(),
        footer.recordBatchCount());
    positions = new RowPositions(fileName, statistics,
        k -> file.batchLength(k, metrics == null ? null : bytes -> metrics.bytesRead += bytes));
  }

  /** The next batch of the plan (or of the stream), null at the end; counts it in the metrics. */
  private RecordBatch readNext() throws IOException {
    if (stream != null) {
      long before = stream.bytesFetched();
      RecordBatch b = stream.next();
      if (metrics != null) {
        metrics.bytesRead += stream.bytesFetched() - before;
        metrics.batchesRead += b != null ? 1 : 0;
      }
      currentFirstRow = b != null ? stream.firstRow() : currentFirstRow;
      return b;
    }
    if (planned >= plan.length) {
      return null;
    }
    int k = plan[planned++];
    long before = file.bytesFetched();
    currentDeferred = file.recordBatch(k, deferrable == null ? null : c -> c < deferrable.length && deferrable[c]);
    // A failure when a row first reads a deferred column gets the advice of one when the batch is read (hasNext).
    currentDeferred.describeFailures(e -> ArrowFiles.corrupt(splitName, e, false));
    RecordBatch batch = currentDeferred.batch();
    if (metrics != null) {
      metrics.bytesRead += file.bytesFetched() - before;
    }
    if (metrics != null) {
      metrics.batchesRead++;
    }
    if (positions != null) {
      currentFirstRow = positions.firstRow(k);
      positions.read(k, batch.length());
    }
    return batch;
  }

  @Override
  public boolean hasNext() {
    if (nextBatch != null) {
      return true;
    }
    if (closed) {
      return false;
    }
    try {
      if (current == null || currentOffset >= current.length()) {
        current = null;
        RecordBatch batch;
        do {
          batch = readNext();
        } while (batch != null && batch.length() == 0);
        if (batch == null) {
          close();
          return false;
        }
        current = batch;
        currentOffset = 0;
      }
      long rows = Math.min(batchSize, current.length() - currentOffset);
      nextBatch = toColumnar(current, currentOffset, rows);
      currentOffset += rows;
      if (currentOffset >= current.length()) {
        current = null; // the last slice keeps only what its vectors reference
      }
      return true;
    } catch (IOException e) {
      close();
      throw new UncheckedIOException(fileName + ": " + e.getMessage(), e);
    } catch (ArrowFormatException e) {
      close();
      throw ArrowFiles.corrupt(splitName, e, ignoreCorruptFiles);
    }
  }

  /** Rows {@code [offset, offset + length)} of {@code batch}: vectors over zero-copy slices of its columns. */
  private ColumnarBatch toColumnar(RecordBatch batch, long offset, long length) {
    int rows = Math.toIntExact(length);
    ColumnVector[] vectors = new ColumnVector[required.length + partitionVectors.length
        + (metadataType != null ? 1 : 0)];
    for (int k = 0; k < required.length; k++) {
      if (k == rowIndexColumn) {
        vectors[k] = new RowIndexVector(currentFirstRow + offset);
        continue;
      }
      int index = fileColumn[k];
      if (index < 0) {
        vectors[k] = nullVectors[k];
        continue;
      }
      try {
        vectors[k] = ArrowVectors.create(batch.column(index).slice(offset, length), required[k].dataType(),
            currentDeferred == null ? null : currentDeferred.deferred(index));
      } catch (ArrowFormatException e) {
        // values the Spark type cannot hold (times of day beyond one day), found as the batch is loaded
        close();
        throw e.inField(required[k].name()).in(fileName);
      }
    }
    System.arraycopy(partitionVectors, 0, vectors, required.length, partitionVectors.length);
    if (metadataType != null) {
      ColumnVector[] children = metadataVectors;
      if (metadataRowIndex >= 0) {
        children = metadataVectors.clone();
        children[metadataRowIndex] = new RowIndexVector(currentFirstRow + offset);
      }
      vectors[vectors.length - 1] = new StructOfVectors(metadataType, children);
    }
    return new ColumnarBatch(vectors, rows);
  }

  @Override
  public ColumnarBatch next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    ColumnarBatch b = nextBatch;
    nextBatch = null;
    return b;
  }

  /**
   * The same batches, row by row, as {@code UnsafeRow}s (Spark's row-based scans require them). The row
   * object is reused.
   */
  public Iterator<InternalRow> rows() {
    StructField[] all = new StructField[required.length + partitionFields.length + (metadataType != null ? 1 : 0)];
    System.arraycopy(required, 0, all, 0, required.length);
    System.arraycopy(partitionFields, 0, all, required.length, partitionFields.length);
    if (metadataType != null) {
      all[all.length - 1] = new StructField(FileMetadataColumn.NAME, metadataType, false,
          org.apache.spark.sql.types.Metadata.empty());
    }
    UnsafeProjection projection = UnsafeProjection.create(new StructType(all));
    return new Iterator<>() {
      private Iterator<InternalRow> current = java.util.Collections.emptyIterator();

      @Override
      public boolean hasNext() {
        while (!current.hasNext()) {
          if (!ArrowBatchIterator.this.hasNext()) {
            return false;
          }
          current = ArrowBatchIterator.this.next().rowIterator();
        }
        return true;
      }

      @Override
      public InternalRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return projection.apply(current.next());
      }
    };
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    current = null;
    nextBatch = null;
    if (reader == null) {
      return;
    }
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
