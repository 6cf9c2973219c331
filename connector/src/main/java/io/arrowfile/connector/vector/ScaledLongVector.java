package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/**
 * Int32 or Int64 values converted to a finer unit by multiplying: timestamps and durations in seconds or
 * milliseconds to microseconds, times of day to nanoseconds.
 */
public final class ScaledLongVector extends ArrowVector {
  private final ArrowBuffer values;
  private final long factor;
  private final boolean wide;

  public ScaledLongVector(DataType type, ArrayData data, boolean wide, long factor) {
    super(type, data);
    this.values = data.buffer(1);
    this.wide = wide;
    this.factor = factor;
  }

  @Override
  public long getLong(int rowId) {
    long i = offset + rowId;
    long raw = wide ? values.getLong(i << 3) : values.getInt(i << 2);
    return raw * factor;
  }
}
