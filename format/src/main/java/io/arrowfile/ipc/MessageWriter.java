package io.arrowfile.ipc;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.memory.BitUtil;
import io.arrowfile.ipc.flatbuf.MetadataFlatbuffers;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;
import java.util.List;
import java.util.function.Function;

/**
 * Writes encapsulated messages sequentially to a channel (no seeks): continuation marker, int32 metadata
 * length, the flatbuffer padded so the body starts 8-byte aligned, then the body with its buffers at the
 * offsets the header gives and zeros in between.
 */
public final class MessageWriter {
  private static final byte[] ZEROS = new byte[64];

  private final WritableByteChannel channel;
  private final Function<Message, ByteBuffer> serializer;
  private long position;

  public MessageWriter(WritableByteChannel channel, long startPosition) {
    this(channel, startPosition, MetadataFlatbuffers::writeMessage);
  }

  public MessageWriter(WritableByteChannel channel, long startPosition, Function<Message, ByteBuffer> serializer) {
    this.channel = channel;
    this.position = startPosition;
    this.serializer = serializer;
  }

  /** Bytes written so far, plus the start position. */
  public long position() {
    return position;
  }

  /** A message without body (a schema). */
  public Block write(Message message) throws IOException {
    return write(message, List.of(), List.of());
  }

  /**
   * {@code message} and its body: {@code buffers[i]} at {@code layout[i].offset()}, the body padded with
   * zeros to {@code message.bodyLength()}.
   */
  public Block write(Message message, List<BodyBuffer> layout, List<ArrowBuffer> buffers) throws IOException {
    long start = position;
    ByteBuffer fb = serializer.apply(message).slice();
    int fbLength = fb.remaining();
    int padded = (int) BitUtil.align8(8L + fbLength) - 8;
    ByteBuffer prefix = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    prefix.putInt(MessageFraming.CONTINUATION).putInt(padded).flip();
    writeFully(prefix);
    writeFully(fb);
    writeZeros(padded - fbLength);
    long bodyStart = position;
    for (int i = 0; i < buffers.size(); i++) {
      BodyBuffer at = layout.get(i);
      long gap = bodyStart + at.offset() - position;
      if (gap < 0) {
        throw new IllegalArgumentException("body buffer " + i + " overlaps the previous one");
      }
      writeZeros(gap);
      ArrowBuffer buffer = buffers.get(i);
      if (buffer.length() != at.length()) {
        throw new IllegalArgumentException("body buffer " + i + " has " + buffer.length()
            + " bytes, the header says " + at.length());
      }
      for (ByteBuffer part : buffer.nioBuffers()) {
        writeFully(part);
      }
    }
    long bodyEnd = bodyStart + message.bodyLength();
    if (bodyEnd < position) {
      throw new IllegalArgumentException("body length " + message.bodyLength() + " is too small");
    }
    writeZeros(bodyEnd - position);
    return new Block(start, 8 + padded, message.bodyLength());
  }

  /** The end-of-stream marker: continuation and a zero length. */
  public void writeEndOfStream() throws IOException {
    ByteBuffer eos = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    eos.putInt(MessageFraming.CONTINUATION).putInt(0).flip();
    writeFully(eos);
  }

  /** Raw bytes (file magic, footer). */
  public void writeRaw(ByteBuffer bytes) throws IOException {
    writeFully(bytes);
  }

  public void writeZeros(long n) throws IOException {
    while (n > 0) {
      int k = (int) Math.min(n, ZEROS.length);
      writeFully(ByteBuffer.wrap(ZEROS, 0, k));
      n -= k;
    }
  }

  private void writeFully(ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      position += channel.write(bytes);
    }
  }
}
