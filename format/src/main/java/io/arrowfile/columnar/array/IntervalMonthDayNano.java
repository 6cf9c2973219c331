package io.arrowfile.columnar.array;

/** A value of {@code Interval(MONTH_DAY_NANO)}: months, days (32-bit) and nanoseconds (64-bit). */
public record IntervalMonthDayNano(int months, int days, long nanoseconds) {}
