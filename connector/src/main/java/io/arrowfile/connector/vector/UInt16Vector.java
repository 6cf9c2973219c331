package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/** Arrow UInt16 widened to IntegerType. */
public final class UInt16Vector extends ArrowVector {
  private final ArrowBuffer values;

  public UInt16Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = data.buffer(1);
  }

  @Override public int getInt(int rowId) { return values.getShort((offset + rowId) << 1) & 0xFFFF; }
}
