package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow Int8 as ByteType. */
public final class Int8Vector extends ArrowVector {
  private final RawBuffer values;

  public Int8Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override public byte getByte(int rowId) { return values.getByte(offset + rowId); }
}
