package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.FixedSizeListArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;

/**
 * FixedSizeList(n) as ArrayType: {@link #getArray} is a {@link ColumnarArray} of n child rows from where
 * {@link FixedSizeListArray} puts the list.
 */
public final class FixedSizeListVector extends ArrowVector {
  private final ColumnVector child;
  private final FixedSizeListArray lists;

  public FixedSizeListVector(DataType type, ArrayData data, ColumnVector child) {
    super(type, data);
    this.child = child;
    this.lists = (FixedSizeListArray) ArrowArray.of(data);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return new ColumnarArray(child, Math.toIntExact(lists.valueOffset(rowId)), lists.listSize());
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return child;
  }
}
