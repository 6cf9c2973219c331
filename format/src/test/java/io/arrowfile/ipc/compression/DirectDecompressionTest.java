package io.arrowfile.ipc.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Buffers decompressed into memory the reader gives (a scan's reused off-heap memory): the same bytes as into a
 * fresh array, from heap or direct input; the same checks and failures; and never a byte written outside the memory
 * given, which the tests surround with guard bytes.
 */
class DirectDecompressionTest {
  private static final byte GUARD = 0x5A;
  private static final int GUARD_BYTES = 256;

  /** Memory for the decompressor: direct slices of a larger buffer, guard bytes after each; what it was asked for. */
  private static final class GuardedMemory implements IntFunction<ByteBuffer> {
    final List<Integer> asked = new ArrayList<>();
    final List<ByteBuffer> whole = new ArrayList<>();

    @Override
    public ByteBuffer apply(int size) {
      asked.add(size);
      ByteBuffer b = ByteBuffer.allocateDirect(size + GUARD_BYTES);
      for (int i = 0; i < b.capacity(); i++) {
        b.put(i, GUARD);
      }
      whole.add(b);
      return b.slice(0, size);
    }

    void assertGuardsIntact() {
      for (int k = 0; k < whole.size(); k++) {
        ByteBuffer b = whole.get(k);
        for (int i = asked.get(k); i < b.capacity(); i++) {
          assertEquals(GUARD, b.get(i), "byte " + i + " past the " + asked.get(k) + " bytes given");
        }
      }
    }
  }

  private static ArrowBuffer direct(ArrowBuffer heap) {
    byte[] bytes = heap.toByteArray();
    return ArrowBuffer.wrap(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip());
  }

  private static ArrowBuffer withDeclared(ArrowBuffer compressed, long declared) {
    byte[] b = compressed.toByteArray();
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(0, declared);
    return ArrowBuffer.wrap(b);
  }

  @ParameterizedTest(name = "{0}, direct input {1}")
  @CsvSource({"ZSTD, true", "ZSTD, false", "LZ4_FRAME, true", "LZ4_FRAME, false"})
  void decompressesIntoTheMemoryGiven(CompressionCodec codec, boolean directInput) {
    for (int n : new int[] {1, 100, 100_000, 5_000_000}) {
      byte[] data = BodyCompressionTest.compressible(n);
      ArrowBuffer compressed = BodyCompression.compress(codec, ArrowBuffer.wrap(data), 3);
      ArrowBuffer in = directInput ? direct(compressed) : compressed;
      GuardedMemory memory = new GuardedMemory();
      ArrowBuffer out = BodyCompression.decompress(codec, in, Long.MAX_VALUE, memory);
      assertArrayEquals(data, out.toByteArray(), n + " bytes");
      // zstd-jni writes a heap source into direct memory only from 1.5.7 (Spark 3.5 and 4.0 ship older): a fresh
      // array then, as before.
      boolean intoMemory = codec == CompressionCodec.LZ4_FRAME || directInput;
      assertEquals(intoMemory ? List.of(n) : List.of(), memory.asked, "asked for exactly the declared length");
      assertEquals(intoMemory, out.asByteBuffer().isDirect());
      memory.assertGuardsIntact();
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void storedAndEmptyBuffersTakeNoMemory(CompressionCodec codec) {
    GuardedMemory memory = new GuardedMemory();
    byte[] raw = new byte[8 + 100];
    ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).putLong(0, BodyCompression.UNCOMPRESSED);
    raw[8 + 99] = 42;
    ArrowBuffer stored = BodyCompression.decompress(codec, direct(ArrowBuffer.wrap(raw)), Long.MAX_VALUE, memory);
    assertEquals(100, stored.length());
    assertEquals(42, stored.getByte(99), "the stored bytes, in place");
    assertSame(ArrowBuffer.EMPTY, BodyCompression.decompress(codec, ArrowBuffer.EMPTY, 0, memory));
    assertSame(ArrowBuffer.EMPTY, BodyCompression.decompress(codec, direct(ArrowBuffer.wrap(new byte[8])), 0, memory));
    assertEquals(List.of(), memory.asked);
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void aDeclaredLengthThatIsNotTheRealOneFailsWithinTheMemoryGiven(CompressionCodec codec) {
    int n = 1 << 20;
    ArrowBuffer compressed = BodyCompression.compress(codec, ArrowBuffer.wrap(BodyCompressionTest.random(n)), 3);
    for (long declared : new long[] {n - 1, n - 4096, 1000, n + 1, n + 4096}) {
      GuardedMemory memory = new GuardedMemory();
      ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> BodyCompression.decompress(codec,
          direct(withDeclared(compressed, declared)), Long.MAX_VALUE, memory), "declared " + declared);
      // zstd names its own error (the destination is too small); LZ4 that the data makes more than it may.
      String says = declared > n ? "declared" : codec == CompressionCodec.ZSTD ? "ZSTD" : "more than";
      assertTrue(e.getMessage().contains(says), e.getMessage());
      memory.assertGuardsIntact();
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void corruptDataFailsNamingTheCodecAndWritesNothingPastTheMemory(CompressionCodec codec) {
    byte[] data = BodyCompressionTest.compressible(1 << 20);
    byte[] compressed = BodyCompression.compress(codec, ArrowBuffer.wrap(data), 3).toByteArray();
    java.util.Random random = new java.util.Random(40);
    for (int trial = 0; trial < 200; trial++) {
      byte[] damaged = compressed.clone();
      for (int k = 0; k < 1 + trial % 4; k++) {
        damaged[8 + random.nextInt(damaged.length - 8)] ^= (byte) (1 + random.nextInt(255));
      }
      GuardedMemory memory = new GuardedMemory();
      try {
        ArrowBuffer out = BodyCompression.decompress(codec, direct(ArrowBuffer.wrap(damaged)), Long.MAX_VALUE,
            memory);
        assertEquals(data.length, out.length(), "what decodes has the declared length");
      } catch (ArrowFormatException e) {
        assertFalse(e.getMessage().isEmpty());
      }
      memory.assertGuardsIntact();
    }
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> BodyCompression.decompress(codec,
        direct(ArrowBuffer.wrap(java.util.Arrays.copyOf(compressed, compressed.length / 2))), Long.MAX_VALUE,
        new GuardedMemory()));
    assertTrue(e.getMessage().contains(codec == CompressionCodec.ZSTD ? "ZSTD" : "LZ4"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void memoryThatIsNotWritableDirectMemoryIsRefused(CompressionCodec codec) {
    ArrowBuffer compressed = direct(BodyCompression.compress(codec, ArrowBuffer.wrap(new byte[1000]), 3));
    assertThrows(IllegalStateException.class,
        () -> BodyCompression.decompress(codec, compressed, Long.MAX_VALUE, ByteBuffer::allocate));
    assertThrows(IllegalStateException.class, () -> BodyCompression.decompress(codec, compressed, Long.MAX_VALUE,
        size -> ByteBuffer.allocateDirect(size).asReadOnlyBuffer()));
    assertThrows(IllegalStateException.class,
        () -> BodyCompression.decompress(codec, compressed, Long.MAX_VALUE, size -> ByteBuffer.allocateDirect(size - 1)));
  }
}
