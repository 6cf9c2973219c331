package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.LongStats;
import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.IntervalBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

/** YearMonthInterval: months. */
final class MonthsWriter extends ColumnWriter {
  private final IntervalBuilder b;
  /** The batch's min/max; null without statistics. */
  private final LongStats minMax;

  MonthsWriter(IntervalBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
    this.minMax = stats ? new LongStats() : null;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    int v = src.getInt(ordinal);
    b.appendMonths(v);
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
