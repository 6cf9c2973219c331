package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.LongStats;
import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.IntBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

/** Integer, Date (days). */
final class IntWriter extends ColumnWriter {
  private final IntBuilder b;
  /** The batch's min/max; null without statistics. */
  private final LongStats minMax;

  IntWriter(IntBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
    this.minMax = stats ? new LongStats() : null;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    int v = src.getInt(ordinal);
    b.appendInt(v);
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
