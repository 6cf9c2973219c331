package io.arrowfile.ipc.compression;

import io.arrowfile.columnar.ArrowFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Decodes LZ4 frames (lz4's frame format) straight into an output array of the length Arrow declared: frames
 * with independent or linked blocks, stored blocks, the optional block and content checksums and content size,
 * skippable frames, and the legacy frame format.
 *
 * <p>The whole frame decodes into the buffer's final memory, so a block of a linked frame (Arrow C++'s default,
 * and so pyarrow's, pandas' and Polars') copies its matches from the blocks before it where they already lie.
 * lz4-java's {@code LZ4FrameInputStream} refuses linked blocks, and allocated two buffers of the frame's block
 * size (up to 4 MiB) per Arrow buffer. The declared length is first checked against what LZ4 can expand the
 * bytes actually present into.
 */
final class Lz4Frame {
  private static final int MAGIC = 0x184D2204;
  private static final int LEGACY_MAGIC = 0x184C2102;
  /** A legacy frame's blocks each decompress to at most 8 MiB. */
  private static final int LEGACY_BLOCK = 8 << 20;
  private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
  private static final int SKIPPABLE_MAGIC = 0x184D2A50;
  /** LZ4 sequences expand at most ~255 to 1; anything claiming more can't be valid. */
  static final long MAX_RATIO = 255;

  private static final XXHash32 XXHASH = XXHashFactory.fastestInstance().hash32();

  private Lz4Frame() {}

  /** Decodes the frame(s) in {@code in} into exactly {@code out.length} bytes. */
  static void decode(ByteBuffer in, byte[] out) {
    decode(in, ByteBuffer.wrap(out));
  }

  /**
   * Decodes the frame(s) in {@code in} into exactly {@code out}'s capacity (writable, heap or direct memory, from its
   * first byte; its position and limit are not used).
   */
  static void decode(ByteBuffer in, ByteBuffer out) {
    int capacity = out.capacity();
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
      if (magic == LEGACY_MAGIC) {
        written = legacyFrame(src, out, written);
        continue;
      }
      require(magic == MAGIC, "not an LZ4 frame (magic 0x" + Integer.toHexString(magic) + ")");
      written = frame(src, out, written);
    }
    require(written == capacity, "LZ4 data decompresses to " + written + " bytes, not the declared " + capacity);
  }

  private static int frame(ByteBuffer src, ByteBuffer out, int written) {
    int headerStart = src.position();
    require(src.remaining() >= 3, "LZ4 frame header is truncated");
    int flg = src.get() & 0xFF;
    int bd = src.get() & 0xFF;
    require((flg >>> 6) == 1, "LZ4 frame version " + (flg >>> 6) + " is not 1");
    require((flg & 0x02) == 0 && (bd & 0x8F) == 0, "LZ4 frame header has reserved bits set");
    boolean linked = (flg & 0x20) == 0;
    int blockMax = 1 << (8 + 2 * ((bd >>> 4) & 7));
    require(((bd >>> 4) & 7) >= 4, "LZ4 frame declares an invalid block size");
    boolean blockChecksum = (flg & 0x10) != 0;
    boolean contentSize = (flg & 0x08) != 0;
    boolean contentChecksum = (flg & 0x04) != 0;
    boolean dictionary = (flg & 0x01) != 0;
    require(!dictionary, "LZ4 frame needs a dictionary (DictID flag), which Arrow never uses");
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
    for (int block = 0; ; block++) {
      int size = readInt(src, "block size");
      if (size == 0) {
        break;
      }
      boolean stored = size < 0;
      int length = size & 0x7FFFFFFF;
      if (length > blockMax || length > src.remaining()) { // messages are built only on failure: this runs per block
        throw new ArrowFormatException("LZ4 block " + block + " of " + length + " bytes is larger than the frame's "
            + "blocks (" + blockMax + ") or the bytes left (" + src.remaining() + ")");
      }
      int at = src.position();
      if (blockChecksum) {
        if (src.remaining() - length < 4) {
          throw new ArrowFormatException("LZ4 block " + block + ": its checksum is truncated");
        }
        if (XXHASH.hash(src, at, length, 0) != src.getInt(at + length)) {
          throw new ArrowFormatException("LZ4 block " + block + ": checksum does not match");
        }
      }
      int room = Math.min(blockMax, out.capacity() - written);
      if (stored) {
        if (length > room) {
          throw new ArrowFormatException("LZ4 data decompresses to more than the declared " + out.capacity()
              + " bytes");
        }
        out.put(written, src, at, length);
        written += length;
      } else {
        try {
          written += Lz4Block.decode(src, at, length, out, written, room, linked ? frameStart : written);
        } catch (ArrowFormatException e) {
          throw new ArrowFormatException("LZ4 block " + block + " of a frame: " + e.getMessage(), e);
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

  /**
   * The legacy frame (lz4 before the frame format, still written by {@code lz4 -l}): independent blocks of up to
   * 8 MiB of output, each behind its 4-byte compressed size, with no end mark; the frame ends with the input or
   * where another frame's magic number stands in place of a size.
   */
  private static int legacyFrame(ByteBuffer src, ByteBuffer out, int written) {
    for (int block = 0; src.remaining() >= 4; block++) {
      int size = src.getInt(src.position());
      if (size == MAGIC || size == LEGACY_MAGIC || (size & SKIPPABLE_MASK) == SKIPPABLE_MAGIC) {
        break;
      }
      src.position(src.position() + 4);
      require(size > 0 && size <= src.remaining(), "LZ4 legacy block " + block + " of " + size
          + " bytes does not fit the " + src.remaining() + " bytes left");
      int room = Math.min(LEGACY_BLOCK, out.capacity() - written);
      int at = src.position();
      try {
        written += Lz4Block.decode(src, at, size, out, written, room, written);
      } catch (ArrowFormatException e) {
        throw new ArrowFormatException("LZ4 legacy block " + block + ": " + e.getMessage(), e);
      }
      src.position(at + size);
    }
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
