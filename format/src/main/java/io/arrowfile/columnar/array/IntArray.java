package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import java.math.BigInteger;

/**
 * Int8, Int16, Int32, Int64 and their unsigned forms. The typed getters read the stored bits at the width
 * they name ({@link #getByte} on an 8-bit array, ...); {@link #getObject} widens unsigned values.
 */
public final class IntArray implements ArrowArray {
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer values;
  private final long offset;
  private final int byteWidth;
  private final boolean signed;

  IntArray(ArrayData data) {
    this(data, (ArrowType.Int) data.field().type());
  }

  /** A view of {@code data}'s values as integers of {@code type} (dictionary indices). */
  IntArray(ArrayData data, ArrowType.Int type) {
    this.data = data;
    this.validity = data.validity();
    this.values = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.byteWidth = type.bitWidth() / 8;
    this.signed = type.signed();
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public int byteWidth() {
    return byteWidth;
  }

  public boolean isSigned() {
    return signed;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  public byte getByte(long index) {
    return values.getByte(offset + index);
  }

  public short getShort(long index) {
    return values.getShort((offset + index) << 1);
  }

  public int getInt(long index) {
    return values.getInt((offset + index) << 2);
  }

  public long getLong(long index) {
    return values.getLong((offset + index) << 3);
  }

  /**
   * Values {@code index} to {@code index + count - 1} of a 64-bit array, copied into {@code dst} at once (null slots
   * hold whatever their slot holds: mask them with {@link ArrayData#validityBits}).
   *
   * @throws IllegalStateException for an array of another width
   */
  public void getLongs(long index, long[] dst, int dstOffset, int count) {
    if (byteWidth != 8) {
      throw new IllegalStateException("getLongs on a " + (byteWidth * 8) + "-bit integer array");
    }
    java.util.Objects.checkFromIndexSize(index, count, data.length());
    values.getLongs((offset + index) << 3, dst, dstOffset, count);
  }

  /**
   * The value at any width as a long: sign-extended for signed types, zero-extended for unsigned ones
   * (UInt64 values above {@code Long.MAX_VALUE} come back negative, as their raw bits).
   */
  public long getAsLong(long index) {
    long byteIndex = (offset + index) * byteWidth;
    return signed ? BufferAccess.readSigned(values, byteWidth, byteIndex)
        : BufferAccess.readUnsigned(values, byteWidth, byteIndex);
  }

  @Override
  public Object getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    if (signed) {
      switch (byteWidth) {
        case 1: return getByte(index);
        case 2: return getShort(index);
        case 4: return getInt(index);
        default: return getLong(index);
      }
    }
    switch (byteWidth) {
      case 1: return (short) (getByte(index) & 0xFF);
      case 2: return getShort(index) & 0xFFFF;
      case 4: return getInt(index) & 0xFFFF_FFFFL;
      default: {
        long v = getLong(index);
        BigInteger b = BigInteger.valueOf(v);
        return v >= 0 ? b : b.add(TWO_64);
      }
    }
  }
}
