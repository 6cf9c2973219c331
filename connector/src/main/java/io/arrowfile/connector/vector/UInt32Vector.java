package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/** Arrow UInt32 widened to LongType. */
public final class UInt32Vector extends ArrowVector {
  private final ArrowBuffer values;

  public UInt32Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = data.buffer(1);
  }

  @Override public long getLong(int rowId) { return values.getInt((offset + rowId) << 2) & 0xFFFFFFFFL; }
}
