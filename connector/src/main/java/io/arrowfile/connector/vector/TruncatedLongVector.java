package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/**
 * Int64 signed amounts converted to a coarser unit, truncated toward zero: nanosecond durations to
 * microseconds. Truncating makes a negative amount the mirror of the positive one (-1500 ns is -1 µs, as 1500 ns
 * is 1 µs), as Spark's {@code ArrowColumnVector} does for intervals and pyarrow's and Polars' casts do for
 * durations. Points in time floor instead ({@link FlooredLongVector}).
 */
public final class TruncatedLongVector extends ArrowVector {
  private final ArrowBuffer values;
  private final long divisor;

  public TruncatedLongVector(DataType type, ArrayData data, long divisor) {
    super(type, data);
    this.values = data.buffer(1);
    this.divisor = divisor;
  }

  @Override
  public long getLong(int rowId) {
    return values.getLong((offset + rowId) << 3) / divisor;
  }
}
