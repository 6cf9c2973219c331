package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.BooleanBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

final class BooleanWriter extends ColumnWriter {
  private final BooleanBuilder b;
  private boolean anyTrue;
  private boolean anyFalse;

  BooleanWriter(BooleanBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    boolean v = src.getBoolean(ordinal);
    b.appendBoolean(v);
    budget.bytes += 1;
    anyTrue |= v; // no branch: booleans can be true or false at random
    anyFalse |= !v;
  }

  @Override
  public void reportBounds(StatisticsDocument.Bounds bounds) {
    if (stats && (anyTrue || anyFalse)) {
      bounds.booleans(!anyFalse, anyTrue);
    }
  }

  @Override
  void resetMinMax() {
    anyTrue = false;
    anyFalse = false;
  }
}
