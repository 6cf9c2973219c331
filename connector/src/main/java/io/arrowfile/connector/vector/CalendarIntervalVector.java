package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntervalArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.CalendarInterval;

/**
 * Arrow Interval DayTime (days, milliseconds) and MonthDayNano (months, days, nanoseconds) as
 * CalendarIntervalType; nanoseconds are truncated toward zero to microseconds, as Spark's own
 * {@code ArrowColumnVector} reads MonthDayNano (an amount: -1500 ns is -1 µs, the mirror of 1500 ns).
 */
public final class CalendarIntervalVector extends ArrowVector {
  private final IntervalArray intervals;
  private final boolean monthDayNano;

  public CalendarIntervalVector(DataType type, ArrayData data, boolean monthDayNano) {
    super(type, data);
    this.intervals = (IntervalArray) ArrowArray.of(data);
    this.monthDayNano = monthDayNano;
  }

  @Override
  public CalendarInterval getInterval(int rowId) {
    if (monthDayNano) {
      return new CalendarInterval(intervals.getMonths(rowId), intervals.getDays(rowId),
          intervals.getNanoseconds(rowId) / 1000L);
    }
    return new CalendarInterval(0, intervals.getDays(rowId), intervals.getMilliseconds(rowId) * 1000L);
  }
}
