package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import java.nio.charset.StandardCharsets;

/**
 * BinaryView and Utf8View: 16-byte views. A view holds its length (Int32); up to 12 bytes are inline
 * after it, longer values keep a 4-byte prefix, the index of the variadic data buffer
 * ({@code data.buffer(2 + index)}) and the offset in it.
 */
public final class BinaryViewArray implements ArrowArray {
  /** Values of at most this many bytes are stored inside the view. */
  public static final int MAX_INLINE = 12;

  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer views;
  private final ArrowBuffer[] dataBuffers;
  private final long offset;
  private final boolean utf8;

  BinaryViewArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.views = BufferAccess.buffer(data, 1);
    int n = Math.max(0, data.bufferCount() - 2);
    this.dataBuffers = new ArrowBuffer[n];
    for (int i = 0; i < n; i++) {
      dataBuffers[i] = BufferAccess.buffer(data, 2 + i);
    }
    this.offset = data.offset();
    this.utf8 = data.field().type() instanceof ArrowType.Utf8View;
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public boolean isUtf8() {
    return utf8;
  }

  public int variadicBufferCount() {
    return dataBuffers.length;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** Bytes in value {@code index}. */
  public int valueLength(long index) {
    return views.getInt((offset + index) << 4);
  }

  /** Whether value {@code index} is stored inside its view. */
  public boolean isInline(long index) {
    return valueLength(index) <= MAX_INLINE;
  }

  /** The buffer holding value {@code index}: the views buffer when inline, else a variadic buffer. */
  public ArrowBuffer valueBuffer(long index) {
    int length = valueLength(index);
    return length <= MAX_INLINE ? views : dataBuffers[dataBufferIndex(index)];
  }

  /**
   * Which variadic buffer ({@code data().buffer(2 + k)}) holds value {@code index}, a value longer than
   * {@link #MAX_INLINE}; meaningless for an inline value.
   */
  public int dataBufferIndex(long index) {
    return views.getInt(((offset + index) << 4) + 8);
  }

  /** Where value {@code index} starts in {@link #valueBuffer(long)}. */
  public long valueOffset(long index) {
    return valueOffset(index, valueLength(index));
  }

  /**
   * Where value {@code index}, whose {@link #valueLength(long)} the caller has read already, starts: in the views
   * buffer when it is inline, else in its {@link #dataBufferIndex(long) data buffer}. Readers that address the
   * bytes in place (Spark's UTF8String over memory) read the length once and need no object per value.
   */
  public long valueOffset(long index, int length) {
    long at = (offset + index) << 4;
    return length <= MAX_INLINE ? at + 4 : views.getInt(at + 12) & 0xFFFF_FFFFL;
  }

  /** The 4-byte prefix (the first bytes of the value, little-endian, zero-padded). */
  public int prefix(long index) {
    return views.getInt(((offset + index) << 4) + 4);
  }

  public byte[] getBytes(long index) {
    int length = valueLength(index);
    long start = valueOffset(index, length);
    return (length <= MAX_INLINE ? views : dataBuffers[dataBufferIndex(index)]).getBytes(start, length);
  }

  public String getString(long index) {
    return new String(getBytes(index), StandardCharsets.UTF_8);
  }

  @Override
  public Object getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    return utf8 ? getString(index) : getBytes(index);
  }
}
