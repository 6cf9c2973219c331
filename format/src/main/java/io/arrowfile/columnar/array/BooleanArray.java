package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;

/** Bool: a validity bitmap and bit-packed values. */
public final class BooleanArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer values;
  private final long offset;

  BooleanArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.values = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
  }

  @Override
  public ArrayData data() {
    return data;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The value bit at {@code index} (meaningless for a null slot). */
  public boolean getBoolean(long index) {
    return values.getBit(offset + index);
  }

  @Override
  public Object getObject(long index) {
    return isNull(index) ? null : Boolean.valueOf(getBoolean(index));
  }
}
