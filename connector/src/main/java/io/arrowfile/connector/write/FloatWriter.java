package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.FloatingPointBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class FloatWriter extends DoubleStats {
  private final FloatingPointBuilder b;

  FloatWriter(FloatingPointBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    float v = src.getFloat(ordinal);
    b.appendFloat(v);
    budget.bytes += 4;
    if (stats) {
      track(v);
    }
  }

  @Override
  boolean single() {
    return true;
  }
}
