package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.util.Collection;
import java.util.List;

/**
 * Builds ListView (Int32 offsets and sizes) and LargeListView (Int64) arrays, writing the lists in order:
 * each list's elements follow the previous list's. A null has its offset at the
 * current end and size 0.
 */
public final class ListViewBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder offsets = new BufferBuilder();
  private final BufferBuilder sizes = new BufferBuilder();
  private final ArrayBuilder child;
  private final boolean large;
  private int length;
  private long start = -1;

  ListViewBuilder(Field field) {
    super(field);
    if (field.children().size() != 1) {
      throw new IllegalArgumentException("field '" + field.name() + "' (" + field.type()
          + ") needs exactly one child, has " + field.children().size());
    }
    this.large = field.type() instanceof ArrowType.LargeListView;
    this.child = ArrayBuilder.create(field.child(0));
  }

  public ArrayBuilder child() {
    return child;
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
    write(start, child.length() - start);
    start = -1;
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  private void write(long offset, long size) {
    if (large) {
      offsets.putLong(offset);
      sizes.putLong(size);
    } else {
      if (offset + size > Integer.MAX_VALUE) {
        throw new IllegalStateException("field '" + field.name() + "' (" + field.type() + "): offset "
            + (offset + size) + " is beyond 32-bit list view offsets; use a large list view");
      }
      offsets.putInt((int) offset);
      sizes.putInt((int) size);
    }
  }

  @Override
  public void appendNull() {
    if (start >= 0) {
      throw new IllegalStateException("field '" + field.name() + "': appendNull() while a list is open");
    }
    write(large || child.length() <= Integer.MAX_VALUE ? child.length() : 0, 0);
    validity.appendUnset();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof Collection<?> c) {
      startList();
      try {
        for (Object o : c) {
          child.appendObject(o);
        }
      } catch (RuntimeException e) {
        start = -1;
        throw e;
      }
      endList();
    } else {
      throw wrongValue(value, "a java.util.List");
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
    ArrayData data = new ArrayData(field, length, 0, nulls,
        new ArrowBuffer[] {validity.finish(), offsets.finish(), sizes.finish()}, List.of(child.build()),
        null);
    length = 0;
    return data;
  }
}
