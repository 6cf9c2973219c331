package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.DataType;

/** Arrow Int16 as ShortType. */
public final class Int16Vector extends ArrowVector {
  private final RawBuffer values;

  public Int16Vector(DataType type, ArrayData data) {
    this(type, data, null);
  }

  /** {@code pending}: the column's decompression, run on the first read of a value; null when done. */
  public Int16Vector(DataType type, ArrayData data, DeferredColumn pending) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1), pending);
  }

  @Override public short getShort(int rowId) { return values.getShort((offset + rowId) << 1); }
}
