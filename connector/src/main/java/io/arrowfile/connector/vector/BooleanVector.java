package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow Bool: bit-packed values. */
public final class BooleanVector extends ArrowVector {
  private final RawBuffer values;

  public BooleanVector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override public boolean getBoolean(int rowId) { return values.getBit(offset + rowId); }
}
