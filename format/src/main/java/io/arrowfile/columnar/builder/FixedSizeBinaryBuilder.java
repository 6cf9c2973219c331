package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.util.List;

/** Builds FixedSizeBinary arrays; every value must have exactly the type's byte width. */
public final class FixedSizeBinaryBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder values = new BufferBuilder();
  private final int width;
  private int length;

  FixedSizeBinaryBuilder(Field field) {
    super(field);
    this.width = ((ArrowType.FixedSizeBinary) field.type()).byteWidth();
  }

  public void appendBytes(byte[] bytes, int offset, int len) {
    if (len != width) {
      throw new IllegalArgumentException("field '" + field.name() + "' holds " + width
          + "-byte values, not " + len + " bytes");
    }
    values.putBytes(bytes, offset, len);
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  public void appendBytes(byte[] bytes) {
    appendBytes(bytes, 0, bytes.length);
  }

  @Override
  public void appendNull() {
    values.putZeros(width);
    validity.appendUnset();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof byte[] b) {
      appendBytes(b);
    } else {
      throw wrongValue(value, "byte[" + width + "]");
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public ArrayData build() {
    long nulls = validity.unsetCount();
    ArrayData data = new ArrayData(field, length, 0, nulls,
        new ArrowBuffer[] {validity.finish(), values.finish()}, List.of(), null);
    length = 0;
    return data;
  }
}
