package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Builds Binary and Utf8 (Int32 offsets) and LargeBinary and LargeUtf8 (Int64 offsets) arrays. With
 * 32-bit offsets, data beyond {@link Integer#MAX_VALUE} bytes is refused with an
 * {@link IllegalStateException} rather than wrapping; one heap data buffer holds at most
 * {@link BufferBuilder#MAX_BYTES} bytes in either variant.
 */
public final class VariableBinaryBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder offsets = new BufferBuilder();
  private final BufferBuilder data = new BufferBuilder();
  private final boolean large;
  private final boolean utf8;
  private int length;
  /** Test hook: offsets start here instead of 0 (simulates a huge data buffer). */
  long offsetBase;

  VariableBinaryBuilder(Field field) {
    super(field);
    ArrowType type = field.type();
    this.large = type instanceof ArrowType.LargeBinary || type instanceof ArrowType.LargeUtf8;
    this.utf8 = type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8;
    writeOffset(0);
  }

  public boolean isUtf8() {
    return utf8;
  }

  private void writeOffset(long dataEnd) {
    long off = offsetBase + dataEnd;
    if (large) {
      offsets.putLong(off);
    } else {
      offsets.putInt((int) off);
    }
  }

  private void checkRoom(long extra) {
    if (!large && offsetBase + data.size() + extra > Integer.MAX_VALUE) {
      throw new IllegalStateException("field '" + field.name() + "' (" + field.type()
          + "): appending " + extra + " bytes would take the data past " + Integer.MAX_VALUE
          + " bytes, beyond 32-bit offsets; use a large type or smaller batches");
    }
  }

  public void appendBytes(byte[] bytes, int offset, int len) {
    checkRoom(len);
    data.putBytes(bytes, offset, len);
    finishValue();
  }

  public void appendBytes(byte[] bytes) {
    appendBytes(bytes, 0, bytes.length);
  }

  /** Appends {@code s} encoded as UTF-8 (an unpaired surrogate becomes '?'). */
  public void appendUtf8(CharSequence s) {
    if (!large && offsetBase + data.size() + 3L * s.length() > Integer.MAX_VALUE) {
      checkRoom(Utf8.encodedLength(s)); // at most 3 bytes a char: only near the limit count exactly
    }
    Utf8.encode(s, data);
    finishValue();
  }

  private void finishValue() {
    validity.appendSet();
    length = checkedLength(length + 1L);
    writeOffset(data.size());
  }

  @Override
  public void appendNull() {
    validity.appendUnset();
    length = checkedLength(length + 1L);
    writeOffset(data.size());
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof byte[] b) {
      appendBytes(b);
    } else if (utf8 && value instanceof CharSequence s) {
      appendUtf8(s);
    } else if (!utf8 && value instanceof String s) {
      appendBytes(s.getBytes(StandardCharsets.UTF_8));
    } else {
      throw wrongValue(value, utf8 ? "String" : "byte[]");
    }
  }

  @Override
  public long length() {
    return length;
  }

  /** Data bytes appended so far. */
  public long dataLength() {
    return data.size();
  }

  @Override
  public void recycle() {
    validity.recycle();
    offsets.recycle();
    data.recycle();
  }

  @Override
  public ArrayData build() {
    long nulls = validity.unsetCount();
    ArrayData out = new ArrayData(field, length, 0, nulls,
        new ArrowBuffer[] {validity.finish(), offsets.finish(), data.finish()}, List.of(), null);
    length = 0;
    offsetBase = 0;
    writeOffset(0);
    return out;
  }
}
