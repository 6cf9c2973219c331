package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.flatbuf.MetadataFlatbuffers;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.MetadataVersion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Writes the IPC file format sequentially (no seeks): magic, schema, dictionary and record batch messages,
 * then the footer listing where they are, its length and the magic again.
 */
public final class ArrowFileWriter extends IpcWriter {
  private Map<String, String> footerMetadata = Map.of();
  private final Set<Long> deferred = new HashSet<>();
  private final Set<Long> deferredWritten = new HashSet<>();

  private ArrowFileWriter(WritableByteChannel channel, Schema schema, WriteOptions options) throws IOException {
    super(channel, schema, options, true, 0);
    ByteBuffer head = ByteBuffer.allocate(8);
    head.put(ArrowFileDecoder.MAGIC).put((byte) 0).put((byte) 0).flip();
    messages.writeRaw(head);
    writeSchema();
  }

  public static ArrowFileWriter create(Path path, Schema schema, WriteOptions options) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING);
    try {
      ArrowFileWriter writer = create(channel, schema, options);
      writer.path = path;
      return writer;
    } catch (IOException | RuntimeException e) {
      channel.close();
      Files.deleteIfExists(path);
      throw e;
    }
  }

  /** A writer to {@code channel}, which {@link #close()} closes. */
  public static ArrowFileWriter create(WritableByteChannel channel, Schema schema, WriteOptions options)
      throws IOException {
    return new ArrowFileWriter(channel, schema, options);
  }

  @Override
  public void write(RecordBatch batch) throws IOException {
    super.write(batch);
  }

  /**
   * Writes {@code batch} without the dictionaries of its dictionary-encoded top-level columns (the
   * dictionaries attached to its arrays, if any, are ignored): each such dictionary must be given once, complete,
   * to {@link #writeDeferredDictionary} before {@link #close()}. The IPC file format allows this: "there is no
   * requirement that dictionary keys should be defined in a DictionaryBatch before they are used in a
   * RecordBatch, as long as the keys are defined somewhere in the file" (Columnar.rst, IPC File Format); readers
   * find dictionaries through the footer's dictionary blocks. No delta dictionary is ever written.
   */
  public void writeDeferred(RecordBatch batch) throws IOException {
    deferred.addAll(writeIndicesOnly(batch, null));
  }

  /**
   * Writes the one, complete dictionary batch of dictionary {@code id} for batches written with
   * {@link #writeDeferred} (at most once per id: the file format does not allow replacing a dictionary).
   */
  public void writeDeferredDictionary(long id, ArrayData values) throws IOException {
    writeDeferredDictionary(id, values, true);
  }

  /**
   * As {@link #writeDeferredDictionary(long, ArrayData)}; with {@code compressed} false the dictionary batch is
   * written without body compression whatever the writer's codec, for a dictionary too large to hold compressed
   * in memory (compressing a buffer makes a copy of it). Each message declares its own compression, so readers
   * decode it as written.
   */
  public void writeDeferredDictionary(long id, ArrayData values, boolean compressed) throws IOException {
    checkWritable();
    if (!deferredWritten.add(id)) {
      throw new IllegalStateException("dictionary " + id + " was written already; a file cannot replace it");
    }
    try {
      writeDictionaryBatch(id, values, compressed ? options : options.withCompression(null));
    } catch (Throwable t) {
      recordFailure(t);
      throw t;
    }
  }

  /** Custom metadata for the footer. */
  public void setFooterMetadata(Map<String, String> metadata) {
    footerMetadata = metadata == null ? Map.of() : new LinkedHashMap<>(metadata);
  }

  /**
   * Writes the footer and closes the channel. After a failed write it writes no footer: it closes the channel,
   * deletes the file {@link #create(Path, Schema, WriteOptions)} made, and throws an IOException saying so.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (failed()) {
      abandon("the output was left without its footer, so no Arrow file reader accepts it");
    }
    try {
      if (!deferredWritten.containsAll(deferred)) {
        Set<Long> missing = new HashSet<>(deferred);
        missing.removeAll(deferredWritten);
        throw new IllegalStateException("record batches use dictionaries " + missing
            + " that were never written; the file is left without its footer");
      }
      // The end-of-stream marker closes the stream the file embeds, as Arrow C++ writes it: readers that read a
      // file's messages as a stream (nanoarrow's stream reader after the magic) stop there instead of at the footer.
      messages.writeEndOfStream();
      Footer footer = new Footer(MetadataVersion.CURRENT, schemaMessage, dictionaryBlocks, batchBlocks,
          footerMetadata);
      ByteBuffer fb = MetadataFlatbuffers.writeFooter(footer).slice();
      int length = fb.remaining();
      messages.writeRaw(fb);
      ByteBuffer tail = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
      tail.putInt(length).put(ArrowFileDecoder.MAGIC).flip();
      messages.writeRaw(tail);
    } finally {
      channel.close();
    }
  }
}
