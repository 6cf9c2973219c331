package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.StructBuilder;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class StructWriter extends ColumnWriter {
  private final StructBuilder b;
  private final ColumnWriter[] children;

  StructWriter(StructBuilder b, Budget budget, boolean stats, ColumnWriter[] children) {
    super(b, budget, stats);
    this.b = b;
    this.children = children;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    InternalRow row = src.getStruct(ordinal, children.length);
    for (int i = 0; i < children.length; i++) {
      children[i].write(row, i);
    }
    b.appendValid();
  }
}
