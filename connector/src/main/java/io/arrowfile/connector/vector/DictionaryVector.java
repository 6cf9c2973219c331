package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.DictionaryArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A dictionary-encoded column: row i is the dictionary's value at the index {@link DictionaryArray} reads
 * (decoded on access, no copy).
 */
public final class DictionaryVector extends RemappedVector {
  private final DictionaryArray indices;

  public DictionaryVector(DataType type, ArrayData data, ColumnVector values) {
    super(type, values, (int) data.length());
    this.indices = (DictionaryArray) ArrowArray.of(data);
  }

  @Override
  protected int map(int rowId) {
    return (int) indices.getIndex(rowId);
  }

  @Override
  public boolean isNullAt(int rowId) {
    return indices.isIndexNull(rowId) || inner.isNullAt(map(rowId));
  }
}
