package io.arrowfile.columnar.memory;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * An immutable, little-endian, 64-bit indexed view of bytes: a file region mapped into memory, off-heap
 * memory, or a heap array. Slices share memory with their parent; nothing here copies.
 *
 * <p>A {@link ByteBuffer} holds at most 2 GiB, so a buffer larger than that is kept as a sequence of
 * {@link #CHUNK_SIZE}-byte chunks. Reads of a buffer that fits one {@code ByteBuffer} (every buffer but
 * the very largest) take a single range test and one load; the chunked form is only ever on the slow path.
 * Multi-byte loads (and bitmap bits, a 64-bit word at a time) go through {@link VarHandle} views: of the array
 * for heap memory, of the {@code ByteBuffer} for direct or mapped memory. No call depends on the buffer's
 * class, and each load site sees one kind of memory, so a loop that reads both decompressed and mapped
 * buffers runs as fast as one that reads either.
 *
 * <p>Accessors do not validate Arrow semantics: callers check ranges once (see the validators) and then
 * read. An index outside the buffer still never reads foreign memory: it throws
 * {@link IndexOutOfBoundsException}.
 */
public final class ArrowBuffer {
  public static final int CHUNK_SHIFT = 30;
  public static final int CHUNK_SIZE = 1 << CHUNK_SHIFT;
  private static final long CHUNK_MASK = CHUNK_SIZE - 1;

  // Heap and direct memory load through different VarHandles, so each load site sees one kind of base (an
  // array, or none): the JIT then compiles it as a plain load, where a site that sees both gets a slower,
  // fenced form. That is what makes loops over mapped and decompressed buffers in one JVM equally fast.
  private static final VarHandle SHORT = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle HEAP_SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle HEAP_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle HEAP_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  public static final ArrowBuffer EMPTY = wrap(new byte[0]);

  /** The whole buffer when it fits one ByteBuffer; null for the chunked form. */
  private final ByteBuffer single;
  /** Heap form: the array behind {@code single} and where the view starts in it; null for direct memory. */
  private final byte[] array;
  private final int arrayOffset;
  /** Chunked form: chunk k covers absolute bytes [k * CHUNK_SIZE, (k + 1) * CHUNK_SIZE). */
  private final ByteBuffer[] chunks;
  /** Chunked form: where this view starts in the chunks' absolute byte space. */
  private final long base;
  private final long length;

  private ArrowBuffer(ByteBuffer single, ByteBuffer[] chunks, long base, long length) {
    this.single = single;
    this.array = single != null && single.hasArray() ? single.array() : null;
    this.arrayOffset = array != null ? single.arrayOffset() : 0;
    this.chunks = chunks;
    this.base = base;
    this.length = length;
  }

  /** A view of {@code bytes} between its position and limit; the memory is shared, not copied. */
  public static ArrowBuffer wrap(ByteBuffer bytes) {
    return new ArrowBuffer(bytes.slice().order(ByteOrder.LITTLE_ENDIAN), null, 0, bytes.remaining());
  }

  public static ArrowBuffer wrap(byte[] bytes) {
    return wrap(ByteBuffer.wrap(bytes));
  }

  public static ArrowBuffer wrap(byte[] bytes, int offset, int length) {
    return wrap(ByteBuffer.wrap(bytes, offset, length));
  }

  /**
   * A view over consecutive chunks; every chunk but the last must hold exactly {@link #CHUNK_SIZE}
   * bytes between position and limit. One chunk is the same as {@link #wrap(ByteBuffer)}.
   */
  public static ArrowBuffer ofChunks(ByteBuffer... parts) {
    if (parts.length == 0) {
      return EMPTY;
    }
    if (parts.length == 1) {
      return wrap(parts[0]);
    }
    ByteBuffer[] own = new ByteBuffer[parts.length];
    long total = 0;
    for (int k = 0; k < parts.length; k++) {
      own[k] = parts[k].slice().order(ByteOrder.LITTLE_ENDIAN);
      if (k < parts.length - 1 && own[k].capacity() != CHUNK_SIZE) {
        throw new IllegalArgumentException("chunk " + k + " holds " + own[k].capacity()
            + " bytes, expected " + CHUNK_SIZE);
      }
      total += own[k].capacity();
    }
    return new ArrowBuffer(null, own, 0, total);
  }

  public long length() {
    return length;
  }

  /** True when the buffer is one {@link ByteBuffer} (always, below 2 GiB). */
  public boolean isContiguous() {
    return single != null;
  }

  /**
   * The bytes as one read-only little-endian ByteBuffer sharing memory with this view, positioned at 0.
   *
   * @throws UnsupportedOperationException for a buffer of 2 GiB or more
   */
  public ByteBuffer asByteBuffer() {
    if (single == null) {
      throw new UnsupportedOperationException("buffer of " + length + " bytes does not fit a ByteBuffer");
    }
    return single.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The bytes as ByteBuffers in order (one, unless the buffer is 2 GiB or more), read-only. */
  public ByteBuffer[] nioBuffers() {
    if (single != null) {
      return new ByteBuffer[] {asByteBuffer()};
    }
    int first = (int) (base >>> CHUNK_SHIFT);
    int last = (int) ((base + length - 1) >>> CHUNK_SHIFT);
    ByteBuffer[] out = new ByteBuffer[last - first + 1];
    for (int k = first; k <= last; k++) {
      long start = Math.max(base, (long) k << CHUNK_SHIFT);
      long end = Math.min(base + length, ((long) k + 1) << CHUNK_SHIFT);
      int from = (int) (start & CHUNK_MASK);
      out[k - first] = chunks[k].slice(from, (int) (end - start)).asReadOnlyBuffer()
          .order(ByteOrder.LITTLE_ENDIAN);
    }
    return out;
  }

  /** Writes all bytes to {@code channel}. */
  public void writeTo(WritableByteChannel channel) throws IOException {
    for (ByteBuffer part : nioBuffers()) {
      while (part.hasRemaining()) {
        channel.write(part);
      }
    }
  }

  /** A view of {@code length} bytes from {@code offset}, sharing memory. */
  public ArrowBuffer slice(long offset, long length) {
    Objects.checkFromIndexSize(offset, length, this.length);
    if (single != null) {
      return new ArrowBuffer(single.slice((int) offset, (int) length).order(ByteOrder.LITTLE_ENDIAN),
          null, 0, length);
    }
    long start = base + offset;
    long end = start + length;
    if (length == 0 || (start >>> CHUNK_SHIFT) == ((end - 1) >>> CHUNK_SHIFT)) {
      ByteBuffer chunk = chunks[(int) (Math.min(start, base + this.length - 1) >>> CHUNK_SHIFT)];
      int from = length == 0 ? 0 : (int) (start & CHUNK_MASK);
      return new ArrowBuffer(chunk.slice(from, (int) length).order(ByteOrder.LITTLE_ENDIAN), null, 0, length);
    }
    return new ArrowBuffer(null, chunks, start, length);
  }

  // Fast paths: heap memory through its array; direct or mapped memory as one ByteBuffer, at an index below
  // 2^31 (the cast is exact then). The chunked form takes the slow path.

  /** Position of {@code width} bytes at {@code index} in {@link #array}, checked against this view. */
  private int inArray(long index, int width) {
    if (index < 0 || index > length - width) {
      throw new IndexOutOfBoundsException("bytes " + index + ".." + (index + width) + " of a " + length
          + "-byte buffer");
    }
    return arrayOffset + (int) index;
  }

  public byte getByte(long index) {
    if (array != null) {
      return array[inArray(index, 1)];
    }
    if (single != null && (index >>> 31) == 0) {
      return single.get((int) index);
    }
    return slowByte(index);
  }

  public short getShort(long index) {
    if (array != null) {
      return (short) HEAP_SHORT.get(array, inArray(index, 2));
    }
    if (single != null && (index >>> 31) == 0) {
      return (short) SHORT.get(single, (int) index);
    }
    return (short) slowLittleEndian(index, 2);
  }

  public int getInt(long index) {
    if (array != null) {
      return (int) HEAP_INT.get(array, inArray(index, 4));
    }
    if (single != null && (index >>> 31) == 0) {
      return (int) INT.get(single, (int) index);
    }
    return (int) slowLittleEndian(index, 4);
  }

  public long getLong(long index) {
    if (array != null) {
      return (long) HEAP_LONG.get(array, inArray(index, 8));
    }
    if (single != null && (index >>> 31) == 0) {
      return (long) LONG.get(single, (int) index);
    }
    return slowLittleEndian(index, 8);
  }

  public float getFloat(long index) {
    return Float.intBitsToFloat(getInt(index));
  }

  public double getDouble(long index) {
    return Double.longBitsToDouble(getLong(index));
  }

  /** Bit {@code bitIndex} in LSB-first order, as validity bitmaps and boolean values are laid out. */
  public boolean getBit(long bitIndex) {
    // The little-endian word holding the bit, unless the buffer ends within it (bitmaps are rarely padded).
    long word = (bitIndex >>> 6) << 3;
    if (bitIndex >= 0 && word <= length - 8) {
      if (array != null) {
        return (((long) HEAP_LONG.get(array, arrayOffset + (int) word)) & (1L << bitIndex)) != 0;
      }
      if (single != null && (word >>> 31) == 0) {
        return (((long) LONG.get(single, (int) word)) & (1L << bitIndex)) != 0;
      }
    }
    return ((getByte(bitIndex >>> 3) >> (bitIndex & 7)) & 1) != 0;
  }

  /**
   * The 64 bits from {@code bitIndex} on, LSB-first: bit j of the result is bit {@code bitIndex + j} of the
   * buffer; bits past the buffer's end read as 0. One load tests 64 slots of a validity bitmap, at any bit
   * offset (a sliced array's bitmap rarely starts on a byte boundary).
   */
  public long getBits(long bitIndex) {
    if (bitIndex < 0) {
      throw new IndexOutOfBoundsException("bit index " + bitIndex);
    }
    long byteIndex = bitIndex >>> 3;
    int shift = (int) (bitIndex & 7);
    if (byteIndex + 8 < length) {
      long low = getLong(byteIndex);
      return shift == 0 ? low : (low >>> shift) | ((getByte(byteIndex + 8) & 0xFFL) << (64 - shift));
    }
    // Near the end: take the bytes that exist, as a little-endian load would, and zeros after them.
    long low = 0;
    for (int k = 0; k < 8 && byteIndex + k < length; k++) {
      low |= (getByte(byteIndex + k) & 0xFFL) << (8 * k);
    }
    return low >>> shift;
  }

  /**
   * Copies {@code count} little-endian longs, starting at byte {@code index}, into {@code dst}: one bulk copy, so
   * that a loop over many values runs over a plain array, with no range test or buffer dispatch per value.
   */
  public void getLongs(long index, long[] dst, int dstOffset, int count) {
    Objects.checkFromIndexSize(dstOffset, count, dst.length);
    long bytes = (long) count << 3;
    Objects.checkFromIndexSize(index, bytes, length);
    if (single != null) {
      single.slice((int) index, (int) bytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(dst, dstOffset, count);
      return;
    }
    for (int k = 0; k < count; k++) {
      dst[dstOffset + k] = getLong(index + ((long) k << 3));
    }
  }

  /** Copies {@code length} bytes from {@code index} into {@code dst}. */
  public void getBytes(long index, byte[] dst, int dstOffset, int length) {
    if (single != null && (index >>> 31) == 0) {
      single.get((int) index, dst, dstOffset, length);
      return;
    }
    Objects.checkFromIndexSize(index, length, this.length);
    Objects.checkFromIndexSize(dstOffset, length, dst.length);
    int done = 0;
    while (done < length) {
      long a = base + index + done;
      ByteBuffer chunk = chunks[(int) (a >>> CHUNK_SHIFT)];
      int from = (int) (a & CHUNK_MASK);
      int n = Math.min(length - done, chunk.capacity() - from);
      chunk.get(from, dst, dstOffset + done, n);
      done += n;
    }
  }

  /** A fresh array holding {@code length} bytes from {@code index}. */
  public byte[] getBytes(long index, int length) {
    byte[] out = new byte[length];
    getBytes(index, out, 0, length);
    return out;
  }

  /** All bytes as a fresh array (tests, small buffers). */
  public byte[] toByteArray() {
    return getBytes(0, Math.toIntExact(length));
  }

  private byte slowByte(long index) {
    Objects.checkIndex(index, length);
    if (single != null) {
      return single.get((int) index); // unreachable: a single buffer is shorter than 2^31
    }
    long a = base + index;
    return chunks[(int) (a >>> CHUNK_SHIFT)].get((int) (a & CHUNK_MASK));
  }

  private long slowLittleEndian(long index, int width) {
    Objects.checkFromIndexSize(index, width, length);
    long a = base + index;
    ByteBuffer chunk = chunks[(int) (a >>> CHUNK_SHIFT)];
    int from = (int) (a & CHUNK_MASK);
    if (from <= chunk.capacity() - width) {
      switch (width) {
        case 2: return chunk.getShort(from);
        case 4: return chunk.getInt(from);
        default: return chunk.getLong(from);
      }
    }
    long v = 0;
    for (int b = width - 1; b >= 0; b--) {
      v = (v << 8) | (slowByte(index + b) & 0xFF);
    }
    return v;
  }

  @Override
  public String toString() {
    return "ArrowBuffer[" + length + " bytes" + (single == null ? ", chunked" : "") + "]";
  }
}
