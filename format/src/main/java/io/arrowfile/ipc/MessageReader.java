package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.flatbuf.MetadataFlatbuffers;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.Message;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads encapsulated messages one after the other: an optional continuation marker {@code 0xFFFFFFFF}, an
 * int32 little-endian metadata length (a legacy stream has no marker), the flatbuffer {@code Message}
 * padded to 8 bytes, then {@code bodyLength} bytes of body. A zero length (with or without marker) ends
 * the stream; so does the end of the input at a message boundary. The end of the input inside a message
 * is an {@link ArrowFormatException}: truncated.
 *
 * <p>Declared lengths are checked before anything is allocated: the metadata against
 * {@link ReadOptions#maxMetadataLength()} and the bytes left in a {@link ByteSource}; a body against the
 * bytes left in a source, while from an InputStream its memory grows only as bytes actually arrive.
 */
public abstract class MessageReader implements Closeable {

  final String name;
  final ReadOptions options;
  final Function<ByteBuffer, Message> parser;
  private int index;
  private boolean ended;

  MessageReader(String name, ReadOptions options, Function<ByteBuffer, Message> parser) {
    this.name = name;
    this.options = options;
    this.parser = parser;
  }

  /** Messages of {@code source} from byte {@code start} on. */
  public static MessageReader of(ByteSource source, long start, ReadOptions options) {
    return of(source, start, options, MetadataFlatbuffers::readMessage);
  }

  public static MessageReader of(ByteSource source, long start, ReadOptions options,
      Function<ByteBuffer, Message> parser) {
    return new SourceReader(source, start, options, parser);
  }

  /** Messages of {@code in}, which this reader closes. */
  public static MessageReader of(InputStream in, String name, ReadOptions options) {
    return of(in, name, options, MetadataFlatbuffers::readMessage);
  }

  public static MessageReader of(InputStream in, String name, ReadOptions options,
      Function<ByteBuffer, Message> parser) {
    return new StreamReader(in, name, options, parser);
  }

  /** The source's name, for error messages. */
  public String name() {
    return name;
  }

  /** Messages read so far. */
  public int messageCount() {
    return index;
  }

  /**
   * The first bytes of a source cannot start an IPC stream (nor was it an IPC file): says what it looks like
   * when it resembles a known format, rather than reporting its first bytes as a message length.
   */
  static ArrowFormatException notArrow(byte[] head, int n) {
    String looks = ForeignFormat.describe(head, n);
    if (looks == null) {
      return new ArrowFormatException("not an Arrow IPC file or stream: an IPC file starts with ARROW1, a stream"
          + " with a message length (after 0xFFFFFFFF), and its first bytes are neither");
    }
    return new ArrowFormatException("not an Arrow IPC file or stream: " + looks);
  }

  /** The next message, or null at the end of the stream. */
  public ReadMessage next() throws IOException {
    if (ended) {
      return null;
    }
    long start = position();
    String where = "message " + index + " (offset " + start + ")";
    try {
      byte[] prefix = new byte[4];
      int got = readPrefix(prefix);
      if (got == 0) {
        ended = true;
        return null;
      }
      if (got < 4) {
        throw index == 0 && start == 0 && ForeignFormat.describe(prefix, got) != null ? notArrow(prefix, got)
            : truncated("the message length");
      }
      int length = le32(prefix);
      boolean marked = MessageFraming.isContinuation(length);
      if (marked) {
        if (readPrefix(prefix) < 4) {
          throw truncated("the message length");
        }
        length = le32(prefix);
      }
      if (length == 0) {
        ended = true;
        return null;
      }
      // Every signature ForeignFormat knows reads as an impossible legacy length (odd, or of over 64 MiB).
      if (index == 0 && start == 0 && !marked && (length < 0 || length > options.maxMetadataLength()
          || ForeignFormat.describe(prefix, 4) != null)) {
        throw notArrow(prefix, 4);
      }
      if (length < 0 || length > options.maxMetadataLength()) {
        throw new ArrowFormatException("message metadata length " + Integer.toUnsignedLong(length)
            + " is out of range (limit " + options.maxMetadataLength() + ")");
      }
      ByteBuffer metadata = readMetadata(length);
      Message message = parser.apply(metadata);
      long bodyLength = message.bodyLength();
      if (bodyLength < 0) {
        throw new ArrowFormatException("negative body length " + bodyLength);
      }
      ArrowBuffer body = readBody(bodyLength);
      return new ReadMessage(message, body, start, index++);
    } catch (ArrowFormatException e) {
      ended = true;
      throw e.at(where).in(name);
    }
  }

  static ArrowFormatException truncated(String what) {
    return new ArrowFormatException("truncated: the input ends inside " + what);
  }

  static int le32(byte[] b) {
    return (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24;
  }

  /** Where the next byte is read from. */
  abstract long position();

  /** Reads up to 4 bytes, stopping early only at the end of the input; returns how many. */
  abstract int readPrefix(byte[] into) throws IOException;

  abstract ByteBuffer readMetadata(int length) throws IOException;

  abstract ArrowBuffer readBody(long length) throws IOException;

  /**
   * The message a file footer's {@code block} points at, after checking the block lies within the source
   * and agrees with the message's own framing.
   */
  public static ReadMessage readBlock(ByteSource source, Block block, int index, ReadOptions options)
      throws IOException {
    return readBlock(source, block, index, options, MetadataFlatbuffers::readMessage);
  }

  public static ReadMessage readBlock(ByteSource source, Block block, int index, ReadOptions options,
      Function<ByteBuffer, Message> parser) throws IOException {
    long offset = block.offset();
    int metaLength = block.metaDataLength();
    long bodyLength = block.bodyLength();
    try {
      MessageFraming.requireWithinFile(block, source.size());
      Message message = MessageFraming.blockMessage(source.read(offset, metaLength), metaLength, bodyLength,
          options, parser);
      ArrowBuffer body = source.read(offset + metaLength, message.bodyLength());
      return new ReadMessage(message, body, offset, index);
    } catch (ArrowFormatException e) {
      throw e.in(source.name()); // the caller knows what the block is and says where
    }
  }

  private static final class SourceReader extends MessageReader {
    private final ByteSource source;
    private long position;

    SourceReader(ByteSource source, long start, ReadOptions options, Function<ByteBuffer, Message> parser) {
      super(source.name(), options, parser);
      this.source = source;
      this.position = start;
    }

    @Override
    long position() {
      return position;
    }

    private long remaining() {
      return Math.max(0, source.size() - position);
    }

    @Override
    int readPrefix(byte[] into) throws IOException {
      int n = (int) Math.min(4, remaining());
      if (n > 0) {
        source.read(position, n).getBytes(0, into, 0, n);
        position += n;
      }
      return n;
    }

    @Override
    ByteBuffer readMetadata(int length) throws IOException {
      if (length > remaining()) {
        throw truncated("the message metadata (" + length + " bytes declared, " + remaining() + " left)");
      }
      ArrowBuffer fb = source.read(position, length);
      position += length;
      return MessageFraming.contiguous(fb);
    }

    @Override
    ArrowBuffer readBody(long length) throws IOException {
      if (length > remaining()) {
        throw truncated("the message body (" + length + " bytes declared, " + remaining() + " left)");
      }
      ArrowBuffer body = source.read(position, length);
      position += length;
      return body;
    }

    @Override
    public void close() throws IOException {
      source.close();
    }
  }

  private static final class StreamReader extends MessageReader {
    private static final int FIRST_ALLOCATION = 1 << 20;
    private final InputStream in;
    private long position;

    StreamReader(InputStream in, String name, ReadOptions options, Function<ByteBuffer, Message> parser) {
      super(name, options, parser);
      this.in = in;
    }

    @Override
    long position() {
      return position;
    }

    private int readFully(byte[] into, int off, int len) throws IOException {
      int n = in.readNBytes(into, off, len);
      position += n;
      return n;
    }

    @Override
    int readPrefix(byte[] into) throws IOException {
      return readFully(into, 0, 4);
    }

    @Override
    ByteBuffer readMetadata(int length) throws IOException {
      byte[] bytes = readGrowing(length, "the message metadata");
      return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Exactly {@code length} bytes, allocating only as they arrive. */
    private byte[] readGrowing(int length, String what) throws IOException {
      byte[] buf = new byte[Math.min(length, FIRST_ALLOCATION)];
      int n = 0;
      while (n < length) {
        if (n == buf.length) {
          buf = java.util.Arrays.copyOf(buf, (int) Math.min(length, (long) buf.length * 2));
        }
        int r = readFully(buf, n, buf.length - n);
        n += r;
        if (n < buf.length) {
          throw truncated(what + " (" + length + " bytes declared, " + n + " read)");
        }
      }
      return buf;
    }

    @Override
    ArrowBuffer readBody(long length) throws IOException {
      if (length <= Integer.MAX_VALUE - 8) {
        return ArrowBuffer.wrap(readGrowing((int) length, "the message body"));
      }
      List<ByteBuffer> chunks = new ArrayList<>();
      long left = length;
      while (left > 0) {
        int n = (int) Math.min(left, ArrowBuffer.CHUNK_SIZE);
        chunks.add(ByteBuffer.wrap(readGrowing(n, "the message body")));
        left -= n;
      }
      return ArrowBuffer.ofChunks(chunks.toArray(new ByteBuffer[0]));
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
