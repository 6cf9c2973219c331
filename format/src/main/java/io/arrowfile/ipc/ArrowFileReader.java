package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads the IPC file format: {@code ARROW1} and padding, the stream of messages, the footer (schema and the
 * blocks where dictionaries and record batches are), its int32 length and {@code ARROW1}. Record batches
 * are read at random ({@link #recordBatch(int)}) or in order ({@link #next()}); the dictionaries are read
 * once, on first need. The format is {@link ArrowFileDecoder}'s; this reader fetches the ranges it names from a
 * {@link ByteSource}, each record batch's body whole (a slice of a mapping: no copy).
 */
public final class ArrowFileReader implements BatchReader {
  private final ByteSource source;
  private final ArrowFileDecoder decoder;
  private int nextIndex;

  private ArrowFileReader(ByteSource source, ReadOptions options) throws IOException {
    this.source = source;
    long size = source.size();
    ByteRange trailer = ArrowFileDecoder.trailer(source.name(), size);
    ArrowFileDecoder.requireMagic(source.name(), read(new ByteRange(0, ArrowFileDecoder.MAGIC_LENGTH)));
    ByteRange footer = ArrowFileDecoder.footer(source.name(), size, read(trailer));
    this.decoder = ArrowFileDecoder.decodeFooter(source.name(), size, read(footer), options);
  }

  private ArrowBuffer read(ByteRange range) throws IOException {
    return source.read(range.offset(), range.length());
  }

  public static ArrowFileReader open(Path path, ReadOptions options) throws IOException {
    ByteSource source = ByteSource.map(path);
    try {
      return open(source, options);
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /** The file in {@code source} (closed with this reader). */
  public static ArrowFileReader open(ByteSource source, ReadOptions options) throws IOException {
    return new ArrowFileReader(source, options);
  }

  /** Whether {@code source} starts with {@code ARROW1}. */
  public static boolean hasFileMagic(ByteSource source) throws IOException {
    return source.size() >= ArrowFileDecoder.MAGIC_LENGTH
        && ArrowFileDecoder.isMagic(source.read(0, ArrowFileDecoder.MAGIC_LENGTH));
  }

  /** The decoder of this file's format, for readers that fetch its ranges their own way. */
  public ArrowFileDecoder decoder() {
    return decoder;
  }

  @Override
  public Schema schema() {
    return decoder.schema();
  }

  public SchemaMessage schemaMessage() {
    return decoder.decodedFooter().schema();
  }

  public Footer footer() {
    return decoder.decodedFooter();
  }

  /** The footer's custom metadata. */
  public Map<String, String> customMetadata() {
    return decoder.customMetadata();
  }

  /** Where the record batches are, in footer order. */
  public List<Block> recordBatchBlocks() {
    return decoder.recordBatches();
  }

  public int recordBatchCount() {
    return decoder.recordBatches().size();
  }

  /** Record batch {@code k} of the file (reading the dictionaries first, once). */
  public RecordBatch recordBatch(int k) throws IOException {
    return recordBatch(k, null);
  }

  /**
   * The top-level {@code columns} (ascending field indexes; null for all) of record batch {@code k}, as a
   * batch of just those fields: the other columns are neither decompressed nor validated, and
   * dictionaries are read only when a wanted column needs them.
   */
  public RecordBatch recordBatch(int k, int[] columns) throws IOException {
    java.util.Objects.checkIndex(k, recordBatchCount());
    ColumnSelection selection = decoder.columns(columns);
    readDictionaries(selection);
    Block block = decoder.recordBatches().get(k);
    String where = "record batch " + k + " (offset " + block.offset() + ")";
    try {
      ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(k, read(decoder.metadata(block)));
      BodyRanges body = decoder.body(m, selection, 0);
      return decoder.decode(m, body, read(body.ranges().get(0)));
    } catch (ArrowFormatException e) {
      throw e.at(where).in(source.name());
    }
  }

  /**
   * Reads the dictionaries {@code selection} (of {@link #decoder()}) needs, once: for readers that fetch record
   * batches their own way but share this reader's source and decoder.
   */
  public synchronized void readDictionaries(ColumnSelection selection) throws IOException {
    if (!decoder.needsDictionaries(selection)) {
      return;
    }
    ArrowFileDecoder.DictionaryLoad load;
    try {
      load = decoder.loadDictionaries(selection);
    } catch (ArrowFormatException e) {
      throw e.at("footer").in(source.name());
    }
    List<Block> blocks = decoder.dictionaryBatches();
    for (int i = 0; i < blocks.size(); i++) {
      Block block = blocks.get(i);
      String where = "dictionary batch " + i + " (offset " + block.offset() + ")";
      try {
        ArrowFileDecoder.DictionaryMessage m = load.message(i, read(decoder.metadata(block)));
        ByteRange body = load.body(m);
        if (body != null) {
          load.decode(m, read(body));
        }
      } catch (ArrowFormatException e) {
        throw e.at(where).in(source.name());
      }
    }
    load.finish();
  }

  @Override
  public RecordBatch next() throws IOException {
    if (nextIndex >= recordBatchCount()) {
      return null;
    }
    RecordBatch batch = recordBatch(nextIndex);
    nextIndex++;
    return batch;
  }

  @Override
  public int batchIndex() {
    return nextIndex;
  }

  @Override
  public String sourceName() {
    return source.name();
  }

  @Override
  public void close() throws IOException {
    source.close();
  }
}
