package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class BinaryWriter extends ColumnWriter {
  private final VariableBinaryBuilder b;

  BinaryWriter(VariableBinaryBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    byte[] v = src.getBinary(ordinal);
    b.appendBytes(v);
    budget.bytes += 4L + v.length;
  }
}
