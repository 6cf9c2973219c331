package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow Float64. */
public final class Float64Vector extends ArrowVector {
  private final RawBuffer values;

  public Float64Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override public double getDouble(int rowId) { return values.getDouble((offset + rowId) << 3); }
}
