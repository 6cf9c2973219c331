package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.RunEndEncodedArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A run-end encoded column: row i reads the values child at the run covering it, which a
 * {@link RunEndEncodedArray.Cursor} finds (a comparison or two per row in a scan, a binary search otherwise).
 */
public final class RunEndVector extends RemappedVector {
  private final RunEndEncodedArray.Cursor runs;

  public RunEndVector(DataType type, ArrayData data, ColumnVector values) {
    super(type, values, (int) data.length());
    this.runs = ((RunEndEncodedArray) ArrowArray.of(data)).cursor();
  }

  @Override
  protected int map(int rowId) {
    return (int) runs.physicalIndex(rowId);
  }
}
