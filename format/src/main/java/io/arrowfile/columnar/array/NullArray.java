package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;

/** The Null type: no buffers, every slot null. */
public final class NullArray implements ArrowArray {
  private final ArrayData data;

  NullArray(ArrayData data) {
    this.data = data;
  }

  @Override
  public ArrayData data() {
    return data;
  }

  @Override
  public boolean isNull(long index) {
    return true;
  }

  @Override
  public Object getObject(long index) {
    return null;
  }
}
