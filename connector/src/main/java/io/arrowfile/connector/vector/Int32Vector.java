package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.DataType;

/** Four-byte values read as int: Int32, Date32, Interval YearMonth (months). */
public final class Int32Vector extends ArrowVector {
  private final RawBuffer values;

  public Int32Vector(DataType type, ArrayData data) {
    this(type, data, null);
  }

  /** {@code pending}: the column's decompression, run on the first read of a value; null when done. */
  public Int32Vector(DataType type, ArrayData data, DeferredColumn pending) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1), pending);
  }

  @Override public int getInt(int rowId) { return values.getInt((offset + rowId) << 2); }
}
