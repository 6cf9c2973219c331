package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.math.BigInteger;
import java.util.List;

/**
 * Builds fixed-width integer arrays: Int8..Int64, UInt8..UInt64, and the temporal types stored as
 * integers (Date32/64, Time32/64, Timestamp, Duration), whose values are the stored Integer or Long.
 */
public final class IntBuilder extends ArrayBuilder {
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder values = new BufferBuilder();
  private final int width;
  private final boolean signed;
  private final long min;
  private final long max;
  private int length;

  IntBuilder(Field field) {
    super(field);
    ArrowType type = field.type();
    this.width = type.byteWidth();
    this.signed = !(type instanceof ArrowType.Int i) || i.signed();
    int bits = width * 8;
    if (bits == 64) {
      min = signed ? Long.MIN_VALUE : 0;
      max = Long.MAX_VALUE;
    } else if (signed) {
      min = -(1L << (bits - 1));
      max = (1L << (bits - 1)) - 1;
    } else {
      min = 0;
      max = (1L << bits) - 1;
    }
  }

  /** Bytes per value. */
  public int byteWidth() {
    return width;
  }

  /** Appends {@code value}, which must fit the type (for UInt64, use {@link #appendUnsignedBits}). */
  public void appendLong(long value) {
    if (width == 8 && signed) { // Int64, timestamps, durations: every long fits, and one store
      values.putLong(value);
      validity.appendSet();
      length++;
      return;
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException("field '" + field.name() + "': " + value + " is out of range for "
          + field.type() + " [" + min + ", " + max + "]");
    }
    values.putWidth(value, width);
    validity.appendSet();
    length++;
  }

  public void appendInt(int value) {
    if (width == 4 && (signed || value >= 0)) { // Int32, dates: it fits, one store
      values.putInt(value);
      validity.appendSet();
      length++;
    } else {
      appendLong(value);
    }
  }

  /** Appends the low {@code byteWidth()} bytes of {@code bits} as they are (UInt64 beyond Long.MAX_VALUE). */
  public void appendUnsignedBits(long bits) {
    values.putWidth(bits, width);
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
    } else if (value instanceof Integer || value instanceof Long || value instanceof Short
        || value instanceof Byte) {
      appendLong(((Number) value).longValue());
    } else if (value instanceof BigInteger big) {
      if (!signed && width == 8) {
        if (big.signum() < 0 || big.compareTo(TWO_64) >= 0) {
          throw new IllegalArgumentException("field '" + field.name() + "': " + big
              + " is out of range for uint64");
        }
        appendUnsignedBits(big.longValue());
      } else if (big.bitLength() < 64) {
        appendLong(big.longValue());
      } else {
        throw new IllegalArgumentException("field '" + field.name() + "': " + big + " is out of range for "
            + field.type());
      }
    } else {
      throw wrongValue(value, "an integer (Byte, Short, Integer, Long or BigInteger)");
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
