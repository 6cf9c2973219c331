package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.ListBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;

final class ArrayWriter extends ColumnWriter {
  private final ListBuilder b;
  private final ColumnWriter element;

  ArrayWriter(ListBuilder b, Budget budget, boolean stats, ColumnWriter element) {
    super(b, budget, stats);
    this.b = b;
    this.element = element;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    ArrayData array = src.getArray(ordinal);
    int n = array.numElements();
    b.startList();
    for (int i = 0; i < n; i++) {
      element.write(array, i);
    }
    b.endList();
    budget.bytes += 4;
  }
}
