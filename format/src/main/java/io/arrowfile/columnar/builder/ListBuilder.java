package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.util.Collection;
import java.util.List;

/**
 * Builds List (Int32 offsets), LargeList (Int64 offsets) and, as {@link MapBuilder}, Map arrays. Typed
 * use: {@link #startList()}, appends to {@link #child()}, {@link #endList()}. With 32-bit offsets a child
 * longer than {@link Integer#MAX_VALUE} is refused with an {@link IllegalStateException}.
 */
public class ListBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder offsets = new BufferBuilder();
  final ArrayBuilder child;
  private final boolean large;
  private int length;
  private boolean open;
  /** Test hook: offsets start here instead of 0 (simulates a huge child). */
  long offsetBase;

  ListBuilder(Field field) {
    super(field);
    if (field.children().size() != 1) {
      throw new IllegalArgumentException("field '" + field.name() + "' (" + field.type()
          + ") needs exactly one child, has " + field.children().size());
    }
    this.large = field.type() instanceof ArrowType.LargeList;
    this.child = ArrayBuilder.create(field.child(0));
    writeOffset(0);
  }

  /** The builder of the list elements. */
  public ArrayBuilder child() {
    return child;
  }

  private void writeOffset(long childLength) {
    long off = offsetBase + childLength;
    if (large) {
      offsets.putLong(off);
    } else {
      if (off > Integer.MAX_VALUE) {
        throw overflow(off);
      }
      offsets.putInt((int) off);
    }
  }

  private IllegalStateException overflow(long off) {
    return new IllegalStateException("field '" + field.name() + "' (" + field.type() + "): offset " + off
        + " is beyond 32-bit list offsets (" + Integer.MAX_VALUE + "); use a large list or smaller batches");
  }

  private void checkRoom(long extra) {
    if (!large && offsetBase + child.length() + extra > Integer.MAX_VALUE) {
      throw overflow(offsetBase + child.length() + extra);
    }
  }

  /** Starts a valid list: append its elements to {@link #child()}, then call {@link #endList()}. */
  public void startList() {
    if (open) {
      throw new IllegalStateException("field '" + field.name() + "': startList() while a list is open");
    }
    open = true;
  }

  public void endList() {
    if (!open) {
      throw new IllegalStateException("field '" + field.name() + "': endList() without startList()");
    }
    writeOffset(child.length());
    open = false;
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendNull() {
    if (open) {
      throw new IllegalStateException("field '" + field.name() + "': appendNull() while a list is open");
    }
    writeOffset(child.length());
    validity.appendUnset();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof Collection<?> c) {
      checkRoom(c.size());
      startList();
      try {
        for (Object o : c) {
          appendElement(o);
        }
      } catch (RuntimeException e) {
        open = false; // the elements appended so far stay in the child: start over after a failure
        throw e;
      }
      endList();
    } else if (value instanceof Object[] arr) {
      appendObject(List.of(arr));
    } else {
      throw wrongValue(value, "a java.util.List");
    }
  }

  /** Appends one element of a list given as an object. */
  void appendElement(Object element) {
    child.appendObject(element);
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public ArrayData build() {
    if (open) {
      throw new IllegalStateException("field '" + field.name() + "': build() while a list is open");
    }
    long nulls = validity.unsetCount();
    ArrayData data = new ArrayData(field, length, 0, nulls,
        new ArrowBuffer[] {validity.finish(), offsets.finish()}, List.of(child.build()), null);
    length = 0;
    offsetBase = 0;
    writeOffset(0);
    return data;
  }
}
