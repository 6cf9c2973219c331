package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.memory.BitUtil;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable little-endian heap buffer. {@link #finish()} hands out the bytes as an {@link ArrowBuffer}
 * padded with zeros to a multiple of 64 bytes and starts over with a fresh array (the handed-out memory
 * is never written again, unless its holder gives it back with {@link #recycle()}).
 */
public final class BufferBuilder {
  /** The most bytes one buffer may hold: padded to 64 it still fits a Java array. */
  public static final int MAX_BYTES = Integer.MAX_VALUE - 63 - 64;

  private static final byte[] NONE = new byte[0];

  // One bounds-checked little-endian store per value instead of a store per byte: writers append
  // millions of fixed-width values per batch.
  private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private byte[] bytes;
  private int size;
  /**
   * The padded size of the last finished buffer: the next one usually holds as much (the same number of rows),
   * so its first allocation takes that size at once instead of doubling up to it, copying all the way.
   */
  private int lastSize;
  /** The array {@link #finish()} handed out last, which {@link #recycle()} may take back (until the next finish). */
  private byte[] handedOut;

  public BufferBuilder() {
    this(0);
  }

  public BufferBuilder(int initialCapacity) {
    bytes = initialCapacity <= 0 ? NONE : new byte[initialCapacity];
  }

  /** Bytes written so far. */
  public int size() {
    return size;
  }

  /** Makes room for {@code extra} more bytes and returns the position they start at. */
  private int reserve(int extra) {
    int pos = size;
    if (extra > bytes.length - pos) { // no overflow: both sides are non-negative ints
      grow((long) pos + extra);
    }
    size = pos + extra;
    return pos;
  }

  /** Ensures capacity for {@code extra} more bytes without writing them. */
  public void ensureRoom(long extra) {
    long needed = size + extra;
    if (needed > bytes.length) {
      grow(needed);
    }
  }

  private void grow(long needed) {
    if (needed > MAX_BYTES) {
      throw new IllegalStateException("buffer would hold " + needed + " bytes, more than the "
          + MAX_BYTES + " one heap buffer can hold; build smaller arrays (fewer rows per batch)");
    }
    long cap = Math.max(needed, Math.max(Math.max(64, lastSize), (long) bytes.length * 2));
    cap = Math.min(BitUtil.align64(cap), MAX_BYTES + 64L);
    bytes = Arrays.copyOf(bytes, (int) cap);
  }

  public void putByte(int v) {
    int p = reserve(1);
    bytes[p] = (byte) v;
  }

  public void putShort(int v) {
    int p = reserve(2);
    SHORT.set(bytes, p, (short) v);
  }

  public void putInt(int v) {
    int p = reserve(4);
    INT.set(bytes, p, v);
  }

  public void putLong(long v) {
    int p = reserve(8);
    LONG.set(bytes, p, v);
  }

  public void putFloat(float v) {
    putInt(Float.floatToRawIntBits(v));
  }

  public void putDouble(double v) {
    putLong(Double.doubleToRawLongBits(v));
  }

  /** Writes the low {@code width} (1, 2, 4 or 8) bytes of {@code v}. */
  public void putWidth(long v, int width) {
    switch (width) {
      case 1 -> putByte((int) v);
      case 2 -> putShort((int) v);
      case 4 -> putInt((int) v);
      case 8 -> putLong(v);
      default -> throw new IllegalArgumentException("width " + width);
    }
  }

  public void putBytes(byte[] src, int offset, int length) {
    int p = reserve(length);
    System.arraycopy(src, offset, bytes, p, length);
  }

  public void putBytes(byte[] src) {
    putBytes(src, 0, src.length);
  }

  /** Appends {@code n} zero bytes. */
  public void putZeros(int n) {
    int p = reserve(n);
    switch (n) { // a recycled array is not zero past size; a null of a common width is one store
      case 8 -> LONG.set(bytes, p, 0L);
      case 4 -> INT.set(bytes, p, 0);
      default -> Arrays.fill(bytes, p, p + n, (byte) 0);
    }
  }

  /** Overwrites 4 bytes at {@code pos} (already written). */
  public void setInt(int pos, int v) {
    checkWritten(pos, 4);
    INT.set(bytes, pos, v);
  }

  /** Overwrites the {@code width} bytes at {@code pos} (already written). */
  public void setWidth(int pos, long v, int width) {
    checkWritten(pos, width);
    for (int i = 0; i < width; i++) {
      bytes[pos + i] = (byte) (v >>> (8 * i));
    }
  }

  public int getInt(int pos) {
    checkWritten(pos, 4);
    return (int) INT.get(bytes, pos);
  }

  public long getLong(int pos) {
    checkWritten(pos, 8);
    return (long) LONG.get(bytes, pos);
  }

  /** Direct access to the backing array (valid until the next write); bytes [0, size) are written. */
  byte[] array() {
    return bytes;
  }

  private void checkWritten(int pos, int width) {
    if (pos < 0 || pos > size - width) {
      throw new IndexOutOfBoundsException("position " + pos + " width " + width + " size " + size);
    }
  }

  /** The bytes written, zero-padded to a multiple of 64; the builder starts over empty. */
  public ArrowBuffer finish() {
    int padded = (int) BitUtil.align64(size);
    byte[] out = bytes;
    if (out.length < padded) {
      out = Arrays.copyOf(out, padded);
    } else {
      Arrays.fill(out, size, padded, (byte) 0); // a recycled array is not zero past size
    }
    bytes = NONE;
    size = 0;
    lastSize = padded;
    handedOut = padded == 0 ? null : out;
    return padded == 0 ? ArrowBuffer.wrap(NONE) : ArrowBuffer.wrap(out, 0, padded);
  }

  /**
   * Takes back the array the last {@link #finish()} handed out, when its caller no longer reads it: the next
   * buffer is written over it instead of into a new allocation. Its old bytes past {@link #size()} stay (every
   * write and the padding of {@link #finish()} write their bytes, zeros included), so taking it back costs no
   * clearing. Bytes written since that finish are kept. Does nothing when there is nothing to take back.
   */
  public void recycle() {
    byte[] old = handedOut;
    handedOut = null;
    if (old == null || old == bytes || old.length < size) {
      return;
    }
    System.arraycopy(bytes, 0, old, 0, size);
    bytes = old;
  }

  /** Drops the bytes from {@code newSize} on. */
  public void truncate(int newSize) {
    if (newSize < 0 || newSize > size) {
      throw new IndexOutOfBoundsException("truncate to " + newSize + " of " + size);
    }
    Arrays.fill(bytes, newSize, size, (byte) 0);
    size = newSize;
  }

  /** Discards everything written. */
  public void clear() {
    bytes = NONE;
    size = 0;
  }
}
