package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.NullBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.types.NullType;

final class NullWriter extends ColumnWriter {
  NullWriter(NullBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    builder.appendNull(); // a NullType value is always null; kept for safety
    nullCount++;
  }
}
