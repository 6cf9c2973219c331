package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.ArrayBuilder;

/** Min/max of integer-valued columns, rendered as JSON integers. */
abstract class LongStats extends ColumnWriter {
  long min = Long.MAX_VALUE;
  long max = Long.MIN_VALUE;
  boolean any;

  LongStats(ArrayBuilder builder, Budget budget, boolean stats) {
    super(builder, budget, stats);
  }

  final void track(long v) {
    if (v < min) {
      min = v;
    }
    if (v > max) {
      max = v;
    }
    any = true;
  }

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (stats && any) {
      bounds.integers(min, max);
    }
  }

  @Override
  void resetMinMax() {
    min = Long.MAX_VALUE;
    max = Long.MIN_VALUE;
    any = false;
  }
}
