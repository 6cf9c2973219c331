package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow Int16 as ShortType. */
public final class Int16Vector extends ArrowVector {
  private final RawBuffer values;

  public Int16Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override public short getShort(int rowId) { return values.getShort((offset + rowId) << 1); }
}
