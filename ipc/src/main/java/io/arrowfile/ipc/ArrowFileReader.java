package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.flatbuf.MetadataCodec;
import io.arrowfile.ipc.message.DictionaryReader;
import io.arrowfile.ipc.message.MessageReader;
import io.arrowfile.ipc.message.ReadMessage;
import io.arrowfile.ipc.message.RecordBatchDecoder;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads the IPC file format: {@code ARROW1} and padding, the stream of messages, the footer (schema and the
 * blocks where dictionaries and record batches are), its int32 length and {@code ARROW1}. Record batches
 * are read at random ({@link #recordBatch(int)}) or in order ({@link #next()}); the dictionaries are read
 * once, on first need.
 */
public final class ArrowFileReader implements BatchReader {
  static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
  private static final int TRAILER = 4 + 6;

  private final ByteSource source;
  private final ReadOptions options;
  private final Footer footer;
  private DictionaryReader dictionaries;
  private int nextIndex;

  private ArrowFileReader(ByteSource source, ReadOptions options) throws IOException {
    this.source = source;
    this.options = options;
    long size = source.size();
    if (size < 8 + TRAILER) {
      throw new ArrowFormatException("file of " + size + " bytes is too short for an Arrow file").in(source.name());
    }
    if (!hasFileMagic(source)) {
      throw new ArrowFormatException("file does not start with ARROW1").in(source.name());
    }
    if (!magicAt(source, size - 6)) {
      throw new ArrowFormatException("file does not end with ARROW1 (truncated?)").in(source.name());
    }
    int footerLength = source.read(size - TRAILER, 4).getInt(0);
    if (footerLength <= 0 || footerLength > size - TRAILER - 8) {
      throw new ArrowFormatException("footer length " + footerLength + " does not fit the file (" + size
          + " bytes)").in(source.name());
    }
    ArrowBuffer fb = source.read(size - TRAILER - footerLength, footerLength);
    try {
      this.footer = MetadataCodec.readFooter(MessageReader.contiguous(fb));
    } catch (ArrowFormatException e) {
      throw e.at("footer").in(source.name());
    }
    if (footer.schema() == null) {
      throw new ArrowFormatException("footer has no schema").at("footer").in(source.name());
    }
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
    return source.size() >= 6 && magicAt(source, 0);
  }

  private static boolean magicAt(ByteSource source, long offset) throws IOException {
    byte[] b = source.read(offset, 6).toByteArray();
    return java.util.Arrays.equals(b, MAGIC);
  }

  @Override
  public Schema schema() {
    return footer.schema().schema();
  }

  public SchemaMessage schemaMessage() {
    return footer.schema();
  }

  public Footer footer() {
    return footer;
  }

  /** The footer's custom metadata. */
  public Map<String, String> customMetadata() {
    return footer.customMetadata();
  }

  public int recordBatchCount() {
    return footer.recordBatches().size();
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
    Map<Long, ArrayData> dictionaryValues = Map.of();
    if (columns == null || needsDictionaries(columns)) {
      dictionaryValues = dictionaries().dictionaries();
    }
    Block block = footer.recordBatches().get(k);
    String where = "record batch " + k + " (offset " + block.offset() + ")";
    try {
      ReadMessage m = MessageReader.readBlock(source, block, k, options);
      if (!(m.message().header() instanceof RecordBatchHeader batch)) {
        throw new ArrowFormatException("footer's record batch block points at a "
            + ArrowStreamReader.kind(m.message().header()) + " message");
      }
      return RecordBatchDecoder.decode(schema(), columns, batch, m.body(), dictionaryValues,
          footer.schema().endianness(), m.message().version(), options);
    } catch (ArrowFormatException e) {
      throw e.at(where).in(source.name());
    }
  }

  private boolean needsDictionaries(int[] columns) {
    for (int c : columns) {
      if (c < 0 || c >= schema().fields().size()) {
        throw new IndexOutOfBoundsException("column " + c + " of a schema of " + schema().fields().size());
      }
      if (hasDictionary(schema().field(c))) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasDictionary(Field field) {
    if (field.isDictionaryEncoded()) {
      return true;
    }
    for (Field child : field.children()) {
      if (hasDictionary(child)) {
        return true;
      }
    }
    return false;
  }

  private synchronized DictionaryReader dictionaries() throws IOException {
    if (dictionaries == null) {
      DictionaryReader dicts;
      try {
        dicts = new DictionaryReader(schema(), footer.schema().endianness(), true, options);
      } catch (ArrowFormatException e) {
        throw e.at("footer").in(source.name());
      }
      for (int i = 0; i < footer.dictionaries().size(); i++) {
        Block block = footer.dictionaries().get(i);
        String where = "dictionary batch " + i + " (offset " + block.offset() + ")";
        try {
          ReadMessage m = MessageReader.readBlock(source, block, i, options);
          if (!(m.message().header() instanceof DictionaryBatchHeader dictionary)) {
            throw new ArrowFormatException("footer's dictionary block points at a "
                + ArrowStreamReader.kind(m.message().header()) + " message");
          }
          dicts.read(dictionary, m.body(), m.message().version());
        } catch (ArrowFormatException e) {
          throw e.at(where).in(source.name());
        }
      }
      dictionaries = dicts;
    }
    return dictionaries;
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
