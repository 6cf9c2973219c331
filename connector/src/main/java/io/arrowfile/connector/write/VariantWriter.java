package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.StructBuilder;
import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import io.arrowfile.spark.SparkTypes;

final class VariantWriter extends ColumnWriter {
  private final StructBuilder b;
  private final VariableBinaryBuilder metadata;
  private final VariableBinaryBuilder value;

  VariantWriter(StructBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
    this.metadata = (VariableBinaryBuilder) b.child(0);
    this.value = (VariableBinaryBuilder) b.child(1);
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    byte[][] parts = SparkTypes.variantParts(src, ordinal);
    byte[] m = parts[0];
    byte[] x = parts[1];
    metadata.appendBytes(m);
    value.appendBytes(x);
    b.appendValid();
    budget.bytes += 8L + m.length + x.length;
  }
}
