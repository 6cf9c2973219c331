package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/** Int64 values converted to a coarser unit, floored: nanosecond timestamps and durations to microseconds. */
public final class FlooredLongVector extends ArrowVector {
  private final ArrowBuffer values;
  private final long divisor;

  public FlooredLongVector(DataType type, ArrayData data, long divisor) {
    super(type, data);
    this.values = data.buffer(1);
    this.divisor = divisor;
  }

  @Override
  public long getLong(int rowId) {
    return Math.floorDiv(values.getLong((offset + rowId) << 3), divisor);
  }
}
