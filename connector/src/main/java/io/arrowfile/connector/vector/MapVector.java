package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarMap;

/** Arrow Map (a list of key/value structs) as MapType. */
public final class MapVector extends ArrowVector {
  private final ArrowBuffer offsets;
  private final ColumnVector keys;
  private final ColumnVector values;

  public MapVector(DataType type, ArrayData data, ColumnVector keys, ColumnVector values) {
    super(type, data);
    this.offsets = data.buffer(1);
    this.keys = keys;
    this.values = values;
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    long i = offset + rowId;
    int start = offsets.getInt(i << 2);
    return new ColumnarMap(keys, values, start, offsets.getInt((i + 1) << 2) - start);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return ordinal == 0 ? keys : values;
  }
}
