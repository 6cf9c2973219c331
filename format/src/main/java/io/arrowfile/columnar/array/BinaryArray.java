package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Layout;
import java.nio.charset.StandardCharsets;

/** Binary, Utf8 (Int32 offsets) and LargeBinary, LargeUtf8 (Int64 offsets). */
public final class BinaryArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer offsets;
  private final ArrowBuffer values;
  private final long offset;
  private final boolean large;
  private final boolean utf8;

  BinaryArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.offsets = BufferAccess.buffer(data, 1);
    this.values = BufferAccess.buffer(data, 2);
    this.offset = data.offset();
    this.large = data.layout() == Layout.LARGE_VARIABLE_BINARY;
    ArrowType type = data.field().type();
    this.utf8 = type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8;
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public boolean isLarge() {
    return large;
  }

  public boolean isUtf8() {
    return utf8;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The data buffer, to read value bytes in place. */
  public ArrowBuffer valueBuffer() {
    return values;
  }

  /** Where value {@code index} starts in {@link #valueBuffer()}. */
  public long valueOffset(long index) {
    long at = offset + index;
    return large ? offsets.getLong(at << 3) : offsets.getInt(at << 2);
  }

  /** Bytes in value {@code index}. */
  public long valueLength(long index) {
    long at = offset + index;
    return large ? offsets.getLong((at + 1) << 3) - offsets.getLong(at << 3)
        : offsets.getInt((at + 1) << 2) - offsets.getInt(at << 2);
  }

  public byte[] getBytes(long index) {
    return values.getBytes(valueOffset(index), Math.toIntExact(valueLength(index)));
  }

  /** The value decoded as UTF-8 (malformed input is replaced; validate at FULL to rule it out). */
  public String getString(long index) {
    return new String(getBytes(index), StandardCharsets.UTF_8);
  }

  @Override
  public Object getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    return utf8 ? getString(index) : getBytes(index);
  }
}
