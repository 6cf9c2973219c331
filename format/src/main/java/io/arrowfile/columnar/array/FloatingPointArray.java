package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Precision;

/** Float16 (decoded to float), Float32 and Float64. */
public final class FloatingPointArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer values;
  private final long offset;
  private final Precision precision;

  FloatingPointArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.values = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.precision = ((ArrowType.FloatingPoint) data.field().type()).precision();
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public Precision precision() {
    return precision;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The raw bits of a Float16 value. */
  public short getFloat16Bits(long index) {
    return values.getShort((offset + index) << 1);
  }

  /** The value of a Float16 or Float32 array as a float (Float64 values are narrowed). */
  public float getFloat(long index) {
    switch (precision) {
      case HALF: return BufferAccess.float16ToFloat(values.getShort((offset + index) << 1));
      case SINGLE: return values.getFloat((offset + index) << 2);
      default: return (float) values.getDouble((offset + index) << 3);
    }
  }

  /** The value of any precision as a double (exact). */
  public double getDouble(long index) {
    if (precision == Precision.DOUBLE) {
      return values.getDouble((offset + index) << 3);
    }
    return getFloat(index);
  }

  @Override
  public Object getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    return precision == Precision.DOUBLE ? (Object) getDouble(index) : (Object) getFloat(index);
  }
}
