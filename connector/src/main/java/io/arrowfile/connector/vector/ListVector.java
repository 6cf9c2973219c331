package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.ListArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;

/**
 * List and LargeList as ArrayType: {@link #getArray} is a {@link ColumnarArray} over the child vector at the
 * list's offset and length, which {@link ListArray} reads.
 */
public final class ListVector extends ArrowVector {
  private final ColumnVector child;
  private final ListArray lists;

  public ListVector(DataType type, ArrayData data, ColumnVector child) {
    super(type, data);
    this.child = child;
    this.lists = (ListArray) ArrowArray.of(data);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return new ColumnarArray(child, Math.toIntExact(lists.valueOffset(rowId)), (int) lists.valueLength(rowId));
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return child;
  }
}
