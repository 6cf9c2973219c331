package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.util.Collection;
import java.util.List;

/**
 * Builds FixedSizeList arrays; a list of another size is refused with an IllegalArgumentException, and a
 * null list appends listSize nulls to the child.
 */
public final class FixedSizeListBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final ArrayBuilder child;
  private final int listSize;
  private int length;
  private long start = -1;

  FixedSizeListBuilder(Field field) {
    super(field);
    if (field.children().size() != 1) {
      throw new IllegalArgumentException("field '" + field.name() + "' (" + field.type()
          + ") needs exactly one child, has " + field.children().size());
    }
    this.listSize = ((ArrowType.FixedSizeList) field.type()).listSize();
    this.child = ArrayBuilder.create(field.child(0));
  }

  public ArrayBuilder child() {
    return child;
  }

  public int listSize() {
    return listSize;
  }

  public void startList() {
    if (start >= 0) {
      throw new IllegalStateException("field '" + field.name() + "': startList() while a list is open");
    }
    start = child.length();
  }

  public void endList() {
    if (start < 0) {
      throw new IllegalStateException("field '" + field.name() + "': endList() without startList()");
    }
    long size = child.length() - start;
    start = -1;
    if (size != listSize) {
      throw new IllegalArgumentException("field '" + field.name() + "' holds lists of " + listSize
          + " elements, not " + size);
    }
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendNull() {
    for (int i = 0; i < listSize; i++) {
      child.appendNull();
    }
    validity.appendUnset();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof Collection<?> c) {
      if (c.size() != listSize) {
        throw new IllegalArgumentException("field '" + field.name() + "' holds lists of " + listSize
            + " elements, not " + c.size());
      }
      for (Object o : c) {
        child.appendObject(o);
      }
      validity.appendSet();
      length = checkedLength(length + 1L);
    } else {
      throw wrongValue(value, "a java.util.List of " + listSize);
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public ArrayData build() {
    if (start >= 0) {
      throw new IllegalStateException("field '" + field.name() + "': build() while a list is open");
    }
    long nulls = validity.unsetCount();
    ArrayData data = new ArrayData(field, length, 0, nulls, new ArrowBuffer[] {validity.finish()},
        List.of(child.build()), null);
    length = 0;
    return data;
  }
}
