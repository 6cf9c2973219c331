package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Layout;
import java.util.List;

/**
 * ListView (Int32) and LargeListView (Int64): an offset and a size per slot into one child; offsets may be
 * in any order and ranges may overlap.
 */
public final class ListViewArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer offsets;
  private final ArrowBuffer sizes;
  private final long offset;
  private final boolean large;
  private final ArrowArray values;

  ListViewArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.offsets = BufferAccess.buffer(data, 1);
    this.sizes = BufferAccess.buffer(data, 2);
    this.offset = data.offset();
    this.large = data.layout() == Layout.LARGE_LIST_VIEW;
    this.values = ArrowArray.of(data.child(0));
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public ArrowArray values() {
    return values;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  public long valueOffset(long index) {
    long at = offset + index;
    return large ? offsets.getLong(at << 3) : offsets.getInt(at << 2);
  }

  public long valueLength(long index) {
    long at = offset + index;
    return large ? sizes.getLong(at << 3) : sizes.getInt(at << 2);
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
