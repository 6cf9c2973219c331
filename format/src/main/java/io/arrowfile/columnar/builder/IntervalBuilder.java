package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import java.util.List;

/** Builds Interval arrays: YEAR_MONTH (Integer months), DAY_TIME and MONTH_DAY_NANO (the records). */
public final class IntervalBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder values = new BufferBuilder();
  private final IntervalUnit unit;
  private final int width;
  private int length;

  IntervalBuilder(Field field) {
    super(field);
    this.unit = ((ArrowType.Interval) field.type()).unit();
    this.width = field.type().byteWidth();
  }

  public void appendMonths(int months) {
    check(IntervalUnit.YEAR_MONTH);
    values.putInt(months);
    valid();
  }

  public void appendDayTime(int days, int milliseconds) {
    check(IntervalUnit.DAY_TIME);
    values.putInt(days);
    values.putInt(milliseconds);
    valid();
  }

  public void appendMonthDayNano(int months, int days, long nanoseconds) {
    check(IntervalUnit.MONTH_DAY_NANO);
    values.putInt(months);
    values.putInt(days);
    values.putLong(nanoseconds);
    valid();
  }

  private void check(IntervalUnit expected) {
    if (unit != expected) {
      throw new IllegalStateException("field '" + field.name() + "' is interval[" + unit + "], not "
          + expected);
    }
  }

  private void valid() {
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
      return;
    }
    switch (unit) {
      case YEAR_MONTH -> {
        if (value instanceof Integer i) {
          appendMonths(i);
        } else {
          throw wrongValue(value, "Integer months");
        }
      }
      case DAY_TIME -> {
        if (value instanceof IntervalDayTime v) {
          appendDayTime(v.days(), v.milliseconds());
        } else {
          throw wrongValue(value, "IntervalDayTime");
        }
      }
      case MONTH_DAY_NANO -> {
        if (value instanceof IntervalMonthDayNano v) {
          appendMonthDayNano(v.months(), v.days(), v.nanoseconds());
        } else {
          throw wrongValue(value, "IntervalMonthDayNano");
        }
      }
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
