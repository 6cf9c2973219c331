package io.arrowfile.columnar.array;

/** A value of {@code Interval(DAY_TIME)}: days and milliseconds, each a signed 32-bit integer. */
public record IntervalDayTime(int days, int milliseconds) {}
