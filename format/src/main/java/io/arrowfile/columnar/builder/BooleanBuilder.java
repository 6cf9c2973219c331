package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import java.util.List;

/** Builds Bool arrays: a validity bitmap and a bit-packed values bitmap. */
public final class BooleanBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BitmapBuilder values = BitmapBuilder.forValues();

  BooleanBuilder(Field field) {
    super(field);
  }

  public void appendBoolean(boolean value) {
    values.append(value);
    validity.appendSet();
  }

  @Override
  public void appendNull() {
    values.append(false);
    validity.appendUnset();
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof Boolean b) {
      appendBoolean(b);
    } else {
      throw wrongValue(value, "Boolean");
    }
  }

  @Override
  public long length() {
    return values.length();
  }

  @Override
  public void recycle() {
    validity.recycle();
    values.recycle();
  }

  @Override
  public ArrayData build() {
    int length = values.length();
    long nulls = validity.unsetCount();
    ArrowBuffer v = validity.finish();
    ArrowBuffer b = values.finish();
    return new ArrayData(field, length, 0, nulls, new ArrowBuffer[] {v, b}, List.of(), null);
  }
}
