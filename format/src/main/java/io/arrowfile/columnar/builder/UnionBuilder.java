package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.UnionMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds sparse and dense Union arrays. Values are {@link UnionValue}s. Typed use: {@link #append(int)}
 * returns the selected child's builder, to which the caller appends exactly one value. In a sparse union
 * every other child gets a null in that slot; in a dense union the offset is the child's length. A null
 * (unions have no validity) is a null in the first child.
 */
public final class UnionBuilder extends ArrayBuilder {
  private final BufferBuilder typeIds = new BufferBuilder();
  private final BufferBuilder offsets = new BufferBuilder();
  private final ArrayBuilder[] children;
  private final int[] childByTypeId;
  private final ArrowType.Union type;
  private final boolean sparse;
  private int length;

  UnionBuilder(Field field) {
    super(field);
    this.type = (ArrowType.Union) field.type();
    this.sparse = type.mode() == UnionMode.SPARSE;
    children = new ArrayBuilder[field.children().size()];
    for (int i = 0; i < children.length; i++) {
      children[i] = ArrayBuilder.create(field.child(i));
    }
    childByTypeId = type.childIndexByTypeId(children.length);
  }

  public int childCount() {
    return children.length;
  }

  public ArrayBuilder child(int index) {
    return children[index];
  }

  /** The child builder type id {@code typeId} selects. */
  public ArrayBuilder childForTypeId(int typeId) {
    return children[childIndex(typeId)];
  }

  private int childIndex(int typeId) {
    int idx = typeId >= 0 && typeId < 128 ? childByTypeId[typeId] : -1;
    if (idx < 0) {
      throw new IllegalArgumentException("field '" + field.name() + "' (" + type + ") has no type id "
          + typeId);
    }
    return idx;
  }

  /**
   * Starts a slot selecting {@code typeId}: returns the selected child, to which the caller appends one
   * value (object, typed or null).
   */
  public ArrayBuilder append(int typeId) {
    int idx = childIndex(typeId);
    length = checkedLength(length + 1L);
    typeIds.putByte(typeId);
    if (sparse) {
      for (int i = 0; i < children.length; i++) {
        if (i != idx) {
          children[i].appendNull();
        }
      }
    } else {
      long off = children[idx].length();
      if (off > Integer.MAX_VALUE) {
        throw new IllegalStateException("field '" + field.name() + "': dense union offset " + off
            + " is beyond Int32");
      }
      offsets.putInt((int) off);
    }
    return children[idx];
  }

  @Override
  public void appendNull() {
    if (children.length == 0) {
      throw new IllegalStateException("field '" + field.name() + "': a union without children holds no nulls");
    }
    append(type.typeIdOf(0)).appendNull();
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof UnionValue u) {
      int idx = childIndex(u.typeId());
      // Check the value against the child before touching the union's own buffers would need a dry run;
      // a failure leaves this slot incomplete, so start over after an exception.
      append(u.typeId());
      children[idx].appendObject(u.value());
    } else {
      throw wrongValue(value, "a UnionValue");
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public ArrayData build() {
    if (sparse) {
      for (int i = 0; i < children.length; i++) {
        if (children[i].length() != length) {
          throw new IllegalStateException("field '" + field.name() + "': sparse union child '"
              + field.child(i).name() + "' has " + children[i].length() + " values, the union " + length);
        }
      }
    }
    List<ArrayData> built = new ArrayList<>(children.length);
    for (ArrayBuilder c : children) {
      built.add(c.build());
    }
    ArrowBuffer[] buffers = sparse ? new ArrowBuffer[] {typeIds.finish()}
        : new ArrowBuffer[] {typeIds.finish(), offsets.finish()};
    ArrayData data = new ArrayData(field, length, 0, 0, buffers, built, null);
    length = 0;
    return data;
  }
}
