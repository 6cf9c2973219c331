package io.arrowfile.connector.footer;

import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.FileVersion;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.connector.files.RowCounts;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.ipc.ArrowFileDecoder;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * What the driver knows of one Arrow IPC file from its footer, for planning: where its record batches start, how
 * many rows each holds, roughly how many bytes each column takes, and the arrowfile statistics, if any.
 *
 * <p>Row counts come from the statistics ({@link FileStatistics#KEY}) when the file has them; otherwise from every
 * record batch's metadata message (a few hundred bytes each, the body is not read), as {@link RowCounts} does.
 * Column bytes come from the buffers listed in the metadata of at most {@link #SAMPLED_BATCHES} record batches,
 * spread over the file and scaled to all of its body bytes, plus each dictionary-encoded column's dictionary
 * batches: the bytes a scan of that column would read.
 */
public final class FooterSummary {
  /**
   * Most record batch metadata messages read for column bytes from a file that has statistics: a column's share of
   * a batch varies little from batch to batch, and on an object store each is a round trip.
   */
  static final int SAMPLED_BATCHES = 4;

  private final FileVersion version;
  private final Schema schema;
  private final long[] batchOffsets;
  private final long[] batchRows;
  private final long[] columnBytes;
  private final FileStatistics statistics;

  private FooterSummary(FileVersion version, Schema schema, long[] batchOffsets, long[] batchRows,
      long[] columnBytes, FileStatistics statistics) {
    this.version = version;
    this.schema = schema;
    this.batchOffsets = batchOffsets;
    this.batchRows = batchRows;
    this.columnBytes = columnBytes;
    this.statistics = statistics;
  }

  /** The summary of the file-format file at {@code path}, or null for a stream (which has no footer). */
  static FooterSummary read(Configuration conf, Path path, ReadMode mode, FileVersion version) throws IOException {
    try (ByteSource source = ArrowFiles.openSource(conf, path, mode, version)) {
      if (!ArrowFileReader.hasFileMagic(source)) {
        return null;
      }
      ArrowFileReader file = ArrowFileReader.open(source, ReadOptions.DEFAULT);
      Schema schema = file.schema();
      ArrowFileDecoder decoder = file.decoder();
      List<Block> blocks = decoder.recordBatches();
      int n = blocks.size();
      FileStatistics stats = FileStatistics.of(schema, file.customMetadata(), n);
      long[] offsets = new long[n];
      long[] rows = new long[n];
      long body = 0;
      for (int k = 0; k < n; k++) {
        offsets[k] = blocks.get(k).offset();
        body += blocks.get(k).bodyLength();
        rows[k] = stats != null ? stats.rows(k) : -1;
      }
      int columns = schema.fields().size();
      long[] sampled = new long[columns];
      long sampledBody = 0;
      int step = stats == null ? 1 : Math.max(1, (n + SAMPLED_BATCHES - 1) / SAMPLED_BATCHES);
      for (int k = 0; k < n; k++) {
        boolean sample = k % step == 0;
        if (!sample && stats != null) {
          continue;
        }
        ArrowFileDecoder.RecordBatchMessage m = RowCounts.message(source, decoder, k);
        rows[k] = RowCounts.length(m);
        if (sample) {
          sampledBody += blocks.get(k).bodyLength();
          addColumnBytes(decoder, m, sampled);
        }
      }
      long[] bytes = new long[columns];
      double scale = sampledBody == 0 ? 0 : (double) body / sampledBody;
      for (int c = 0; c < columns; c++) {
        bytes[c] = Math.round(sampled[c] * scale);
      }
      addDictionaryBytes(source, decoder, bytes);
      return new FooterSummary(version, schema, offsets, rows, bytes, stats);
    }
  }

  /** Adds each top-level column's buffer bytes in one record batch to {@code bytes}. */
  private static void addColumnBytes(ArrowFileDecoder decoder, ArrowFileDecoder.RecordBatchMessage m, long[] bytes) {
    Schema schema = decoder.schema();
    List<Field> none = new ArrayList<>(Collections.nCopies(schema.fields().size(), (Field) null));
    for (int c = 0; c < bytes.length; c++) {
      none.set(c, schema.field(c));
      try {
        bytes[c] += decoder.body(m, decoder.fields(none), 0).bufferBytes();
      } catch (RuntimeException e) {
        // A header that does not fit the schema: the scan will fail on it, naming the batch; the estimate goes on.
      }
      none.set(c, null);
    }
  }

  /** Adds the body bytes of each dictionary batch to the top-level column encoded with that dictionary. */
  private static void addDictionaryBytes(ByteSource source, ArrowFileDecoder decoder, long[] bytes)
      throws IOException {
    Schema schema = decoder.schema();
    boolean any = false;
    for (Field f : schema.fields()) {
      any |= f.isDictionaryEncoded();
    }
    if (!any) {
      return;
    }
    List<Block> dictionaries = decoder.dictionaryBatches();
    for (int i = 0; i < dictionaries.size(); i++) {
      ArrowFileDecoder.DictionaryMessage d;
      try {
        d = RowCounts.dictionaryMessage(source, decoder, i);
      } catch (io.arrowfile.columnar.ArrowFormatException e) {
        continue; // not a dictionary batch: the scan of that column fails on it, naming the batch
      }
      for (int c = 0; c < bytes.length; c++) {
        Field f = schema.field(c);
        if (f.isDictionaryEncoded() && f.dictionary().id() == d.id()) {
          bytes[c] += dictionaries.get(i).bodyLength();
        }
      }
    }
  }

  FileVersion version() {
    return version;
  }

  public Schema schema() {
    return schema;
  }

  public int batchCount() {
    return batchOffsets.length;
  }

  /** Where record batch {@code k} (in footer order) starts in the file. */
  public long batchOffset(int k) {
    return batchOffsets[k];
  }

  public long batchRows(int k) {
    return batchRows[k];
  }

  public long rows() {
    long n = 0;
    for (long r : batchRows) {
      n += r;
    }
    return n;
  }

  /** The bytes of file column {@code c} (all batches, and its dictionaries), estimated from a sample of batches. */
  public long columnBytes(int c) {
    return columnBytes[c];
  }

  /** The arrowfile statistics of the file, or null. */
  public FileStatistics statistics() {
    return statistics;
  }

  /** Bytes held on the driver by this summary, roughly (for the cache's bound). */
  long weight() {
    long w = 64 + 16L * batchOffsets.length + 8L * columnBytes.length;
    return statistics == null ? w : w + 64L * statistics.batchCount() * columnBytes.length;
  }
}
