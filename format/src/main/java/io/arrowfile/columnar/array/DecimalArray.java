package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;

/** Decimal32, Decimal64, Decimal128 and Decimal256: two's complement little-endian unscaled values. */
public final class DecimalArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer values;
  private final long offset;
  private final int byteWidth;
  private final int scale;
  private final int precision;

  DecimalArray(ArrayData data) {
    this.data = data;
    ArrowType.Decimal type = (ArrowType.Decimal) data.field().type();
    this.validity = data.validity();
    this.values = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.byteWidth = type.bitWidth() / 8;
    this.scale = type.scale();
    this.precision = type.precision();
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public int byteWidth() {
    return byteWidth;
  }

  public int scale() {
    return scale;
  }

  public int precision() {
    return precision;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The unscaled value of a Decimal32 or Decimal64 array; for wider ones, its low 64 bits. */
  public long getUnscaledLong(long index) {
    long at = (offset + index) * byteWidth;
    return byteWidth == 4 ? values.getInt(at) : values.getLong(at);
  }

  /** Bits 0..63 of a 128- or 256-bit value. */
  public long getLow(long index) {
    return values.getLong((offset + index) * byteWidth);
  }

  /** Bits 64..127 of a 128- or 256-bit value (the signed high half of a Decimal128). */
  public long getHigh(long index) {
    return values.getLong((offset + index) * byteWidth + 8);
  }

  /** 64-bit word {@code word} (0 = least significant) of the value. */
  public long getWord(long index, int word) {
    return values.getLong((offset + index) * byteWidth + 8L * word);
  }

  /** The unscaled value at any width. */
  public BigInteger getUnscaled(long index) {
    if (byteWidth <= 8) {
      return BigInteger.valueOf(getUnscaledLong(index));
    }
    long at = (offset + index) * byteWidth;
    byte[] be = new byte[byteWidth];
    for (int i = 0; i < byteWidth; i++) {
      be[byteWidth - 1 - i] = values.getByte(at + i);
    }
    return new BigInteger(be);
  }

  public BigDecimal getBigDecimal(long index) {
    if (byteWidth <= 8) {
      return BigDecimal.valueOf(getUnscaledLong(index), scale);
    }
    return new BigDecimal(getUnscaled(index), scale);
  }

  @Override
  public Object getObject(long index) {
    return isNull(index) ? null : getBigDecimal(index);
  }
}
