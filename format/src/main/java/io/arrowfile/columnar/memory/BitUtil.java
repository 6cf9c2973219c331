package io.arrowfile.columnar.memory;

/** Bitmap arithmetic for validity bitmaps and boolean values (LSB first, as the format lays them out). */
public final class BitUtil {
  private BitUtil() {}

  /** Bytes that hold {@code bits} bits. */
  public static long bytesForBits(long bits) {
    return (bits + 7) >>> 3;
  }

  /** {@code n} rounded up to a multiple of 8, the IPC body alignment. */
  public static long align8(long n) {
    return (n + 7) & ~7L;
  }

  /** {@code n} rounded up to a multiple of 64, the alignment and padding our writers use. */
  public static long align64(long n) {
    return (n + 63) & ~63L;
  }

  /** Number of set bits in {@code [bitOffset, bitOffset + bitLength)}. */
  public static long countSetBits(ArrowBuffer bitmap, long bitOffset, long bitLength) {
    long count = 0;
    long i = bitOffset;
    long end = bitOffset + bitLength;
    while (i < end && (i & 7) != 0) {
      if (bitmap.getBit(i)) {
        count++;
      }
      i++;
    }
    // Whole bytes, 8 at a time where possible.
    while (end - i >= 64) {
      count += Long.bitCount(bitmap.getLong(i >>> 3));
      i += 64;
    }
    while (end - i >= 8) {
      count += Integer.bitCount(bitmap.getByte(i >>> 3) & 0xFF);
      i += 8;
    }
    while (i < end) {
      if (bitmap.getBit(i)) {
        count++;
      }
      i++;
    }
    return count;
  }
}
