package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.FloatingPointBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class DoubleWriter extends DoubleStats {
  private final FloatingPointBuilder b;

  DoubleWriter(FloatingPointBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    double v = src.getDouble(ordinal);
    b.appendDouble(v);
    budget.bytes += 8;
    if (stats) {
      track(v);
    }
  }

  @Override
  boolean single() {
    return false;
  }
}
