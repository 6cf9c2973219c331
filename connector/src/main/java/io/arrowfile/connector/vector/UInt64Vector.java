package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import java.math.BigInteger;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;

/** Arrow UInt64 as Decimal(20, 0). */
public final class UInt64Vector extends ArrowVector {
  private final ArrowBuffer values;

  public UInt64Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = data.buffer(1);
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    long v = values.getLong((offset + rowId) << 3);
    if (v >= 0) {
      return new Decimal().set(v, precision, scale);
    }
    BigInteger unsigned = BigInteger.valueOf(v).add(BigInteger.ONE.shiftLeft(64));
    return Decimal.apply(new java.math.BigDecimal(unsigned), precision, scale);
  }
}
