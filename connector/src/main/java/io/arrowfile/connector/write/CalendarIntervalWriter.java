package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.IntervalBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.unsafe.types.CalendarInterval;

final class CalendarIntervalWriter extends ColumnWriter {
  private final IntervalBuilder b;
  private final String path;

  CalendarIntervalWriter(IntervalBuilder b, Budget budget, boolean stats, String path) {
    super(b, budget, stats);
    this.b = b;
    this.path = path;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    CalendarInterval v = src.getInterval(ordinal);
    long nanos;
    try {
      nanos = Math.multiplyExact(v.microseconds, 1000L);
    } catch (ArithmeticException e) {
      throw new ArithmeticException("column '" + path + "': interval " + v
          + " has more microseconds than Arrow's MONTH_DAY_NANO interval holds in 64-bit nanoseconds");
    }
    b.appendMonthDayNano(v.months, v.days, nanos);
    budget.bytes += 16;
  }
}
