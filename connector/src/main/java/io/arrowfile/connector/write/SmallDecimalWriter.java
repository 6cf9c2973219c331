package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.DecimalBuilder;
import java.math.BigDecimal;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;

/** Decimals of at most 18 digits: Spark holds them as an unscaled long. Min/max as JSON strings. */
final class SmallDecimalWriter extends ColumnWriter {
  private final DecimalBuilder b;
  private final int precision;
  private final int scale;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;
  private boolean any;

  SmallDecimalWriter(DecimalBuilder b, Budget budget, boolean stats, int precision, int scale) {
    super(b, budget, stats);
    this.b = b;
    this.precision = precision;
    this.scale = scale;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    // An UnsafeRow (what Spark's writers pass) holds a decimal of at most 18 digits as its unscaled long:
    // reading that skips the Decimal object getDecimal would make of it for every value.
    long v = src instanceof UnsafeRow u ? u.getLong(ordinal) : src.getDecimal(ordinal, precision, scale).toUnscaledLong();
    b.appendUnscaled(v);
    budget.bytes += 16;
    if (stats) {
      if (v < min) {
        min = v;
      }
      if (v > max) {
        max = v;
      }
      any = true;
    }
  }

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (stats && any) {
      bounds.decimals(BigDecimal.valueOf(min, scale), BigDecimal.valueOf(max, scale));
    }
  }

  @Override
  void resetMinMax() {
    min = Long.MAX_VALUE;
    max = Long.MIN_VALUE;
    any = false;
  }
}
