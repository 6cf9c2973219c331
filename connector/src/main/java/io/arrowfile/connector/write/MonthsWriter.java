package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.IntervalBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

/** YearMonthInterval: months. */
final class MonthsWriter extends LongStats {
  private final IntervalBuilder b;

  MonthsWriter(IntervalBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    int v = src.getInt(ordinal);
    b.appendMonths(v);
    budget.bytes += 4;
    if (stats) {
      track(v);
    }
  }
}
