package io.arrowfile.ipc.codec;

import io.arrowfile.columnar.ArrowFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Decodes an LZ4 frame (lz4's frame format) straight into an output array of the length Arrow declared.
 *
 * <p>lz4-java's {@code LZ4FrameInputStream} allocates two buffers of the frame's declared block size (up
 * to 4 MiB) per stream, and Arrow compresses every buffer as its own frame: a batch of many small buffers
 * cost megabytes of allocation each. Here each block decompresses in place into the output, and the
 * declared length is first checked against what LZ4 can expand the bytes actually present into.
 */
final class Lz4Frame {
  private static final int MAGIC = 0x184D2204;
  private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
  private static final int SKIPPABLE_MAGIC = 0x184D2A50;
  /** LZ4 sequences expand at most ~255 to 1; anything claiming more can't be valid. */
  static final long MAX_RATIO = 255;

  private static final LZ4SafeDecompressor DECOMPRESSOR = LZ4Factory.fastestInstance().safeDecompressor();
  private static final XXHash32 XXHASH = XXHashFactory.fastestInstance().hash32();

  private Lz4Frame() {}

  /**
   * Whether {@code in} (a frame, position to limit) can be decoded here: independent blocks only; frames
   * whose blocks reference earlier blocks go the streaming way.
   */
  static boolean independentBlocks(ByteBuffer in) {
    if (in.remaining() < 7 || in.order(ByteOrder.LITTLE_ENDIAN).getInt(in.position()) != MAGIC) {
      return false;
    }
    return (in.get(in.position() + 4) & 0x20) != 0;
  }

  /** Decodes the frame(s) in {@code in} into exactly {@code out.length} bytes. */
  static void decode(ByteBuffer in, byte[] out) {
    ByteBuffer src = in.slice().order(ByteOrder.LITTLE_ENDIAN);
    int written = 0;
    while (src.hasRemaining()) {
      int magic = readInt(src, "frame magic");
      if ((magic & SKIPPABLE_MASK) == SKIPPABLE_MAGIC) {
        int skip = readInt(src, "skippable frame size");
        require(skip >= 0 && skip <= src.remaining(), "skippable frame of " + skip + " bytes overruns the buffer");
        src.position(src.position() + skip);
        continue;
      }
      require(magic == MAGIC, "not an LZ4 frame (magic " + Integer.toHexString(magic) + ")");
      written = frame(src, out, written);
    }
    require(written == out.length, "LZ4 data decompresses to " + written + " bytes, not the declared " + out.length);
  }

  private static int frame(ByteBuffer src, byte[] out, int written) {
    int headerStart = src.position();
    require(src.remaining() >= 3, "LZ4 frame header is truncated");
    int flg = src.get() & 0xFF;
    int bd = src.get() & 0xFF;
    require((flg >>> 6) == 1, "LZ4 frame version " + (flg >>> 6) + " is not 1");
    require((flg & 0x02) == 0 && (bd & 0x8F) == 0, "LZ4 frame header has reserved bits set");
    require((flg & 0x20) != 0, "LZ4 frame with dependent blocks");
    int blockMax = 1 << (8 + 2 * ((bd >>> 4) & 7));
    require(((bd >>> 4) & 7) >= 4, "LZ4 frame declares an invalid block size");
    boolean blockChecksum = (flg & 0x10) != 0;
    boolean contentSize = (flg & 0x08) != 0;
    boolean contentChecksum = (flg & 0x04) != 0;
    boolean dictionary = (flg & 0x01) != 0;
    require(!dictionary, "LZ4 frame needs a dictionary, which Arrow never uses");
    long declaredContent = -1;
    if (contentSize) {
      require(src.remaining() >= 8, "LZ4 frame header is truncated");
      declaredContent = src.getLong();
    }
    require(src.remaining() >= 1, "LZ4 frame header is truncated");
    int headerLength = src.position() - headerStart;
    int hc = src.get() & 0xFF;
    int expectedHc = (XXHASH.hash(src, headerStart, headerLength, 0) >>> 8) & 0xFF;
    require(hc == expectedHc, "LZ4 frame header checksum does not match");
    int frameStart = written;
    while (true) {
      int size = readInt(src, "block size");
      if (size == 0) {
        break;
      }
      boolean stored = size < 0;
      int length = size & 0x7FFFFFFF;
      require(length <= blockMax && length <= src.remaining(),
          "LZ4 block of " + length + " bytes is larger than the frame's blocks or the buffer");
      int at = src.position();
      if (blockChecksum) {
        require(src.remaining() - length >= 4, "LZ4 block checksum is truncated");
        int expected = src.getInt(at + length);
        require(XXHASH.hash(src, at, length, 0) == expected, "LZ4 block checksum does not match");
      }
      int room = Math.min(blockMax, out.length - written);
      if (stored) {
        require(length <= out.length - written, "LZ4 data decompresses to more than the declared " + out.length + " bytes");
        src.get(at, out, written, length);
        written += length;
      } else {
        try {
          written += DECOMPRESSOR.decompress(src, at, length, ByteBuffer.wrap(out), written, room);
        } catch (LZ4Exception e) {
          throw new ArrowFormatException("corrupt LZ4 block: " + e.getMessage(), e);
        }
      }
      src.position(at + length + (blockChecksum ? 4 : 0));
    }
    if (contentChecksum) {
      int expected = readInt(src, "content checksum");
      require(XXHASH.hash(out, frameStart, written - frameStart, 0) == expected, "LZ4 content checksum does not match");
    }
    require(declaredContent < 0 || declaredContent == written - frameStart,
        "LZ4 frame declares " + declaredContent + " bytes of content but holds " + (written - frameStart));
    return written;
  }

  private static int readInt(ByteBuffer src, String what) {
    require(src.remaining() >= 4, "LZ4 " + what + " is truncated");
    return src.getInt();
  }

  private static void require(boolean ok, String what) {
    if (!ok) {
      throw new ArrowFormatException(what);
    }
  }
}
