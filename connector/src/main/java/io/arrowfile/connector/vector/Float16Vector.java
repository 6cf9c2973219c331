package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/** Arrow Float16 widened to FloatType. */
public final class Float16Vector extends ArrowVector {
  private final ArrowBuffer values;

  public Float16Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = data.buffer(1);
  }

  @Override public float getFloat(int rowId) { return Half.toFloat(values.getShort((offset + rowId) << 1)); }
}
