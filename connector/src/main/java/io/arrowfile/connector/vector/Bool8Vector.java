package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow's canonical {@code arrow.bool8} (Int8 storage) as BooleanType: 0 is false, any other byte true. */
public final class Bool8Vector extends ArrowVector {
  private final RawBuffer values;

  public Bool8Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override public boolean getBoolean(int rowId) { return values.getByte(offset + rowId) != 0; }
}
