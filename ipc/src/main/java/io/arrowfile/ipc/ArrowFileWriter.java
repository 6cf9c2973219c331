package io.arrowfile.ipc;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.flatbuf.MetadataCodec;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.MetadataVersion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the IPC file format sequentially (no seeks): magic, schema, dictionary and record batch messages,
 * then the footer listing where they are, its length and the magic again.
 */
public final class ArrowFileWriter extends IpcWriter {
  private Map<String, String> footerMetadata = Map.of();

  private ArrowFileWriter(WritableByteChannel channel, Schema schema, WriteOptions options) throws IOException {
    super(channel, schema, options, true, 0);
    ByteBuffer head = ByteBuffer.allocate(8);
    head.put(ArrowFileReader.MAGIC).put((byte) 0).put((byte) 0).flip();
    messages.writeRaw(head);
    writeSchema();
  }

  public static ArrowFileWriter create(Path path, Schema schema, WriteOptions options) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING);
    try {
      return create(channel, schema, options);
    } catch (IOException | RuntimeException e) {
      channel.close();
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

  /** Custom metadata for the footer. */
  public void setFooterMetadata(Map<String, String> metadata) {
    footerMetadata = metadata == null ? Map.of() : new LinkedHashMap<>(metadata);
  }

  /** Writes the footer and closes the channel. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Footer footer = new Footer(MetadataVersion.CURRENT, schemaMessage, dictionaryBlocks, batchBlocks,
          footerMetadata);
      ByteBuffer fb = MetadataCodec.writeFooter(footer).slice();
      int length = fb.remaining();
      messages.writeRaw(fb);
      ByteBuffer tail = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
      tail.putInt(length).put(ArrowFileReader.MAGIC).flip();
      messages.writeRaw(tail);
    } finally {
      channel.close();
    }
  }
}
