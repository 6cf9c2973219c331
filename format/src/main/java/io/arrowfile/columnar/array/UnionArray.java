package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.UnionMode;

/**
 * Sparse and dense unions: an Int8 type id per slot selects a child; a sparse union reads that child at
 * the same slot ({@code offset + i}), a dense one at the Int32 offset of the slot. No validity bitmap: a
 * slot is null when the selected child's slot is.
 */
public final class UnionArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer typeIds;
  private final ArrowBuffer offsets;
  private final long offset;
  private final boolean dense;
  private final int[] childIndexByTypeId;
  private final ArrowArray[] children;

  UnionArray(ArrayData data) {
    this.data = data;
    ArrowType.Union type = (ArrowType.Union) data.field().type();
    this.typeIds = BufferAccess.buffer(data, 0);
    this.dense = type.mode() == UnionMode.DENSE;
    this.offsets = dense ? BufferAccess.buffer(data, 1) : null;
    this.offset = data.offset();
    this.children = new ArrowArray[data.children().size()];
    for (int i = 0; i < children.length; i++) {
      children[i] = ArrowArray.of(data.child(i));
    }
    this.childIndexByTypeId = type.childIndexByTypeId(children.length);
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public boolean isDense() {
    return dense;
  }

  public int childCount() {
    return children.length;
  }

  public ArrowArray child(int k) {
    return children[k];
  }

  /** The type id of slot {@code index}. */
  public byte typeId(long index) {
    return typeIds.getByte(offset + index);
  }

  /** The index of the child slot {@code index} selects. */
  public int childIndex(long index) {
    return childIndexByTypeId[typeIds.getByte(offset + index)];
  }

  /** Where in the selected child slot {@code index} is read. */
  public long childOffset(long index) {
    return dense ? offsets.getInt((offset + index) << 2) : offset + index;
  }

  @Override
  public boolean isNull(long index) {
    return children[childIndex(index)].isNull(childOffset(index));
  }

  @Override
  public Object getObject(long index) {
    ArrowArray child = children[childIndex(index)];
    long at = childOffset(index);
    if (child.isNull(at)) {
      return null;
    }
    return new UnionValue(typeId(index), child.getObject(at));
  }
}
