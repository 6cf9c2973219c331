package io.arrowfile.connector.statistics;

/**
 * The min/max of one record batch's values of a floating point column: NaN is left out of min/max and counted in
 * {@code nanCount}; -0.0 orders below 0.0.
 */
public final class DoubleStats {
  private final boolean single;
  private double min = Double.POSITIVE_INFINITY;
  private double max = Double.NEGATIVE_INFINITY;
  private boolean any;
  private long nanCount;

  /** {@code single}: a 32-bit floating point column, whose bounds are written as floats. */
  public DoubleStats(boolean single) {
    this.single = single;
  }

  public void track(double v) {
    if (v != v) {
      nanCount++;
      return;
    }
    if (v < min || (v == 0 && min == 0 && Double.doubleToRawLongBits(v) < 0)) {
      min = v; // -0.0 is the smaller zero
    }
    if (v > max || (v == 0 && max == 0 && Double.doubleToRawLongBits(v) == 0)) {
      max = v;
    }
    any = true;
  }

  /** Adds the batch's bounds and NaN count to {@code bounds}. */
  public void report(StatisticsDocument.Bounds bounds) {
    if (any) {
      bounds.floatingPoint(min, max, single);
    }
    if (nanCount > 0) {
      bounds.nanCount(nanCount);
    }
  }

  /** Starts the next batch. */
  public void reset() {
    min = Double.POSITIVE_INFINITY;
    max = Double.NEGATIVE_INFINITY;
    any = false;
    nanCount = 0;
  }
}
