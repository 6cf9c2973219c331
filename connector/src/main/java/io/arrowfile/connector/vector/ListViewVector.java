package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.ListViewArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;

/**
 * ListView and LargeListView as ArrayType: {@link #getArray} is a {@link ColumnarArray} over the child vector
 * at the offset and size {@link ListViewArray} reads (ranges may overlap and come in any order).
 */
public final class ListViewVector extends ArrowVector {
  private final ColumnVector child;
  private final ListViewArray lists;

  public ListViewVector(DataType type, ArrayData data, ColumnVector child) {
    super(type, data);
    this.child = child;
    this.lists = (ListViewArray) ArrowArray.of(data);
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
