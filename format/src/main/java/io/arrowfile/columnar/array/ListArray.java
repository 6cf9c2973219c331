package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Layout;
import java.util.List;

/** List (Int32 offsets) and LargeList (Int64 offsets) into one child, not offset by this array's offset. */
public final class ListArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer offsets;
  private final long offset;
  private final boolean large;
  private final ArrowArray values;

  ListArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.offsets = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.large = data.layout() == Layout.LARGE_LIST;
    this.values = ArrowArray.of(data.child(0));
  }

  @Override
  public ArrayData data() {
    return data;
  }

  /** The child's view; list {@code i} is its slots {@code [valueOffset(i), valueOffset(i) + valueLength(i))}. */
  public ArrowArray values() {
    return values;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The first child slot of list {@code index}. */
  public long valueOffset(long index) {
    long at = offset + index;
    return large ? offsets.getLong(at << 3) : offsets.getInt(at << 2);
  }

  /** Number of child slots in list {@code index}. */
  public long valueLength(long index) {
    long at = offset + index;
    return large ? offsets.getLong((at + 1) << 3) - offsets.getLong(at << 3)
        : offsets.getInt((at + 1) << 2) - offsets.getInt(at << 2);
  }

  @Override
  public List<Object> getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    long start = valueOffset(index);
    Object[] out = new Object[Math.toIntExact(valueLength(index))];
    for (int j = 0; j < out.length; j++) {
      out[j] = values.getObject(start + j);
    }
    return BufferAccess.list(out);
  }
}
