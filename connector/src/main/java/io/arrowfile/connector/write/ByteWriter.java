package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.IntBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class ByteWriter extends LongStats {
  private final IntBuilder b;

  ByteWriter(IntBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    byte v = src.getByte(ordinal);
    b.appendLong(v);
    budget.bytes += 1;
    if (stats) {
      track(v);
    }
  }
}
