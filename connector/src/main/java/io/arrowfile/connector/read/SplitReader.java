package io.arrowfile.connector.read;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileBatchReader;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.files.StreamBatchReader;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.statistics.StatisticsFilter;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.connector.types.NestedPruning;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.ReadOptions;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The one place executors read a split, for the V1 file format and the V2 partition reader factory alike: opens
 * the split's file as the {@link ReadRequest} says (only the requested columns), chooses the record batches of the
 * split (in the file format, those whose block starts in its byte range, less those the statistics rule out for
 * the filters; in a stream, whose batches are found by walking its message headers, those whose message starts in
 * it), and hands them to an {@link ArrowBatchIterator}. A failure names the file: a file that breaks the format with what the user can do
 * about it ({@link ArrowFiles#corrupt}), whichever path read it.
 */
public final class SplitReader implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * Scans validate every offset, view, index, type id and run end of the columns they decode when a batch is
   * loaded ({@link ValidationLevel#BOUNDS}): a corrupt buffer fails there, naming file and batch, instead of at
   * some row access later; UTF-8 is left to Spark, which never requires it.
   */
  static final ReadOptions SCAN = ReadOptions.DEFAULT.withValidation(ValidationLevel.BOUNDS);

  private final ReadRequest request;
  private final Broadcast<SerializableConfiguration> conf;

  public SplitReader(ReadRequest request, Broadcast<SerializableConfiguration> conf) {
    this.request = request;
    this.conf = conf;
  }

  public ReadRequest request() {
    return request;
  }

  /** The Hadoop configuration of the read (on an executor, the broadcast's copy). */
  public Configuration hadoopConf() {
    return conf.value().value();
  }

  /**
   * The batches of {@code split}, counted in {@code metrics} (may be null). Closes the file at the end, on
   * {@link ArrowBatchIterator#close()}, or when the task completes, whichever comes first.
   */
  public ArrowBatchIterator open(PartitionedFile split, ScanMetrics metrics) {
    return open(request, split, split.start(), split.length(), metrics);
  }

  /** Every batch of {@code split}'s whole file, of {@code columns} alone (for the aggregates its footer lacks). */
  ArrowBatchIterator openColumns(PartitionedFile split, org.apache.spark.sql.types.StructType columns,
      ScanMetrics metrics) {
    return open(request.columnsOnly(columns), split, 0, Long.MAX_VALUE, metrics);
  }

  private ArrowBatchIterator open(ReadRequest request, PartitionedFile split, long start, long length,
      ScanMetrics metrics) {
    String name = split.filePath().toString();
    try {
      return open(hadoopConf(), split.toPath(), start, length, request, split, metrics, name);
    } catch (IOException e) {
      throw ArrowFiles.failure(name, e);
    } catch (ArrowFormatException e) {
      throw ArrowFiles.corrupt(name, e, request.options().ignoreCorruptFiles());
    }
  }

  private static ArrowBatchIterator open(Configuration conf, Path path, long start, long length,
      ReadRequest request, PartitionedFile split, ScanMetrics metrics, String name) throws IOException {
    if (ArrowFiles.isHidden(path)) {
      // Spark lists _metadata and _common_metadata (Parquet summaries); they are never Arrow data.
      return ArrowBatchIterator.empty(path.toString(), name, request, split);
    }
    ByteSource source = ArrowFiles.openSource(conf, path, ReadMode.of(request.options()), FileVersion.of(split));
    BatchReader reader = null; // once made, closing it closes the source
    ArrowBatchIterator it;
    try {
      if (ArrowFileReader.hasFileMagic(source)) {
        ArrowFileReader footer = ArrowFileReader.open(source, SCAN);
        FileBatchReader file = FileBatchReader.forScan(source, footer, wantedFields(footer.schema(), request));
        reader = file;
        int[] plan = plan(file, start, length, request.filters(), request.caseSensitive(), metrics);
        it = ArrowBatchIterator.ofFile(file, plan, path.toString(), name, request, split, metrics);
      } else {
        // A stream has no footer: the split walks the message headers up to its range (StreamBatchReader).
        StreamBatchReader stream = StreamBatchReader.forScan(source, schema -> wantedFields(schema, request), start,
            length, SCAN);
        reader = stream;
        if (metrics != null) {
          metrics.bytesRead += stream.bytesFetched();
          if (start == 0) {
            metrics.filesRead++;
          }
        }
        it = ArrowBatchIterator.ofStream(stream, path.toString(), name, request, split, metrics);
      }
    } catch (IOException | RuntimeException e) {
      if (reader != null) {
        reader.close();
      } else {
        source.close();
      }
      throw e;
    }
    TaskContext context = TaskContext.get();
    if (context != null) {
      context.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> it.close());
    }
    return it;
  }

  /**
   * For each field of a file's {@code schema}, null or the field as the request reads it (pruned of the struct
   * children it does not need).
   */
  private static List<Field> wantedFields(Schema schema, ReadRequest request) {
    boolean caseSensitive = request.caseSensitive();
    List<Field> wanted = new ArrayList<>(Collections.nCopies(schema.fields().size(), (Field) null));
    String[] sparkNames = ArrowToSpark.columnNames(schema, caseSensitive);
    for (StructField f : request.dataColumns().fields()) {
      int index = ArrowToSpark.columnIndex(sparkNames, f.name(), caseSensitive);
      if (index >= 0) {
        wanted.set(index, NestedPruning.prune(schema.field(index), f.dataType(), caseSensitive));
      }
    }
    return wanted;
  }

  /**
   * The footer positions of the record batches of the split {@code [start, start + length)}: those whose block
   * starts in it, less those the statistics rule out for {@code filters} (ANDed; may be empty).
   */
  private static int[] plan(FileBatchReader file, long start, long length, Filter[] filters, boolean caseSensitive,
      ScanMetrics metrics) {
    long end = length == Long.MAX_VALUE ? Long.MAX_VALUE : start + length;
    ArrowFileReader footer = file.file();
    List<Block> blocks = footer.recordBatchBlocks();
    StatisticsFilter filter = filters.length == 0 ? null
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
    int[] plan = java.util.Arrays.copyOf(selected, n);
    long before = file.bytesFetched();
    file.plan(plan); // on an object store, requests the planned batches' metadata
    if (metrics != null) {
      metrics.bytesRead += file.bytesFetched() - before;
      metrics.batchesSkipped += skipped;
      if (start == 0) {
        metrics.filesRead++; // every file has one split from its beginning
      }
    }
    return plan;
  }
}
