package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.ArrayBuilder;

/** Min/max of floating point columns; NaN is left out of min/max and counted in {@code nanCount}. */
abstract class DoubleStats extends ColumnWriter {
  double min = Double.POSITIVE_INFINITY;
  double max = Double.NEGATIVE_INFINITY;
  boolean any;
  long nanCount;

  DoubleStats(ArrayBuilder builder, Budget budget, boolean stats) {
    super(builder, budget, stats);
  }

  final void track(double v) {
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

  /** True for 32-bit floating point columns, whose bounds are written as floats. */
  abstract boolean single();

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (!stats) {
      return;
    }
    if (any) {
      bounds.floatingPoint(min, max, single());
    }
    if (nanCount > 0) {
      bounds.nanCount(nanCount);
    }
  }

  @Override
  void resetMinMax() {
    min = Double.POSITIVE_INFINITY;
    max = Double.NEGATIVE_INFINITY;
    any = false;
    nanCount = 0;
  }
}
