package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.CalendarInterval;

/**
 * Arrow Interval DayTime (days, milliseconds) and MonthDayNano (months, days, nanoseconds) as
 * CalendarIntervalType; nanoseconds are truncated toward zero to microseconds, as Spark's own
 * {@code ArrowColumnVector} reads MonthDayNano (an amount: -1500 ns is -1 µs, the mirror of 1500 ns).
 */
public final class CalendarIntervalVector extends ArrowVector {
  private final ArrowBuffer values;
  private final boolean monthDayNano;

  public CalendarIntervalVector(DataType type, ArrayData data, boolean monthDayNano) {
    super(type, data);
    this.values = data.buffer(1);
    this.monthDayNano = monthDayNano;
  }

  @Override
  public CalendarInterval getInterval(int rowId) {
    long i = offset + rowId;
    if (monthDayNano) {
      long at = i << 4;
      return new CalendarInterval(values.getInt(at), values.getInt(at + 4),
          values.getLong(at + 8) / 1000L);
    }
    long at = i << 3;
    return new CalendarInterval(0, values.getInt(at), values.getInt(at + 4) * 1000L);
  }
}
