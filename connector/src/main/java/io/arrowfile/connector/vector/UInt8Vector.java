package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/** Arrow UInt8 widened to ShortType. */
public final class UInt8Vector extends ArrowVector {
  private final ArrowBuffer values;

  public UInt8Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = data.buffer(1);
  }

  @Override public short getShort(int rowId) { return (short) (values.getByte(offset + rowId) & 0xFF); }
}
