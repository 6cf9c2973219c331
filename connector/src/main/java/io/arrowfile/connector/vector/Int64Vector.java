package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.DataType;

/** Eight-byte values read as long: Int64, timestamps and durations in microseconds, Time64 in nanoseconds. */
public final class Int64Vector extends ArrowVector {
  private final RawBuffer values;

  public Int64Vector(DataType type, ArrayData data) {
    this(type, data, null);
  }

  /** {@code pending}: the column's decompression, run on the first read of a value; null when done. */
  public Int64Vector(DataType type, ArrayData data, DeferredColumn pending) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1), pending);
  }

  @Override public long getLong(int rowId) { return values.getLong((offset + rowId) << 3); }
}
