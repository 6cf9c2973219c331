package io.arrowfile.ipc.codec;

import io.arrowfile.columnar.ArrowFormatException;
import java.nio.ByteBuffer;

/**
 * Decodes one block of the LZ4 block format into an output array that may already hold earlier output a match
 * can copy from: the previous blocks of a frame whose blocks are linked.
 *
 * <p>lz4-java's decompressors take a block on its own and refuse any match that reaches before the block's first
 * byte, which is what a linked block legitimately does (Arrow C++, and so pyarrow and pandas, write linked blocks
 * by default). The format is small: sequences of a token (literal length, match length), literals, and a 2-byte
 * back offset. Every length and offset is checked against the bytes present and the room left, so hostile input
 * costs at most one pass over the input and the output.
 */
final class Lz4Block {
  /** The last five bytes of a block are always literals; the last match starts at least 12 bytes before its end. */
  private static final int MIN_MATCH = 4;

  private Lz4Block() {}

  /**
   * Decodes {@code length} bytes of {@code src} from {@code at} into {@code out} from {@code written}, writing at
   * most {@code limit} bytes. Matches may reach back to {@code historyStart} (not before it). Returns the bytes
   * written.
   */
  static int decode(ByteBuffer src, int at, int length, byte[] out, int written, int limit, int historyStart) {
    // Decoded from an array: a ByteBuffer's per-call checks cost more than the copies of a block's short literals
    // and lengths (JFR: ByteBuffer.getArray was a third of the decoder's samples). A direct buffer's block is
    // copied out once.
    byte[] block;
    int base;
    if (src.hasArray()) {
      block = src.array();
      base = src.arrayOffset() + at;
    } else {
      block = new byte[length];
      src.get(at, block, 0, length);
      base = 0;
    }
    return decode(block, base, length, out, written, limit, historyStart);
  }

  private static int decode(byte[] src, int at, int length, byte[] out, int written, int limit, int historyStart) {
    int in = at;
    int end = at + length;
    int o = written;
    int outEnd = written + limit;
    while (true) {
      if (in >= end) {
        throw corrupt("the block ends before its last sequence", in - at);
      }
      int token = src[in++] & 0xFF;
      int literals = token >>> 4;
      if (literals == 15) {
        int b;
        do {
          if (in >= end) {
            throw corrupt("a literal length runs past the end of the block", in - at);
          }
          b = src[in++] & 0xFF;
          literals += b;
        } while (b == 255 && literals < Integer.MAX_VALUE - 255);
      }
      if (literals > end - in) {
        throw corrupt(literals + " literals run past the end of the block", in - at);
      }
      if (literals > outEnd - o) {
        throw corrupt("the block decompresses to more than the " + limit + " bytes it may hold", in - at);
      }
      System.arraycopy(src, in, out, o, literals);
      in += literals;
      o += literals;
      if (in == end) {
        return o - written; // the last sequence: literals only
      }
      if (end - in < 2) {
        throw corrupt("a match offset is cut off by the end of the block", in - at);
      }
      int offset = (src[in] & 0xFF) | (src[in + 1] & 0xFF) << 8;
      in += 2;
      if (offset == 0) {
        throw corrupt("a match offset 0 (a match must copy earlier output)", in - at);
      }
      if (offset > o - historyStart) {
        throw corrupt("a match offset of " + offset + " reaches before the start of the frame's output", in - at);
      }
      int matchLength = token & 0x0F;
      if (matchLength == 15) {
        int b;
        do {
          if (in >= end) {
            throw corrupt("a match length runs past the end of the block", in - at);
          }
          b = src[in++] & 0xFF;
          matchLength += b;
        } while (b == 255 && matchLength < Integer.MAX_VALUE - 255);
      }
      matchLength += MIN_MATCH;
      if (matchLength > outEnd - o) {
        throw corrupt("the block decompresses to more than the " + limit + " bytes it may hold", in - at);
      }
      int from = o - offset;
      if (offset >= matchLength) {
        System.arraycopy(out, from, out, o, matchLength);
      } else if (offset == 1) {
        java.util.Arrays.fill(out, o, o + matchLength, out[from]);
      } else {
        // Overlapping: the copy repeats the last `offset` bytes; doubling chunks keeps it a few arraycopies.
        int copied = 0;
        while (copied < matchLength) {
          int n = Math.min(o + copied - from, matchLength - copied);
          System.arraycopy(out, from, out, o + copied, n);
          copied += n;
        }
      }
      o += matchLength;
    }
  }

  private static ArrowFormatException corrupt(String what, int position) {
    return new ArrowFormatException("corrupt LZ4 block at byte " + position + " of the block: " + what);
  }
}
