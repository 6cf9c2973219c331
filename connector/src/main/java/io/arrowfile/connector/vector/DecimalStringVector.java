package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.DecimalArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Arrow decimals that Spark's DecimalType cannot hold (Decimal256 beyond 38 digits, a negative scale or one above
 * the precision) as StringType: the exact value in plain notation ({@code -12345.678}, never {@code 1.2E+5}),
 * so that nothing is rounded and the rest of the file stays readable. The text is made per value as Spark reads
 * it.
 */
public final class DecimalStringVector extends ArrowVector {
  private final DecimalArray decimals;

  public DecimalStringVector(DataType type, ArrayData data) {
    super(type, data);
    this.decimals = (DecimalArray) ArrowArray.of(data);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    return UTF8String.fromString(decimals.getBigDecimal(rowId).toPlainString());
  }
}
