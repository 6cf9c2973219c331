package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.DecimalBuilder;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.types.Decimal;

final class BigDecimalWriter extends ColumnWriter {
  private final DecimalBuilder b;
  private final int precision;
  private final int scale;
  private BigInteger min;
  private BigInteger max;

  BigDecimalWriter(DecimalBuilder b, Budget budget, boolean stats, int precision, int scale) {
    super(b, budget, stats);
    this.b = b;
    this.precision = precision;
    this.scale = scale;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    Decimal d = src.getDecimal(ordinal, precision, scale);
    BigInteger v = d.toJavaBigDecimal().setScale(scale).unscaledValue();
    b.appendUnscaled(v);
    budget.bytes += 16;
    if (stats) {
      if (min == null || v.compareTo(min) < 0) {
        min = v;
      }
      if (max == null || v.compareTo(max) > 0) {
        max = v;
      }
    }
  }

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (stats && min != null) {
      bounds.decimals(new BigDecimal(min, scale), new BigDecimal(max, scale));
    }
  }

  @Override
  void resetMinMax() {
    min = null;
    max = null;
  }
}
