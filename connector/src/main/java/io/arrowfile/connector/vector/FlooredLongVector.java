package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/**
 * Int64 points in time converted to a coarser unit, floored: nanosecond timestamps to microseconds. Flooring
 * keeps order and matches {@code java.time} (-1 ns is the microsecond before the epoch, 23:59:59.999999), as
 * Spark's own conversions and Polars do. Amounts truncate instead ({@link TruncatedLongVector}).
 */
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
