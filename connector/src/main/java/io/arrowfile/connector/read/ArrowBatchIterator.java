package io.arrowfile.connector.read;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileBatchReader;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.statistics.StatisticsFilter;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.connector.types.NestedPruning;
import io.arrowfile.connector.vector.ArrowVectors;
import io.arrowfile.connector.vector.RowIndexVector;
import io.arrowfile.connector.vector.StructOfVectors;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.metadata.Block;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The reader core shared by the V1 V1 {@code ArrowFileFormat} and the V2 {@link ArrowPartitionReaderFactory}:
 * opens one file, and yields {@link ColumnarBatch}es of the non-empty record batches holding only the
 * requested columns (vectors over the batch's buffers, no copy), then the partition values as constant
 * vectors. A record batch longer than the columnar batch size ({@link #BATCH_SIZE_KEY}) is handed to Spark as
 * several batches over zero-copy slices ({@code ArrayData.slice}) of its columns; the metrics count record
 * batches, not slices. Requested columns the file lacks read as null. Spark's {@code _metadata} column, when asked
 * for, comes last: constant vectors of the file's fields and a computed {@code row_index} ({@link #withMetadata},
 * {@link #withRowIndexAt}). Closes the file at the end, on {@link #close()}, or when the task completes, whichever
 * comes first.
 */
public final class ArrowBatchIterator implements Iterator<ColumnarBatch>, Closeable {
  private final BatchReader reader;
  private final String fileName;
  private final StructField[] required;
  /** For each required column, its index in the file's schema, or -1 (read as null). */
  private final int[] fileColumn;
  private final StructField[] partitionFields;
  private final ColumnVector[] partitionVectors;
  private final ColumnVector[] nullVectors;
  private ColumnarBatch nextBatch;
  private boolean closed;
  /** File format only: the footer positions of the batches to read (split and statistics applied), else null. */
  private int[] plan;
  private int planned;
  /** File format only: the reader of the file's batches; null for a stream. */
  private FileBatchReader file;
  private ScanMetrics metrics;
  /** Most rows per ColumnarBatch handed to Spark. */
  private int batchSize = DEFAULT_BATCH_SIZE;
  /** The record batch being sliced, and the first row of its next slice. */
  private RecordBatch current;
  private long currentOffset;
  /**
   * Spark's {@code _metadata.row_index} asked for ({@link #withRowIndexAt}, {@link #withMetadata}): where the
   * batches start in the file, and the first row of {@link #current}; else null.
   */
  private RowPositions positions;
  private long currentFirstRow;
  /** Stream batches read so far (a stream's batches are numbered as they come). */
  private int streamBatches;
  /** V1: the data column that is Spark's temporary row_index column, or -1. */
  private int rowIndexColumn = -1;
  /** V2: the fields of {@code _metadata} asked for, their constant vectors, and where row_index goes (or -1). */
  private StructType metadataType;
  private ColumnVector[] metadataVectors;
  private int metadataRowIndex = -1;

  /**
   * The configuration key of the most rows per {@link ColumnarBatch}: the one Spark's vectorized Parquet reader
   * uses ({@code SQLConf.parquetVectorizedReaderBatchSize}, read by {@code ParquetFileFormat} and
   * {@code ParquetPartitionReaderFactory}), because it has the same job here: bounding the rows a columnar
   * batch hands to whole-stage code (e.g. a LIMIT stops after the first slice). {@code SQLConf.columnBatchSize}
   * ({@code spark.sql.inMemoryColumnarStorage.batchSize}) is a different knob: the size of the batches the
   * in-memory cache builds, which has nothing to do with a file scan. Read from the Hadoop configuration, where
   * Spark copies both session SQL confs and per-read options.
   */
  public static final String BATCH_SIZE_KEY = "spark.sql.parquet.columnarReaderBatchSize";
  /**
   * Scans validate every offset, view, index, type id and run end of the columns they decode when a batch is
   * loaded ({@link ValidationLevel#BOUNDS}): a corrupt buffer fails there, naming file and batch, instead of at
   * some row access later; UTF-8 is left to Spark, which never requires it.
   */
  static final ReadOptions SCAN = ReadOptions.DEFAULT.withValidation(ValidationLevel.BOUNDS);

  /** Spark's default for {@link #BATCH_SIZE_KEY}. */
  public static final int DEFAULT_BATCH_SIZE = 4096;

  private ArrowBatchIterator(BatchReader reader, String fileName, StructType requiredSchema,
      StructType partitionSchema, InternalRow partitionValues, boolean caseSensitive) {
    this.reader = reader;
    this.fileName = fileName;
    this.required = requiredSchema.fields();
    // GeoPandas' to_feather describes its WKB columns in the schema metadata: their fields read as geoarrow.wkb
    Schema fileSchema = reader == null ? Schema.of() : io.arrowfile.connector.types.GeoArrow.withGeoMetadata(
        reader.schema());
    // A column-pruned reader's schema holds only the wanted columns; names are resolved in the whole file's
    // (repeated names are made unique over all of them), then mapped to their position among the wanted.
    Schema names = fileSchema;
    int[] prunedColumns = null;
    if (reader instanceof FileBatchReader f) {
      names = f.file().schema();
      prunedColumns = f.columns();
    }
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
    this.partitionFields = partitionSchema.fields();
    this.partitionVectors = new ColumnVector[partitionFields.length];
    for (int k = 0; k < partitionFields.length; k++) {
      ConstantColumnVector v = new ConstantColumnVector(1, partitionFields[k].dataType());
      ColumnVectorUtils.populate(v, partitionValues, k);
      partitionVectors[k] = v;
    }
  }

  /**
   * Opens {@code path} for reading {@code requiredSchema} (data columns) followed by
   * {@code partitionSchema} with {@code partitionValues}. Registers a task completion listener that
   * closes the file when running inside a task.
   */
  public static ArrowBatchIterator open(Configuration conf, Path path, StructType requiredSchema,
      StructType partitionSchema, InternalRow partitionValues, boolean caseSensitive, ReadMode mode)
      throws IOException {
    return open(conf, path, 0, Long.MAX_VALUE, requiredSchema, partitionSchema, partitionValues, caseSensitive,
        mode, null, null);
  }

  /**
   * Opens the split {@code [start, start + length)} of {@code path}: in the file format, the record batches whose
   * block starts in that range, less those the statistics rule out for {@code filters} (ANDed, may be null); a
   * stream-format file is not splittable and is read whole by the split that starts at 0. {@code metrics}, when
   * not null, is updated as batches are planned and read.
   */
  public static ArrowBatchIterator open(Configuration conf, Path path, long start, long length,
      StructType requiredSchema, StructType partitionSchema, InternalRow partitionValues, boolean caseSensitive,
      ReadMode mode, Filter[] filters, ScanMetrics metrics) throws IOException {
    return open(conf, path, start, length, requiredSchema, partitionSchema, partitionValues, caseSensitive,
        mode, filters, metrics, null);
  }

  /** As above, failing unless the file is the {@code planned} version (when not null): see {@link FileVersion}. */
  public static ArrowBatchIterator open(Configuration conf, Path path, long start, long length,
      StructType requiredSchema, StructType partitionSchema, InternalRow partitionValues, boolean caseSensitive,
      ReadMode mode, Filter[] filters, ScanMetrics metrics, FileVersion planned) throws IOException {
    if (ArrowFiles.isHidden(path)) {
      // Spark lists _metadata and _common_metadata (Parquet summaries); they are never Arrow data.
      ArrowBatchIterator empty = new ArrowBatchIterator(null, path.toString(), requiredSchema, partitionSchema,
          partitionValues, caseSensitive);
      empty.closed = true;
      return empty;
    }
    BatchReader reader = ArrowFiles.openForScan(conf, path, mode, SCAN, schema -> {
      java.util.List<Field> wanted = new java.util.ArrayList<>(
          java.util.Collections.nCopies(schema.fields().size(), (Field) null));
      String[] sparkNames = ArrowToSpark.columnNames(schema, caseSensitive);
      for (StructField f : requiredSchema.fields()) {
        int index = ArrowToSpark.columnIndex(sparkNames, f.name(), caseSensitive);
        if (index >= 0) {
          wanted.set(index, NestedPruning.prune(schema.field(index), f.dataType(), caseSensitive));
        }
      }
      return wanted;
    }, planned);
    ArrowBatchIterator it;
    try {
      it = new ArrowBatchIterator(reader, path.toString(), requiredSchema, partitionSchema, partitionValues,
          caseSensitive);
      it.metrics = metrics;
      it.batchSize = batchSize(conf);
      it.plan(start, length, filters, caseSensitive);
    } catch (RuntimeException e) {
      reader.close();
      throw e;
    }
    TaskContext context = TaskContext.get();
    if (context != null) {
      context.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> it.close());
    }
    return it;
  }

  /** The batch size of {@code conf} (or of the session's SQLConf), at least 1. */
  static int batchSize(Configuration conf) {
    int fallback;
    try {
      fallback = org.apache.spark.sql.internal.SQLConf.get().parquetVectorizedReaderBatchSize();
    } catch (RuntimeException | LinkageError e) {
      fallback = DEFAULT_BATCH_SIZE;
    }
    int size = conf == null ? fallback : conf.getInt(BATCH_SIZE_KEY, fallback);
    return Math.max(1, size);
  }

  private void plan(long start, long length, Filter[] filters, boolean caseSensitive) {
    long end = length == Long.MAX_VALUE ? Long.MAX_VALUE : start + length;
    if (!(reader instanceof FileBatchReader f)) {
      if (start > 0) {
        close(); // a stream belongs whole to the split at 0
      }
      return;
    }
    file = f;
    ArrowFileReader footer = file.file();
    java.util.List<Block> blocks = footer.recordBatchBlocks();
    StatisticsFilter filter = filters == null || filters.length == 0 ? null
        : StatisticsFilter.bind(filters, FileStatistics.of(footer.schema(), footer.customMetadata(), blocks.size()),
            caseSensitive);
    int[] selected = new int[blocks.size()];
    int n = 0;
    long skipped = 0;
    for (int k = 0; k < blocks.size(); k++) {
      long offset = blocks.get(k).offset();
      if (offset < start || offset >= end) {
        continue;
      }
      if (filter != null && !filter.mayMatch(k)) {
        skipped++;
        continue;
      }
      selected[n++] = k;
    }
    plan = java.util.Arrays.copyOf(selected, n);
    long before = file.bytesFetched();
    file.plan(plan); // on an object store, requests the planned batches' metadata
    if (metrics != null) {
      metrics.bytesRead += file.bytesFetched() - before;
    }
    if (metrics != null) {
      metrics.batchesSkipped += skipped;
      if (start == 0) {
        metrics.filesRead++; // every file has one split from its beginning
      }
    }
  }

  /**
   * Spark's V1 scan asks for {@code _metadata.row_index} as a data column of the required schema
   * ({@link FileMetadataColumn#ROW_INDEX_TEMPORARY_COLUMN}): data column {@code column} then holds each row's
   * position in the file instead of file data. Call before the first batch.
   */
  public ArrowBatchIterator withRowIndexAt(int column) {
    rowIndexColumn = column;
    trackRowPositions();
    return this;
  }

  /**
   * Appends Spark's {@code _metadata} column after the partition values, with the {@code requested} fields (as
   * Spark pruned the struct) of {@code file}, the split being read. Call before the first batch.
   */
  public ArrowBatchIterator withMetadata(StructType requested, PartitionedFile file) {
    metadataType = requested;
    metadataVectors = FileMetadataColumn.constants(requested, file);
    metadataRowIndex = FileMetadataColumn.rowIndexField(requested);
    if (metadataRowIndex >= 0) {
      trackRowPositions();
    }
    return this;
  }

  private void trackRowPositions() {
    if (positions != null || reader == null) {
      return;
    }
    if (file == null) {
      positions = RowPositions.ofStream(fileName);
      return;
    }
    ArrowFileReader footer = file.file();
    FileStatistics statistics = FileStatistics.of(footer.schema(), footer.customMetadata(),
        footer.recordBatchCount());
    positions = new RowPositions(fileName, statistics,
        k -> file.batchLength(k, metrics == null ? null : bytes -> metrics.bytesRead += bytes));
  }

  /** The next batch of the plan (or of the stream), null at the end; counts it in the metrics. */
  private RecordBatch readNext() throws IOException {
    if (plan == null) {
      RecordBatch b = reader.next();
      if (b != null && metrics != null) {
        metrics.batchesRead++;
      }
      if (b != null && positions != null) {
        currentFirstRow = positions.firstRow(streamBatches);
        positions.read(streamBatches, b.length());
      }
      streamBatches++;
      return b;
    }
    if (planned >= plan.length) {
      return null;
    }
    int k = plan[planned++];
    long before = file.bytesFetched();
    RecordBatch batch = file.recordBatch(k);
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
        vectors[k] = ArrowVectors.create(batch.column(index).slice(offset, length), required[k].dataType());
      } catch (io.arrowfile.columnar.ArrowFormatException e) {
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
