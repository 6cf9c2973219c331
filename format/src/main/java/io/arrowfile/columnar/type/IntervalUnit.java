package io.arrowfile.columnar.type;

public enum IntervalUnit {
  /** Int32 months. */
  YEAR_MONTH,
  /** Int32 days, then Int32 milliseconds. */
  DAY_TIME,
  /** Int32 months, Int32 days, Int64 nanoseconds. */
  MONTH_DAY_NANO
}
