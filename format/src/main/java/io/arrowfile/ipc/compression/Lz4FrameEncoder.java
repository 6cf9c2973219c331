package io.arrowfile.ipc.compression;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The calls into lz4-java, and only those: LZ4 frames are written with lz4-java's block compressor, read with
 * {@link Lz4Frame} (ours), so only an LZ4_FRAME write loads this class and needs the jar (see {@link CodecLibrary}).
 *
 * <p>The frame is written here, around lz4's block compressor, straight into the caller's array: lz4-java's
 * {@code LZ4FrameOutputStream} copied every block through its own buffers and a stream and ran at about half lz4's
 * speed. Blocks are independent (each decodes on its own, natively, see {@link Lz4Block}), of the smallest block size
 * that holds the buffer, up to 4 MiB; a block lz4 cannot shrink is stored as it is, as the format allows.
 */
final class Lz4FrameEncoder {
  private static final int MAGIC = 0x184D2204;
  /** Version 01, independent blocks; bit 2 adds the content checksum. */
  private static final int FLG = 0x60;
  private static final int FLG_CONTENT_CHECKSUM = 0x04;
  /** Bit 31 of a block's size: the block is stored, not compressed. */
  private static final int STORED = 0x8000_0000;
  /** Magic, FLG, BD, header checksum; end mark; content checksum. */
  private static final int OVERHEAD = 4 + 3 + 4 + 4;

  private static final LZ4Compressor LZ4 = LZ4Factory.fastestInstance().fastCompressor();
  private static final XXHash32 XXHASH = XXHashFactory.fastestInstance().hash32();

  private Lz4FrameEncoder() {}

  /** The block size code (BD bits 6-4) and size: the smallest of 64 KiB, 256 KiB, 1 MiB and 4 MiB that holds n. */
  private static int blockCode(long n) {
    return n <= 64 << 10 ? 4 : n <= 256 << 10 ? 5 : n <= 1 << 20 ? 6 : 7;
  }

  private static int blockSize(int code) {
    return 1 << (8 + 2 * code);
  }

  /** The most bytes the frame of {@code n} bytes takes: each block at lz4's bound, plus the frame's own bytes. */
  static long bound(long n) {
    int block = blockSize(blockCode(n));
    long full = n / block;
    int rest = (int) (n % block);
    return OVERHEAD + full * (4 + LZ4.maxCompressedLength(block)) + (rest > 0 ? 4 + LZ4.maxCompressedLength(rest) : 0);
  }

  /**
   * Writes the LZ4 frame of {@code data} into {@code out} from {@code at} (room for {@link #bound} bytes); its
   * length.
   */
  static int compress(ArrowBuffer data, boolean checksum, byte[] out, int at) {
    // lz4-java hands arrays to lz4 as they are, but compresses a read-only view (what ArrowBuffer lends) in Java.
    byte[] src = data.toByteArray();
    int n = src.length;
    ByteBuffer dst = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
    int code = blockCode(n);
    int block = blockSize(code);
    int p = at;
    dst.putInt(p, MAGIC);
    out[p + 4] = (byte) (FLG | (checksum ? FLG_CONTENT_CHECKSUM : 0));
    out[p + 5] = (byte) (code << 4);
    out[p + 6] = (byte) (XXHASH.hash(out, p + 4, 2, 0) >>> 8);
    p += 7;
    for (int from = 0; from < n; from += block) {
      int length = Math.min(block, n - from);
      int size = LZ4.compress(src, from, length, out, p + 4, LZ4.maxCompressedLength(length));
      if (size >= length) { // lz4 did not shrink it: stored as it is, which also reads back as a plain copy
        System.arraycopy(src, from, out, p + 4, length);
        dst.putInt(p, length | STORED);
        size = length;
      } else {
        dst.putInt(p, size);
      }
      p += 4 + size;
    }
    dst.putInt(p, 0);
    p += 4;
    if (checksum) {
      dst.putInt(p, XXHASH.hash(src, 0, n, 0));
      p += 4;
    }
    return p - at;
  }
}
