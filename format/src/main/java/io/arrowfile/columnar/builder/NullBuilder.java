package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import java.util.List;

/** Builds arrays of the Null type: only a length. */
public final class NullBuilder extends ArrayBuilder {
  private int length;

  NullBuilder(Field field) {
    super(field);
  }

  @Override
  public void appendNull() {
    length = checkedLength(length + 1L);
  }

  /** Appends {@code n} nulls. */
  public void appendNulls(int n) {
    length = checkedLength((long) length + n);
  }

  @Override
  public void appendObject(Object value) {
    if (value != null) {
      throw wrongValue(value, "null");
    }
    appendNull();
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public ArrayData build() {
    ArrayData data = new ArrayData(field, length, 0, length, new ArrowBuffer[0], List.of(), null);
    length = 0;
    return data;
  }
}
