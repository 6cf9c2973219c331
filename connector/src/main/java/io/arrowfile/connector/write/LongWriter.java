package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.IntBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

/** Long, Timestamp and TimestampNTZ (µs), DayTimeInterval (µs), Time (ns of day). */
final class LongWriter extends LongStats {
  private final IntBuilder b;

  LongWriter(IntBuilder b, Budget budget, boolean stats) {
    super(b, budget, stats);
    this.b = b;
  }

  @Override
  void writeValue(SpecializedGetters src, int ordinal) {
    long v = src.getLong(ordinal);
    b.appendLong(v);
    budget.bytes += 8;
    if (stats) {
      track(v);
    }
  }
}
