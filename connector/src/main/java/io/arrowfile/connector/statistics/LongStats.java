package io.arrowfile.connector.statistics;

/**
 * The min/max of one record batch's values of an integer-valued column (integers, dates, timestamps, durations,
 * months, times), written as JSON integers of the stored value.
 */
public final class LongStats {
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;
  private boolean any;

  public void track(long v) {
    if (v < min) {
      min = v;
    }
    if (v > max) {
      max = v;
    }
    any = true;
  }

  /** Adds the batch's bounds to {@code bounds}, when it had a value. */
  public void report(StatisticsDocument.Bounds bounds) {
    if (any) {
      bounds.integers(min, max);
    }
  }

  /** Starts the next batch. */
  public void reset() {
    min = Long.MAX_VALUE;
    max = Long.MIN_VALUE;
    any = false;
  }
}
