package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.Message;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Function;

/**
 * The encapsulated message format's prefix, in one place for stream and file readers: the continuation marker
 * {@code 0xFFFFFFFF} and then the int32 metadata length, or, before Arrow 0.15 (the legacy format), the length
 * alone. Stream readers take the prefix a word at a time ({@link #isContinuation}); file readers have a footer
 * block's metadata part whole and take the message from it ({@link #blockMessage}).
 */
public final class MessageFraming {
  /** The marker before the metadata length since Arrow 0.15. */
  public static final int CONTINUATION = 0xFFFFFFFF;

  private MessageFraming() {}

  /** Whether the first word of a message is the continuation marker (else it is a legacy length). */
  public static boolean isContinuation(int firstWord) {
    return firstWord == CONTINUATION;
  }

  /** Fails unless footer {@code block} (its metadata part and body) lies within a file of {@code size} bytes. */
  public static void requireWithinFile(Block block, long size) {
    long offset = block.offset();
    int metaLength = block.metaDataLength();
    long bodyLength = block.bodyLength();
    if (offset < 0 || metaLength < 8 || bodyLength < 0 || offset > size || metaLength > size - offset
        || bodyLength > size - offset - metaLength) {
      throw new ArrowFormatException("footer block (offset " + offset + ", metadata " + metaLength
          + " bytes, body " + bodyLength + " bytes) is not within the file (" + size + " bytes)");
    }
  }

  /**
   * The message in a footer block's metadata part {@code head} ({@code metaDataLength} bytes: prefix, flatbuffer
   * and padding), after checking the declared metadata length fits the block and {@code options}, and the
   * message's body length fits the block's {@code bodyLength}.
   */
  public static Message blockMessage(ArrowBuffer head, int metaDataLength, long bodyLength, ReadOptions options,
      Function<ByteBuffer, Message> parser) {
    int first = head.getInt(0);
    int prefixLength = isContinuation(first) ? 8 : 4;
    int length = isContinuation(first) ? head.getInt(4) : first;
    if (length <= 0 || length > metaDataLength - prefixLength || length > options.maxMetadataLength()) {
      throw new ArrowFormatException("message metadata length " + length
          + " does not fit the block's metadata length " + metaDataLength);
    }
    Message message = parser.apply(contiguous(head.slice(prefixLength, length)));
    if (message.bodyLength() < 0 || message.bodyLength() > bodyLength) {
      throw new ArrowFormatException("message body length " + message.bodyLength()
          + " exceeds the block's body length " + bodyLength);
    }
    return message;
  }

  /**
   * Metadata bytes as the one ByteBuffer a Flatbuffers parser takes: shared when they lie in one chunk, else copied
   * (they straddle a chunk boundary of a large mapping).
   */
  public static ByteBuffer contiguous(ArrowBuffer bytes) {
    if (bytes.isContiguous()) {
      return bytes.asByteBuffer();
    }
    return ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
  }
}
