package io.arrowfile.ipc.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BodyCompressionTest {
  static byte[] compressible(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i % 7);
    }
    return b;
  }

  static byte[] random(int n) {
    byte[] b = new byte[n];
    new Random(42).nextBytes(b);
    return b;
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void roundTrip(CompressionCodec codec) {
    for (int n : new int[] {1, 8, 100, 100_000, 5_000_000}) {
      byte[] data = compressible(n);
      ArrowBuffer c = BodyCompression.compress(codec, ArrowBuffer.wrap(data), 3);
      long declared = c.getLong(0);
      if (n >= 100) {
        assertEquals(n, declared, "compressible data is stored compressed");
        assertTrue(c.length() < n);
      }
      assertArrayEquals(data, BodyCompression.decompress(codec, c, Long.MAX_VALUE).toByteArray());
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void incompressibleIsStillCompressedAndMinusOneStillReads(CompressionCodec codec) {
    byte[] data = random(1000);
    // Written compressed like Arrow C++ does: raw data behind the 8-byte prefix would lose its alignment.
    ArrowBuffer c = BodyCompression.compress(codec, ArrowBuffer.wrap(data), 3);
    assertEquals(1000, c.getLong(0));
    assertArrayEquals(data, BodyCompression.decompress(codec, c, Long.MAX_VALUE).toByteArray());
    // Other writers' buffers stored raw behind -1 still read.
    byte[] raw = new byte[1008];
    ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).putLong(0, -1);
    System.arraycopy(data, 0, raw, 8, 1000);
    assertArrayEquals(data, BodyCompression.decompress(codec, ArrowBuffer.wrap(raw), 10).toByteArray());
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void emptyStaysEmpty(CompressionCodec codec) {
    assertEquals(0, BodyCompression.compress(codec, ArrowBuffer.EMPTY, 3).length());
    assertEquals(0, BodyCompression.decompress(codec, ArrowBuffer.EMPTY, 0).length());
    // Arrow Java writes an empty buffer as a lone zero length
    assertEquals(0, BodyCompression.decompress(codec, ArrowBuffer.wrap(new byte[8]), 0).length());
  }

  private static ArrowBuffer withDeclared(ArrowBuffer compressed, long declared) {
    byte[] b = compressed.toByteArray();
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(0, declared);
    return ArrowBuffer.wrap(b);
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void bombsAndLiesAreRejected(CompressionCodec codec) {
    byte[] data = compressible(1 << 20);
    ArrowBuffer c = BodyCompression.compress(codec, ArrowBuffer.wrap(data), 3);
    // over the cap
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> BodyCompression.decompress(codec, c, 1000));
    assertTrue(e.getMessage().contains("limit"), e.getMessage());
    // declared size smaller or larger than the real one
    assertThrows(ArrowFormatException.class, () -> BodyCompression.decompress(codec, withDeclared(c, 1000), Long.MAX_VALUE));
    assertThrows(ArrowFormatException.class,
        () -> BodyCompression.decompress(codec, withDeclared(c, (1 << 20) + 1), Long.MAX_VALUE));
    // a huge declared size over a small payload fails after what the payload holds, not by allocating it all
    assertThrows(ArrowFormatException.class,
        () -> BodyCompression.decompress(codec, withDeclared(c, Integer.MAX_VALUE - 100), Long.MAX_VALUE));
    assertThrows(ArrowFormatException.class, () -> BodyCompression.decompress(codec, withDeclared(c, -7), Long.MAX_VALUE));
    // garbage payload and a too-short buffer
    byte[] junk = random(64);
    ByteBuffer.wrap(junk).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 1000);
    assertThrows(ArrowFormatException.class, () -> BodyCompression.decompress(codec, ArrowBuffer.wrap(junk), Long.MAX_VALUE));
    assertThrows(ArrowFormatException.class, () -> BodyCompression.decompress(codec, ArrowBuffer.wrap(new byte[5]), Long.MAX_VALUE));
  }

  @org.junit.jupiter.api.Test
  void readsPlainZstdFrames() {
    byte[] data = compressible(10_000);
    byte[] z = Zstd.compress(data, 1);
    ByteBuffer b = ByteBuffer.allocate(8 + z.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(data.length).put(z);
    assertArrayEquals(data, BodyCompression.decompress(CompressionCodec.ZSTD, ArrowBuffer.wrap(b.array()),
        Long.MAX_VALUE).toByteArray());
  }

  /** Frames as other LZ4 writers make them: block checksums, content size and checksum, several blocks. */
  @org.junit.jupiter.api.Test
  void readsLz4FramesWithEveryOptionalField() throws Exception {
    byte[] data = compressible(300_000);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (net.jpountz.lz4.LZ4FrameOutputStream out = new net.jpountz.lz4.LZ4FrameOutputStream(bytes,
        net.jpountz.lz4.LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB, data.length,
        net.jpountz.lz4.LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
        net.jpountz.lz4.LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM,
        net.jpountz.lz4.LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE,
        net.jpountz.lz4.LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
      out.write(data);
    }
    byte[] frame = bytes.toByteArray();
    ArrowBuffer buffer = withDeclared(ArrowBuffer.wrap(prefixed(frame)), data.length);
    assertArrayEquals(data, BodyCompression.decompress(CompressionCodec.LZ4_FRAME, buffer, Long.MAX_VALUE).toByteArray());

    frame[frame.length - 20] ^= 1; // inside the last block: its checksum no longer matches
    ArrowBuffer corrupt = withDeclared(ArrowBuffer.wrap(prefixed(frame)), data.length);
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> BodyCompression.decompress(CompressionCodec.LZ4_FRAME, corrupt, Long.MAX_VALUE));
    assertTrue(e.getMessage().contains("checksum"), e.getMessage());
  }

  @org.junit.jupiter.api.Test
  void lz4DeclaringMoreThanItsBytesCanHoldIsRejectedBeforeAllocating() {
    ArrowBuffer c = BodyCompression.compress(CompressionCodec.LZ4_FRAME, ArrowBuffer.wrap(compressible(10_000)), 3);
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> BodyCompression.decompress(CompressionCodec.LZ4_FRAME, withDeclared(c, 1L << 30), Long.MAX_VALUE));
    assertTrue(e.getMessage().contains("bytes of LZ4 can hold"), e.getMessage());
  }

  private static byte[] prefixed(byte[] frame) {
    byte[] out = new byte[8 + frame.length];
    System.arraycopy(frame, 0, out, 8, frame.length);
    return out;
  }
}
