package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import java.util.List;

/** FixedSizeList(n): list {@code i} is child slots {@code [(offset + i) * n, (offset + i + 1) * n)}. */
public final class FixedSizeListArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final long offset;
  private final int listSize;
  private final ArrowArray values;

  FixedSizeListArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.offset = data.offset();
    this.listSize = ((ArrowType.FixedSizeList) data.field().type()).listSize();
    this.values = ArrowArray.of(data.child(0));
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public ArrowArray values() {
    return values;
  }

  public int listSize() {
    return listSize;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The first child slot of list {@code index}. */
  public long valueOffset(long index) {
    return (offset + index) * listSize;
  }

  @Override
  public List<Object> getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    long start = valueOffset(index);
    Object[] out = new Object[listSize];
    for (int j = 0; j < listSize; j++) {
      out[j] = values.getObject(start + j);
    }
    return BufferAccess.list(out);
  }
}
