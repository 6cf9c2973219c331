package io.arrowfile.connector.write;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.options.ArrowWriteOptions;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.connector.types.SparkToArrow;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.IpcWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Writes one Arrow IPC file from Spark rows, streaming through the Hadoop {@link FileSystem} output stream
 * (no seeks): magic and schema when created, a record batch every {@code rowsPerBatch} rows or when the
 * buffered bytes reach {@code maxBatchBytes}, the footer on {@link #close()}. With {@code ipcFormat=stream}, the
 * same in the IPC stream format: schema, batches, end-of-stream marker, no footer (so no statistics).
 *
 * <p><b>Batch cutting.</b> Before appending an {@link UnsafeRow} (what Spark's writers pass), the batch is cut
 * when the row's size would take the buffered bytes past the cap; after each row, when the rows or bytes reach
 * their limit. Since the cap is at most 1 GiB and every variable-length byte and list element of a batch comes
 * from its rows, no 32-bit offset of a batch can overflow (a single row larger than 2 GiB cannot exist in Spark).
 *
 * <p><b>Dictionary encoding</b> ({@code dictionary=auto|always}, {@link DictionaryStringWriter}). The schema is
 * then written at the first flush, once the first batch has decided which top-level string columns are encoded;
 * encoded columns are written as int32 indices ({@link ArrowFileWriter#writeDeferred}) and each column's one
 * complete dictionary is written on {@link #close()}, after the last record batch and before the footer (a
 * dictionary that outgrew memory comes from local disk, uncompressed: {@link DictionaryStringWriter}). A stream
 * decodes each batch with the dictionaries before it, so there each encoded column's dictionary is written before
 * the first batch, and before each later batch that added values, the whole dictionary again (a replacement), or
 * with {@code dictionaryDeltas=true} a delta of the values it added ({@link ArrowStreamWriter#writeDictionary}).
 *
 * <p><b>Footer custom metadata.</b>
 * <ul>
 *   <li>{@value #WRITER_KEY}: {@value #WRITER_NAME} (name and version of this writer).</li>
 *   <li>{@value #STATISTICS_KEY} (unless the option {@code statistics=false}): per record batch, its rows and
 *   each top-level column's null count and min/max, as JSON; the format is specified in
 *   {@code connector.statistics}'s package documentation.</li>
 * </ul>
 */
public final class ArrowOutputWriter extends OutputWriter {
  public static final String WRITER_KEY = "arrowfile.writer";
  public static final String WRITER_NAME = "arrowfile 0.1.0";
  public static final String STATISTICS_KEY = FileStatistics.KEY;

  private final String path;
  private Schema schema;
  private final OutputStreamChannel channel;
  private final ArrowWriteOptions options;
  private IpcWriter writer; // created at the first flush, once dictionary=auto has decided the schema
  private final boolean stream;
  private final DictionaryStringWriter[] dictionaries; // per column, null where not a candidate
  private final RecordBatchBuilder batch;
  private final ColumnWriter[] columns;
  private final ColumnWriter.Budget budget = new ColumnWriter.Budget();
  private final int rowsPerBatch;
  private final long maxBatchBytes;
  private final StatisticsDocument statistics;
  private int rows;
  private int batches;
  private long totalRows;
  private boolean closed;
  private boolean failed;

  private ArrowOutputWriter(String path, Schema schema, StructType dataSchema, OutputStreamChannel channel,
      ArrowWriteOptions options) {
    this.path = path;
    this.schema = schema;
    this.channel = channel;
    this.options = options;
    this.stream = options.ipcFormat() == ArrowWriteOptions.IpcFormat.STREAM;
    this.batch = RecordBatchBuilder.create(schema);
    this.rowsPerBatch = options.rowsPerBatch();
    this.maxBatchBytes = options.maxBatchBytes();
    StructField[] fields = dataSchema.fields();
    this.columns = new ColumnWriter[fields.length];
    this.dictionaries = new DictionaryStringWriter[fields.length];
    StringDictionary.Bound dictionaryMemory = new StringDictionary.Bound(DictionaryStringWriter.MAX_ENTRIES,
        options.maxBatchBytes());
    for (int i = 0; i < fields.length; i++) {
      if (options.dictionary() != ArrowWriteOptions.Dictionary.NEVER && fields[i].dataType() instanceof StringType) {
        columns[i] = dictionaries[i] = new DictionaryStringWriter((VariableBinaryBuilder) batch.column(i), budget,
            options.statistics(), fields[i].name(), options.dictionary() == ArrowWriteOptions.Dictionary.ALWAYS,
            dictionaryMemory, i);
      } else {
        columns[i] = ColumnWriters.create(fields[i].dataType(), batch.column(i), budget, options.statistics(),
            fields[i].name());
      }
    }
    statistics = options.statistics() ? new StatisticsDocument(schema.fields()) : null;
  }

  /** Creates {@code path} through its Hadoop file system and writes the file's head (magic and schema). */
  public static ArrowOutputWriter create(String path, StructType dataSchema, Configuration conf,
      ArrowWriteOptions options, String sessionTimeZone) throws IOException {
    Schema schema = SparkToArrow.schema(dataSchema, sessionTimeZone);
    Path p = new Path(path);
    FileSystem fs = p.getFileSystem(conf);
    FSDataOutputStream out = fs.create(p, false);
    OutputStreamChannel channel = new OutputStreamChannel(out);
    try {
      ArrowOutputWriter w = new ArrowOutputWriter(path, schema, dataSchema, channel, options);
      if (options.dictionary() == ArrowWriteOptions.Dictionary.NEVER) {
        w.start(); // else at the first flush, when the first batch has decided which columns are encoded
      }
      return w;
    } catch (IOException | RuntimeException | Error e) {
      try {
        channel.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * Decides the dictionary-encoded columns (if any), then writes the file's head: magic and schema (a stream's:
   * schema and each encoded column's dictionary so far, which a stream reader needs before the first batch).
   */
  private void start() throws IOException {
    List<Field> fields = new ArrayList<>(schema.fields());
    for (int i = 0; i < dictionaries.length; i++) {
      if (dictionaries[i] != null) {
        fields.set(i, dictionaries[i].decide(fields.get(i)));
      }
    }
    schema = new Schema(fields, schema.metadata());
    if (!stream) {
      writer = ArrowFileWriter.create(channel, schema, options.ipcOptions());
      return;
    }
    ArrowStreamWriter s = ArrowStreamWriter.create(channel, schema, options.ipcOptions());
    writer = s;
    writeNewDictionaryValues(s, false);
  }

  /**
   * A stream's dictionaries: at the start ({@code later} false) each encoded column's whole dictionary; before a
   * later batch, each dictionary that batch grew, as a delta of the new values ({@code dictionaryDeltas=true}, or a
   * dictionary that outgrew memory) or else as the whole dictionary again, a replacement, which readers without
   * delta support (Polars, nanoarrow) read too. Old values keep their indices either way.
   */
  private void writeNewDictionaryValues(ArrowStreamWriter s, boolean later) throws IOException {
    for (int i = 0; i < dictionaries.length; i++) {
      DictionaryStringWriter d = dictionaries[i];
      if (d == null || !d.encoded() || (later && !d.hasNewValues())) {
        continue;
      }
      boolean delta = later && (options.dictionaryDeltas() || d.spilled());
      Field field = schema.field(i);
      s.writeDictionary(d.dictionaryId(), later && !delta ? d.allValues(field) : d.newValues(field), delta);
    }
  }

  /** The Arrow schema of the file (with {@code dictionary=auto}, known once the first batch is written). */
  public Schema schema() {
    return schema;
  }

  @Override
  public void write(InternalRow row) {
    if (failed) {
      throw new IllegalStateException("arrowfile writer for " + path + " failed before; it takes no more rows");
    }
    try {
      append(row);
    } catch (RuntimeException | Error e) {
      failed = true; // a row may be half appended: the buffered batch can no longer be written
      throw e;
    }
  }

  private void append(InternalRow row) {
    if (rows > 0 && row instanceof UnsafeRow u && budget.bytes + u.getSizeInBytes() > maxBatchBytes) {
      flush();
    }
    ColumnWriter[] cols = columns;
    for (int i = 0; i < cols.length; i++) {
      cols[i].write(row, i);
    }
    rows++;
    if (rows >= rowsPerBatch || budget.bytes >= maxBatchBytes) {
      flush();
    }
  }

  /** Writes the buffered rows as one record batch. */
  private void flush() {
    if (rows == 0) {
      return;
    }
    try {
      if (writer == null) {
        start();
      }
      if (columns.length == 0) {
        writer.write(new RecordBatch(schema, rows, List.of()));
      } else if (!hasDictionaries()) {
        writer.write(batch.build());
      } else {
        List<ArrayData> built = new ArrayList<>(columns.length);
        for (int i = 0; i < columns.length; i++) {
          built.add(dictionaries[i] != null ? dictionaries[i].build(schema.field(i)) : batch.column(i).build());
        }
        if (writer instanceof ArrowStreamWriter s) {
          writeNewDictionaryValues(s, true);
          s.writeAfterDictionaries(new RecordBatch(schema, rows, built));
        } else {
          ((ArrowFileWriter) writer).writeDeferred(new RecordBatch(schema, rows, built));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing " + path + ": " + e.getMessage(), e);
    }
    batch.recycle(); // the batch went out whole (nothing of it is kept): the next one reuses its memory
    if (statistics != null) {
      statistics.addBatch(rows, columns);
    }
    for (int i = 0; i < columns.length; i++) {
      columns[i].resetStats();
      if (dictionaries[i] != null && !dictionaries[i].encoded()) {
        columns[i] = dictionaries[i].plainWriter(); // decided plain: written as without dictionary from now on
        dictionaries[i] = null;
      }
    }
    batches++;
    totalRows += rows;
    rows = 0;
    budget.bytes = 0;
  }

  private boolean hasDictionaries() {
    for (DictionaryStringWriter d : dictionaries) {
      if (d != null) {
        return true;
      }
    }
    return false;
  }

  /** Record batches written so far. */
  public int batchCount() {
    return batches;
  }

  public long rowCount() {
    return totalRows + rows;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      try {
        if (!failed) {
          flush();
        }
      } finally {
        if (writer != null && writer.failed()) {
          // A batch failed to write: the library writer takes nothing more, and its close leaves no footer (a
          // finished file would read as a complete, shorter one).
          writer.close();
        } else {
          if (writer == null) {
            start(); // no rows: auto decides plain for every column, always encodes with empty dictionaries
          }
          if (stream) {
            writer.close(); // the dictionaries went before the batches; a stream has no footer
          } else {
            finishFile((ArrowFileWriter) writer);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("closing " + path + ": " + e.getMessage(), e);
    } finally {
      for (DictionaryStringWriter d : dictionaries) {
        if (d != null) {
          d.release();
        }
      }
    }
  }

  /** The file format's end: each encoded column's one complete dictionary, then the footer with the statistics. */
  private void finishFile(ArrowFileWriter fileWriter) throws IOException {
    for (int i = 0; i < dictionaries.length; i++) {
      if (dictionaries[i] != null && dictionaries[i].encoded()) {
        // complete and consistent even after a failed row: batches only hold indices added before
        fileWriter.writeDeferredDictionary(dictionaries[i].dictionaryId(),
            dictionaries[i].dictionary(schema.field(i)), !dictionaries[i].spilled());
      }
    }
    Map<String, String> md = new LinkedHashMap<>();
    md.put(WRITER_KEY, WRITER_NAME);
    if (statistics != null) {
      md.put(STATISTICS_KEY, statistics.json());
    }
    fileWriter.setFooterMetadata(md);
    fileWriter.close();
  }

  @Override
  public String path() {
    return path;
  }
}
