package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import java.util.List;

/** Struct: a validity bitmap and children read at this array's offset (plus their own). */
public final class StructArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final long offset;
  private final ArrowArray[] children;

  StructArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.offset = data.offset();
    this.children = new ArrowArray[data.children().size()];
    for (int i = 0; i < children.length; i++) {
      children[i] = ArrowArray.of(data.child(i));
    }
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public int childCount() {
    return children.length;
  }

  /** The view of child {@code k}; read slot {@code i} of this struct at {@link #childIndex(long)}. */
  public ArrowArray child(int k) {
    return children[k];
  }

  /** The child slot of struct slot {@code index} (the struct's offset added). */
  public long childIndex(long index) {
    return offset + index;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** Field {@code k} of struct slot {@code index}. */
  public Object getFieldObject(long index, int k) {
    return children[k].getObject(offset + index);
  }

  @Override
  public List<Object> getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    Object[] out = new Object[children.length];
    for (int k = 0; k < out.length; k++) {
      out[k] = children[k].getObject(offset + index);
    }
    return BufferAccess.list(out);
  }
}
