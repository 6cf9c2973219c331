package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Arrow decimals that Spark's DecimalType cannot hold (Decimal256 beyond 38 digits, a negative scale or one above
 * the precision) as StringType: the exact value in plain notation ({@code -12345.678}, never {@code 1.2E+5}),
 * so that nothing is rounded and the rest of the file stays readable. The text is made per value as Spark reads
 * it.
 */
public final class DecimalStringVector extends ArrowVector {
  private final RawBuffer values;
  private final int byteWidth;
  private final int scale;

  public DecimalStringVector(DataType type, ArrayData data, int byteWidth, int scale) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
    this.byteWidth = byteWidth;
    this.scale = scale;
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    byte[] le = values.getBytes((offset + rowId) * byteWidth, byteWidth);
    byte[] be = new byte[byteWidth];
    for (int k = 0; k < byteWidth; k++) {
      be[k] = le[byteWidth - 1 - k];
    }
    return UTF8String.fromString(new BigDecimal(new BigInteger(be), scale).toPlainString());
  }
}
