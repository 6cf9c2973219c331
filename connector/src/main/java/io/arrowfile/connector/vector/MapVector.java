package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.MapArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarMap;

/** Arrow Map (a list of key/value structs) as MapType; {@link MapArray} reads where each map's entries are. */
public final class MapVector extends ArrowVector {
  private final MapArray maps;
  private final ColumnVector keys;
  private final ColumnVector values;

  public MapVector(DataType type, ArrayData data, ColumnVector keys, ColumnVector values) {
    super(type, data);
    this.maps = (MapArray) ArrowArray.of(data);
    this.keys = keys;
    this.values = values;
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    return new ColumnarMap(keys, values, (int) maps.valueOffset(rowId), (int) maps.valueLength(rowId));
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return ordinal == 0 ? keys : values;
  }
}
