package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;

/** FixedSizeBinary(n): n bytes per value. */
public final class FixedSizeBinaryArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer values;
  private final long offset;
  private final int byteWidth;

  FixedSizeBinaryArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.values = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.byteWidth = ((ArrowType.FixedSizeBinary) data.field().type()).byteWidth();
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public int byteWidth() {
    return byteWidth;
  }

  /** The values buffer, to read in place with {@link #valueOffset}. */
  public ArrowBuffer valueBuffer() {
    return values;
  }

  /** Where value {@code index} starts in {@link #valueBuffer()}. */
  public long valueOffset(long index) {
    return (offset + index) * byteWidth;
  }

  public byte[] getBytes(long index) {
    return values.getBytes(valueOffset(index), byteWidth);
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  @Override
  public Object getObject(long index) {
    return isNull(index) ? null : getBytes(index);
  }
}
