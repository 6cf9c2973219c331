package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;

/**
 * Date32/Date64, Time32/Time64, Timestamp and Duration: 32- or 64-bit integers in the type's unit, with
 * no time zone or calendar conversion.
 */
public final class TemporalArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer values;
  private final long offset;
  private final boolean wide;

  TemporalArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.values = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.wide = data.field().type().byteWidth() == 8;
  }

  @Override
  public ArrayData data() {
    return data;
  }

  /** 4 for Date32 and Time32, 8 for the others. */
  public int byteWidth() {
    return wide ? 8 : 4;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The value of a 32-bit type. */
  public int getInt(long index) {
    return values.getInt((offset + index) << 2);
  }

  /** The value of a 64-bit type, or a 32-bit one widened. */
  public long getLong(long index) {
    return wide ? values.getLong((offset + index) << 3) : values.getInt((offset + index) << 2);
  }

  @Override
  public Object getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    return wide ? (Object) values.getLong((offset + index) << 3) : (Object) getInt(index);
  }
}
