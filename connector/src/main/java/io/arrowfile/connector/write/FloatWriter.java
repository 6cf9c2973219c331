package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.DoubleStats;
import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.FloatingPointBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class FloatWriter extends ColumnWriter {
  private final FloatingPointBuilder b;
  /** The batch's min/max; null without statistics. */
  private final DoubleStats minMax;

  FloatWriter(FloatingPointBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
    this.minMax = stats ? new DoubleStats(true) : null;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    float v = src.getFloat(ordinal);
    b.appendFloat(v);
    budget.bytes += 4;
    if (minMax != null) {
      minMax.track(v);
    }
  }

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (minMax != null) {
      minMax.report(bounds);
    }
  }

  @Override
  void resetMinMax() {
    if (minMax != null) {
      minMax.reset();
    }
  }
}
