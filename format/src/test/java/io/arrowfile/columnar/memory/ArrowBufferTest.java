package io.arrowfile.columnar.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrowBufferTest {

  @Test
  void readsLittleEndianWhateverTheSourceOrder() {
    ByteBuffer big = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
    big.order(ByteOrder.LITTLE_ENDIAN).putInt(0, 0x01020304).putLong(8, -2L);
    ArrowBuffer buffer = ArrowBuffer.wrap(big.order(ByteOrder.BIG_ENDIAN));
    assertEquals(0x01020304, buffer.getInt(0));
    assertEquals(0x0304, buffer.getShort(0));
    assertEquals(-2L, buffer.getLong(8));
    assertEquals(16, buffer.length());
  }

  @Test
  void slicesShareMemoryAndCheckBounds() {
    byte[] bytes = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    ArrowBuffer slice = ArrowBuffer.wrap(bytes).slice(2, 5);
    assertEquals(5, slice.length());
    assertEquals(2, slice.getByte(0));
    bytes[2] = 42;
    assertEquals(42, slice.getByte(0), "a slice is a view, not a copy");
    assertThrows(IndexOutOfBoundsException.class, () -> slice.getByte(5));
    assertThrows(IndexOutOfBoundsException.class, () -> slice.getInt(2));
    assertThrows(IndexOutOfBoundsException.class, () -> slice.getLong(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> slice.slice(3, 3));
  }

  @Test
  void everyKindOfMemoryReadsTheSameAndStopsAtTheViewsEnd() {
    byte[] all = new byte[64];
    new java.util.Random(7).nextBytes(all);
    int from = 3;
    int n = 37; // not a multiple of 8: bit reads near the end can't load a whole word
    byte[] view = java.util.Arrays.copyOfRange(all, from, from + n);
    ByteBuffer direct = ByteBuffer.allocateDirect(all.length).put(all).clear();
    ArrowBuffer[] forms = {
        ArrowBuffer.wrap(view),
        ArrowBuffer.wrap(all, from, n),
        ArrowBuffer.wrap(ByteBuffer.wrap(all, from, n).asReadOnlyBuffer()),
        ArrowBuffer.wrap(direct.slice(from, n)),
        ArrowBuffer.wrap(direct.slice(from, n).asReadOnlyBuffer()),
        ArrowBuffer.wrap(all).slice(from, n),
    };
    ByteBuffer expected = ByteBuffer.wrap(view).order(ByteOrder.LITTLE_ENDIAN);
    for (ArrowBuffer b : forms) {
      assertEquals(n, b.length());
      for (int i = 0; i < n; i++) {
        assertEquals(expected.get(i), b.getByte(i));
        if (i + 2 <= n) {
          assertEquals(expected.getShort(i), b.getShort(i));
        }
        if (i + 4 <= n) {
          assertEquals(expected.getInt(i), b.getInt(i));
        }
        if (i + 8 <= n) {
          assertEquals(expected.getLong(i), b.getLong(i));
        }
      }
      for (int bit = 0; bit < n * 8; bit++) {
        assertEquals(((view[bit >>> 3] >> (bit & 7)) & 1) != 0, b.getBit(bit), "bit " + bit + " of " + b);
      }
      // longs in bulk from any byte: the same as one getLong each
      for (int i = 0; i + 8 <= n; i++) {
        int count = (n - i) / 8;
        long[] bulk = new long[count + 1];
        b.getLongs(i, bulk, 1, count);
        for (int k = 0; k < count; k++) {
          assertEquals(expected.getLong(i + 8 * k), bulk[1 + k], "long " + k + " from byte " + i + " of " + b);
        }
      }
      final ArrowBuffer buffer = b;
      assertThrows(IndexOutOfBoundsException.class, () -> buffer.getLongs(n - 15, new long[2], 0, 2));
      // 64 bits from any bit on, zeros past the end: the same as 64 single-bit reads.
      for (int start = 0; start < n * 8 + 16; start++) {
        long word = 0;
        for (int j = 0; j < 64 && start + j < n * 8; j++) {
          word |= (b.getBit(start + j) ? 1L : 0L) << j;
        }
        assertEquals(word, b.getBits(start), "64 bits from " + start + " of " + b);
      }
      // The backing memory goes on, the view does not.
      assertThrows(IndexOutOfBoundsException.class, () -> b.getByte(n));
      assertThrows(IndexOutOfBoundsException.class, () -> b.getLong(n - 7));
      assertThrows(IndexOutOfBoundsException.class, () -> b.getBit(n * 8L));
    }
  }

  @Test
  void indicesBeyondTwoGigabytesNeverWrapAround() {
    ArrowBuffer buffer = ArrowBuffer.wrap(new byte[16]);
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.getInt((1L << 32) + 4));
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.getByte(1L << 31));
  }

  @Test
  void bitsAreLeastSignificantFirst() {
    ArrowBuffer bitmap = ArrowBuffer.wrap(new byte[] {(byte) 0b0000_0101, (byte) 0b1000_0000});
    assertTrue(bitmap.getBit(0));
    assertFalse(bitmap.getBit(1));
    assertTrue(bitmap.getBit(2));
    assertTrue(bitmap.getBit(15));
    assertEquals(3, BitUtil.countSetBits(bitmap, 0, 16));
    assertEquals(1, BitUtil.countSetBits(bitmap, 1, 14), "bits 1..14 hold only bit 2");
  }

  @Test
  void countsSetBitsAtAnyAlignment() {
    byte[] bytes = new byte[40];
    java.util.Random random = new java.util.Random(7);
    random.nextBytes(bytes);
    ArrowBuffer bitmap = ArrowBuffer.wrap(bytes);
    for (int offset = 0; offset < 20; offset++) {
      for (int length : new int[] {0, 1, 7, 63, 64, 65, 200, 300}) {
        long expected = 0;
        for (int i = offset; i < offset + length; i++) {
          expected += (bytes[i >> 3] >> (i & 7)) & 1;
        }
        assertEquals(expected, BitUtil.countSetBits(bitmap, offset, length), offset + "+" + length);
      }
    }
  }

  /**
   * A buffer larger than 2 GiB, as a file region mapped in 1 GiB chunks: values that straddle two chunks
   * read as if memory were contiguous. The file is sparse, so this takes neither disk nor memory.
   */
  @Test
  void buffersLargerThanTwoGigabytesSpanChunks(@TempDir Path dir) throws IOException {
    long size = 2L * ArrowBuffer.CHUNK_SIZE + 100;
    Path file = dir.resolve("large.bin");
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(size);
      FileChannel channel = raf.getChannel();
      long straddle = ArrowBuffer.CHUNK_SIZE - 3; // a long that begins 3 bytes before chunk 1
      ByteBuffer value = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 0x1122334455667788L);
      channel.write(value, straddle);
      channel.write(ByteBuffer.wrap(new byte[] {9}), size - 1);

      MappedByteBuffer[] chunks = new MappedByteBuffer[3];
      for (int k = 0; k < 3; k++) {
        long start = (long) k * ArrowBuffer.CHUNK_SIZE;
        chunks[k] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(ArrowBuffer.CHUNK_SIZE, size - start));
      }
      ArrowBuffer buffer = ArrowBuffer.ofChunks(chunks);
      assertEquals(size, buffer.length());
      assertFalse(buffer.isContiguous());
      assertEquals(0x1122334455667788L, buffer.getLong(straddle));
      assertEquals(0x55667788, buffer.getInt(straddle));
      assertEquals(9, buffer.getByte(size - 1));
      assertArrayEquals(new byte[] {(byte) 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11},
          buffer.getBytes(straddle, 8));

      ArrowBuffer across = buffer.slice(straddle - 5, 20);
      assertEquals(0x1122334455667788L, across.getLong(5));
      assertFalse(across.isContiguous(), "a slice across chunks stays chunked");
      ArrowBuffer inside = buffer.slice(ArrowBuffer.CHUNK_SIZE + 10, 50);
      assertTrue(inside.isContiguous(), "a slice inside one chunk is a plain ByteBuffer view");
      assertEquals(2, across.nioBuffers().length);
      assertEquals(20, across.nioBuffers()[0].remaining() + across.nioBuffers()[1].remaining());
      assertThrows(IndexOutOfBoundsException.class, () -> buffer.getLong(size - 4));
    }
  }
}
