package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.DecimalArray;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;

/**
 * Arrow Decimal32/64/128/256 as Spark decimals: from an int or long when the precision is at most 18
 * (the low eight bytes of a wider value hold it entirely), else from the value {@link DecimalArray} decodes.
 * Values beyond the declared precision are not rejected here; Spark turns them into null when it
 * materializes rows.
 */
public final class DecimalVector extends ArrowVector {
  // The compact path is a fixed-width load, read raw like the integer vectors' values.
  private final RawBuffer values;
  private final DecimalArray decimals;
  private final int byteWidth;
  private final boolean compact;

  public DecimalVector(DataType type, ArrayData data, int byteWidth, int precision) {
    this(type, data, byteWidth, precision, null);
  }

  /** {@code pending}: the column's decompression, run on the first read of a value; null when done. */
  public DecimalVector(DataType type, ArrayData data, int byteWidth, int precision, DeferredColumn pending) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1), pending);
    this.decimals = (DecimalArray) ArrowArray.of(data);
    this.byteWidth = byteWidth;
    this.compact = precision <= Decimal.MAX_LONG_DIGITS();
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    long i = offset + rowId;
    if (compact) {
      long unscaled = byteWidth == 4 ? values.getInt(i << 2) : values.getLong(i * byteWidth);
      return Decimal.createUnsafe(unscaled, precision, scale);
    }
    // No precision check here: a value wider than the declared precision (invalid, but found in files)
    // becomes null when Spark writes it into a row (Decimal.changePrecision fails), instead of failing the scan.
    values.load(); // the wide path reads through the array view, not through values
    return Decimal.apply(decimals.getBigDecimal(rowId));
  }
}
