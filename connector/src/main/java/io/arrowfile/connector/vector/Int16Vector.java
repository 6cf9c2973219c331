package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/** Arrow Int16 as ShortType. */
public final class Int16Vector extends ArrowVector {
  private final ArrowBuffer values;

  public Int16Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = data.buffer(1);
  }

  @Override public short getShort(int rowId) { return values.getShort((offset + rowId) << 1); }
}
