package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.IntervalUnit;

/** Interval YEAR_MONTH (Int32 months), DAY_TIME (two Int32) and MONTH_DAY_NANO (Int32, Int32, Int64). */
public final class IntervalArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer values;
  private final long offset;
  private final IntervalUnit unit;
  private final int byteWidth;

  IntervalArray(ArrayData data) {
    this.data = data;
    ArrowType.Interval type = (ArrowType.Interval) data.field().type();
    this.validity = data.validity();
    this.values = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.unit = type.unit();
    this.byteWidth = type.byteWidth();
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public IntervalUnit unit() {
    return unit;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** Months of a YEAR_MONTH or MONTH_DAY_NANO value. */
  public int getMonths(long index) {
    return unit == IntervalUnit.DAY_TIME ? 0 : values.getInt((offset + index) * byteWidth);
  }

  /** Days of a DAY_TIME or MONTH_DAY_NANO value. */
  public int getDays(long index) {
    long at = (offset + index) * byteWidth;
    switch (unit) {
      case DAY_TIME: return values.getInt(at);
      case MONTH_DAY_NANO: return values.getInt(at + 4);
      default: return 0;
    }
  }

  /** Milliseconds of a DAY_TIME value. */
  public int getMilliseconds(long index) {
    return unit == IntervalUnit.DAY_TIME ? values.getInt((offset + index) * byteWidth + 4) : 0;
  }

  /** Nanoseconds of a MONTH_DAY_NANO value. */
  public long getNanoseconds(long index) {
    return unit == IntervalUnit.MONTH_DAY_NANO ? values.getLong((offset + index) * byteWidth + 8) : 0;
  }

  @Override
  public Object getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    switch (unit) {
      case YEAR_MONTH: return getMonths(index);
      case DAY_TIME: return new IntervalDayTime(getDays(index), getMilliseconds(index));
      default: return new IntervalMonthDayNano(getMonths(index), getDays(index), getNanoseconds(index));
    }
  }
}
