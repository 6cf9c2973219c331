package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.IntBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

/** Integer, Date (days). */
final class IntWriter extends LongStats {
  private final IntBuilder b;

  IntWriter(IntBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    int v = src.getInt(ordinal);
    b.appendInt(v);
    budget.bytes += 4;
    if (stats) {
      track(v);
    }
  }
}
