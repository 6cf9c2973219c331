package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/**
 * Builds Decimal32/64/128/256 arrays: two's complement little-endian unscaled values. A value is rescaled
 * to the type's scale only when that is exact, and must have at most the type's precision digits.
 */
public final class DecimalBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder values = new BufferBuilder();
  private final int precision;
  private final int scale;
  private final int width;
  private final BigInteger limit;
  /** 10^precision when that fits a long (precision at most 18). */
  private final long longLimit;
  private final byte[] scratch;
  private int length;

  DecimalBuilder(Field field) {
    super(field);
    ArrowType.Decimal type = (ArrowType.Decimal) field.type();
    this.precision = type.precision();
    this.scale = type.scale();
    this.width = type.byteWidth();
    this.limit = BigInteger.TEN.pow(Math.max(precision, 0));
    this.longLimit = precision <= 18 ? limit.longValue() : 0;
    this.scratch = new byte[width];
  }

  public void appendDecimal(BigDecimal value) {
    BigDecimal scaled;
    try {
      scaled = value.setScale(scale);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("field '" + field.name() + "': " + value
          + " cannot be represented with scale " + scale + " without rounding", e);
    }
    appendUnscaled(scaled.unscaledValue());
  }

  /** Appends an unscaled value (the decimal's digits as an integer). */
  public void appendUnscaled(BigInteger unscaled) {
    if (unscaled.abs().compareTo(limit) >= 0 || unscaled.bitLength() >= width * 8) {
      throw new IllegalArgumentException("field '" + field.name() + "': unscaled value " + unscaled
          + " has more than " + precision + " digits (" + field.type() + ")");
    }
    if (width <= 8) {
      values.putWidth(unscaled.longValue(), width);
    } else {
      byte[] be = unscaled.toByteArray(); // big-endian, minimal, at most width bytes here
      byte fill = (byte) (unscaled.signum() < 0 ? -1 : 0);
      for (int i = 0; i < width; i++) {
        int src = be.length - 1 - i;
        scratch[i] = src >= 0 ? be[src] : fill;
      }
      values.putBytes(scratch, 0, width);
    }
    validity.appendSet();
    length++;
  }

  /** Appends an unscaled value that fits a long (allocation-free for every width). */
  public void appendUnscaled(long unscaled) {
    // Beyond 18 digits every long has few enough digits (|Long.MIN_VALUE| < 10^19); only Decimal32's bits bound it.
    if ((precision <= 18 && (unscaled <= -longLimit || unscaled >= longLimit))
        || (width == 4 && unscaled != (int) unscaled)) {
      throw new IllegalArgumentException("field '" + field.name() + "': unscaled value " + unscaled
          + " has more than " + precision + " digits (" + field.type() + ")");
    }
    switch (width) {
      case 4 -> values.putInt((int) unscaled);
      case 8 -> values.putLong(unscaled);
      default -> { // two's complement: the long, then its sign extended over the remaining words
        values.putLong(unscaled);
        long fill = unscaled >> 63;
        for (int i = 8; i < width; i += 8) {
          values.putLong(fill);
        }
      }
    }
    validity.appendSet();
    length++;
  }

  @Override
  public void appendNull() {
    values.putZeros(width);
    validity.appendUnset();
    length++;
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof BigDecimal d) {
      appendDecimal(d);
    } else if (value instanceof BigInteger i) {
      appendDecimal(new BigDecimal(i));
    } else if (value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof Byte) {
      appendDecimal(BigDecimal.valueOf(((Number) value).longValue()));
    } else {
      throw wrongValue(value, "BigDecimal");
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
}
