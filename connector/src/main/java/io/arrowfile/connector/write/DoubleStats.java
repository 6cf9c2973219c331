package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.ArrayBuilder;

/** Min/max of floating point columns; NaN is left out of min/max and counted in {@code nanCount}. */
abstract class DoubleStats extends ColumnWriter {
  double min = Double.POSITIVE_INFINITY;
  double max = Double.NEGATIVE_INFINITY;
  boolean any;
  long nanCount;

  DoubleStats(ArrayBuilder builder, Budget budget, boolean stats) {
    super(builder, budget, stats);
  }

  final void track(double v) {
    if (v != v) {
      nanCount++;
      return;
    }
    if (v < min || (v == 0 && min == 0 && Double.doubleToRawLongBits(v) < 0)) {
      min = v; // -0.0 is the smaller zero
    }
    if (v > max || (v == 0 && max == 0 && Double.doubleToRawLongBits(v) == 0)) {
      max = v;
    }
    any = true;
  }

  abstract String render(double v);

  @Override
  public void appendMinMax(StringBuilder sb) {
    if (!stats) {
      return;
    }
    if (any) {
      sb.append(",\"min\":").append(number(min)).append(",\"max\":").append(number(max));
    }
    if (nanCount > 0) {
      sb.append(",\"nanCount\":").append(nanCount);
    }
  }

  private String number(double v) {
    if (v == Double.POSITIVE_INFINITY) {
      return "\"Infinity\"";
    } else if (v == Double.NEGATIVE_INFINITY) {
      return "\"-Infinity\"";
    }
    return render(v);
  }

  @Override
  void resetMinMax() {
    min = Double.POSITIVE_INFINITY;
    max = Double.NEGATIVE_INFINITY;
    any = false;
    nanCount = 0;
  }
}
