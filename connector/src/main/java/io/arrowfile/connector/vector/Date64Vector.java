package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow Date64 (milliseconds) as DateType days, floored. */
public final class Date64Vector extends ArrowVector {
  private final RawBuffer values;

  public Date64Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override public int getInt(int rowId) { return (int) Math.floorDiv(values.getLong((offset + rowId) << 3), 86_400_000L); }
}
