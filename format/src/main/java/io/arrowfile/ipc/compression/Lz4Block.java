package io.arrowfile.ipc.compression;

import io.arrowfile.columnar.ArrowFormatException;
import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * Decodes one block of the LZ4 block format into an output array that may already hold earlier output a match
 * can copy from: the previous blocks of a frame whose blocks are linked.
 *
 * <p>lz4-java's decompressors take a block on its own and refuse any match that reaches before the block's first
 * byte, which is what a linked block legitimately does (Arrow C++, and so pyarrow and pandas, write linked blocks
 * by default). The format is small: sequences of a token (literal length, match length), literals, and a 2-byte
 * back offset. Every length and offset is checked against the bytes present and the room left, so hostile input
 * costs at most one pass over the input and the output.
 *
 * <p>A block that reaches back to nothing before it (every block of a frame of independent blocks, as our writer
 * makes them, and the first block of any frame) goes to lz4's own safe decoder through lz4-java's JNI binding
 * ({@code LZ4_decompress_safe}, built for untrusted input), about four times as fast as this one (measured on
 * TPC-H and TPC-DS column buffers: 2.4-2.6 against 0.5-0.7 GB/s). Should it refuse a block, this decoder decodes
 * it: lz4's decoder also enforces the block format's parsing restrictions on its end, which some encoders (lz4js)
 * do not keep and which this decoder, like earlier arrowfile, does not need. Where the native library does not
 * load, this decoder does all blocks.
 */
final class Lz4Block {
  /** The last five bytes of a block are always literals; the last match starts at least 12 bytes before its end. */
  private static final int MIN_MATCH = 4;
  /** The farthest back a match reaches: its offset is two bytes. */
  private static final int MAX_OFFSET = 0xFFFF;
  /** Each thread's window for the linked blocks decoded into direct memory (see decodeInJava). */
  private static final ThreadLocal<byte[]> WINDOW = ThreadLocal.withInitial(() -> new byte[0]);

  /** lz4's native safe decoder, or null where lz4-java's native library does not load on this platform. */
  private static final LZ4SafeDecompressor NATIVE = nativeDecoder();

  private Lz4Block() {}

  private static LZ4SafeDecompressor nativeDecoder() {
    try {
      return LZ4Factory.nativeInstance().safeDecompressor();
    } catch (LinkageError | RuntimeException e) { // no native library for this platform
      return null;
    }
  }

  /** Whether blocks with no history decode natively here ({@link #NATIVE}). */
  static boolean nativeDecoding() {
    return NATIVE != null;
  }

  /**
   * Decodes {@code length} bytes of {@code src} from {@code at} into {@code out} (writable, heap or direct memory,
   * indexed from its first byte) from {@code written}, writing at most {@code limit} bytes. Matches may reach back to
   * {@code historyStart} (not before it). Returns the bytes written.
   */
  static int decode(ByteBuffer src, int at, int length, ByteBuffer out, int written, int limit, int historyStart) {
    if (historyStart == written && NATIVE != null) {
      try {
        if (src.isDirect() || src.hasArray()) {
          return NATIVE.decompress(src, at, length, out, written, limit);
        }
        // A read-only view of heap memory, which lz4-java would decode in Java: the block is copied for it.
        byte[] block = new byte[length];
        src.get(at, block, 0, length);
        return NATIVE.decompress(ByteBuffer.wrap(block), 0, length, out, written, limit);
      } catch (LZ4Exception e) {
        // Decoded again here: this decoder names what is wrong, and takes what lz4's own refuses for its parsing
        // restrictions (the last literals and matches of a block), which lz4js, for one, does not keep.
        return decodeInJava(src, at, length, out, written, limit, historyStart);
      }
    }
    return decodeInJava(src, at, length, out, written, limit, historyStart);
  }

  /** {@link #decode} without the native decoder: every block, whatever it reaches back to. */
  private static int decodeInJava(ByteBuffer src, int at, int length, ByteBuffer out, int written, int limit,
      int historyStart) {
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
    if (out.hasArray()) {
      int o = out.arrayOffset();
      return decode(block, base, length, out.array(), o + written, limit, o + historyStart);
    }
    // Direct output, for the blocks lz4's own decoder does not take (those of linked frames after the first, most
    // blocks of the files pyarrow and pandas write): decoded into this thread's window, which holds the history a
    // match can reach (offsets are 16 bits), then copied over. A window per block cost a quarter of the decoding
    // (0.96 against 1.26 GB/s over a pandas file's frames).
    int from = Math.max(historyStart, written - MAX_OFFSET);
    int history = written - from;
    byte[] window = window(history + limit);
    out.get(from, window, 0, history);
    int n = decode(block, base, length, window, history, limit, 0);
    out.put(written, window, history, n);
    return n;
  }

  /**
   * This thread's window, at least {@code size} bytes: at most a block and its history (up to 8 MiB, a legacy frame's
   * block, and 64 KiB).
   */
  private static byte[] window(int size) {
    byte[] w = WINDOW.get();
    if (w.length < size) {
      w = new byte[size];
      WINDOW.set(w);
    }
    return w;
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
