package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import java.util.List;

/** Builds Float16, Float32 and Float64 arrays; Float16 values are rounded to nearest, ties to even. */
public final class FloatingPointBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder values = new BufferBuilder();
  private final Precision precision;
  private int length;

  FloatingPointBuilder(Field field) {
    super(field);
    this.precision = ((ArrowType.FloatingPoint) field.type()).precision();
  }

  public void appendFloat(float value) {
    switch (precision) {
      case HALF -> values.putShort(floatToHalf(value));
      case SINGLE -> values.putFloat(value);
      case DOUBLE -> values.putDouble(value);
    }
    validity.appendSet();
    length++;
  }

  /** Appends {@code value} (narrowed to float for Float32, and then rounded for Float16). */
  public void appendDouble(double value) {
    if (precision == Precision.DOUBLE) {
      values.putDouble(value);
      validity.appendSet();
      length++;
    } else {
      appendFloat((float) value);
    }
  }

  /** Appends raw IEEE half-precision bits (Float16 only). */
  public void appendHalfBits(short bits) {
    if (precision != Precision.HALF) {
      throw new IllegalStateException("field '" + field.name() + "' is not float16");
    }
    values.putShort(bits);
    validity.appendSet();
    length++;
  }

  @Override
  public void appendNull() {
    values.putZeros(precision.byteWidth());
    validity.appendUnset();
    length++;
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof Float f) {
      appendFloat(f);
    } else if (value instanceof Double d) {
      appendDouble(d);
    } else if (value instanceof Number n) {
      appendDouble(n.doubleValue());
    } else {
      throw wrongValue(value, precision == Precision.DOUBLE ? "Double" : "Float");
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void recycle() {
    validity.recycle();
    values.recycle();
  }

  @Override
  public ArrayData build() {
    long nulls = validity.unsetCount();
    ArrayData data = new ArrayData(field, length, 0, nulls,
        new ArrowBuffer[] {validity.finish(), values.finish()}, List.of(), null);
    length = 0;
    return data;
  }

  /**
   * IEEE 754 binary16 bits of {@code f}, rounded to nearest with ties to even; overflow gives infinity,
   * NaN stays NaN (quiet, with the top payload bits kept).
   */
  public static short floatToHalf(float f) {
    int bits = Float.floatToRawIntBits(f);
    int sign = (bits >>> 16) & 0x8000;
    int abs = bits & 0x7FFFFFFF;
    if (abs >= 0x7F800000) {
      if (abs == 0x7F800000) {
        return (short) (sign | 0x7C00);
      }
      return (short) (sign | 0x7E00 | ((abs >>> 13) & 0x3FF));
    }
    if (abs >= 0x477FF000) { // >= 65520: rounds to infinity
      return (short) (sign | 0x7C00);
    }
    int exp = abs >>> 23;
    if (exp >= 113) { // a normal half
      int half = ((exp - 112) << 10) | ((abs >>> 13) & 0x3FF);
      int rem = abs & 0x1FFF;
      if (rem > 0x1000 || (rem == 0x1000 && (half & 1) != 0)) {
        half++; // a carry into the exponent is still right
      }
      return (short) (sign | half);
    }
    if (abs <= 0x33000000) { // <= 2^-25: rounds to (signed) zero
      return (short) sign;
    }
    int mant = (abs & 0x7FFFFF) | 0x800000;
    int shift = 126 - exp; // 14..24
    int half = mant >>> shift;
    int rem = mant & ((1 << shift) - 1);
    int halfway = 1 << (shift - 1);
    if (rem > halfway || (rem == halfway && (half & 1) != 0)) {
      half++;
    }
    return (short) (sign | half);
  }

  /** The float value of IEEE 754 binary16 {@code bits} (exact). */
  public static float halfToFloat(short bits) {
    int h = bits & 0xFFFF;
    int sign = (h & 0x8000) << 16;
    int exp = (h >>> 10) & 0x1F;
    int mant = h & 0x3FF;
    if (exp == 0x1F) {
      return Float.intBitsToFloat(sign | 0x7F800000 | (mant << 13));
    }
    if (exp == 0) {
      float v = mant * 0x1p-24f;
      return sign != 0 ? -v : v;
    }
    return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
  }
}
