package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntervalArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Arrow Interval DayTime (days, milliseconds) and MonthDayNano (months, days, nanoseconds) as
 * CalendarIntervalType; nanoseconds are truncated toward zero to microseconds, as Spark's own
 * {@code ArrowColumnVector} reads MonthDayNano (an amount: -1500 ns is -1 µs, the mirror of 1500 ns).
 *
 * <p>The three parts are child vectors (months, days, microseconds), which {@code ColumnVector.getInterval} reads:
 * Spark 3.5 makes that method final, so no vector can override it there, and every line reads children the same way.
 */
public final class CalendarIntervalVector extends ArrowVector {
  private final IntervalArray intervals;
  private final boolean monthDayNano;
  private final ColumnVector[] parts;

  public CalendarIntervalVector(DataType type, ArrayData data, boolean monthDayNano) {
    super(type, data);
    this.intervals = (IntervalArray) ArrowArray.of(data);
    this.monthDayNano = monthDayNano;
    this.parts = new ColumnVector[] {new Part(0), new Part(1), new Part(2)};
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return parts[ordinal];
  }

  /** One part of the intervals; nulls are the interval's. */
  private final class Part extends UnsupportedGetters {
    private final int part;

    Part(int part) {
      super(part == 2 ? DataTypes.LongType : DataTypes.IntegerType);
      this.part = part;
    }

    @Override
    protected String describe() {
      return "CalendarIntervalVector part " + part;
    }

    @Override
    public int getInt(int rowId) {
      if (part == 0) {
        return monthDayNano ? intervals.getMonths(rowId) : 0;
      }
      return intervals.getDays(rowId);
    }

    @Override
    public long getLong(int rowId) {
      return monthDayNano ? intervals.getNanoseconds(rowId) / 1000L : intervals.getMilliseconds(rowId) * 1000L;
    }

    @Override public boolean hasNull() { return CalendarIntervalVector.this.hasNull(); }
    @Override public int numNulls() { return CalendarIntervalVector.this.numNulls(); }
    @Override public boolean isNullAt(int rowId) { return CalendarIntervalVector.this.isNullAt(rowId); }
    @Override public void close() {}
  }
}
