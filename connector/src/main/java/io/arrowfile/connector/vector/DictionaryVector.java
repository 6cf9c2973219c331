package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/** A dictionary-encoded column: row i is the dictionary's value at index i (decoded on access, no copy). */
public final class DictionaryVector extends RemappedVector {
  private final ArrowBuffer validity;
  private final ArrowBuffer indices;
  private final long offset;
  private final int indexWidth;
  private final boolean unsigned;

  public DictionaryVector(DataType type, ArrayData data, ColumnVector values) {
    super(type, values, (int) data.length());
    this.validity = data.validity();
    this.indices = data.buffer(1);
    this.offset = data.offset();
    this.indexWidth = data.field().dictionary().indexType().bitWidth() / 8;
    this.unsigned = !data.field().dictionary().indexType().signed();
  }

  @Override
  protected int map(int rowId) {
    long i = offset + rowId;
    switch (indexWidth) {
      case 1: return unsigned ? indices.getByte(i) & 0xFF : indices.getByte(i);
      case 2: return unsigned ? indices.getShort(i << 1) & 0xFFFF : indices.getShort(i << 1);
      case 4: return indices.getInt(i << 2);
      default: return (int) indices.getLong(i << 3);
    }
  }

  @Override
  public boolean isNullAt(int rowId) {
    if (validity != null && !validity.getBit(offset + rowId)) {
      return true;
    }
    return inner.isNullAt(map(rowId));
  }
}
