package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.IntBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class ShortWriter extends LongStats {
  private final IntBuilder b;

  ShortWriter(IntBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    short v = src.getShort(ordinal);
    b.appendLong(v);
    budget.bytes += 2;
    if (stats) {
      track(v);
    }
  }
}
