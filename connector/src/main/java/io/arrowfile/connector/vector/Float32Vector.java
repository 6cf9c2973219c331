package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow Float32. */
public final class Float32Vector extends ArrowVector {
  private final RawBuffer values;

  public Float32Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override public float getFloat(int rowId) { return values.getFloat((offset + rowId) << 2); }
}
