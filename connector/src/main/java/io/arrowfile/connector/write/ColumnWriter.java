package io.arrowfile.connector.write;

import io.arrowfile.connector.statistics.StatisticsDocument;
import io.arrowfile.columnar.builder.ArrayBuilder;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;

/**
 * Appends the values of one Spark column (or nested child) to its Arrow builder. One subclass per Spark
 * physical representation, chosen once per column from the Spark type ({@link #create}): the per-row path is
 * a virtual call on a monomorphic, final class, never a type dispatch. Values are read through
 * {@link SpecializedGetters}, so the same writer serves top-level rows ({@code InternalRow}), struct fields,
 * array elements and map keys/values ({@code ArrayData}).
 *
 * <p>Top-level writers created with {@code stats = true} also keep the batch's min/max (orderable types)
 * and every writer counts nulls; {@link StatisticsDocument} renders them and {@link #resetStats} starts the next batch.
 */
abstract class ColumnWriter implements StatisticsDocument.BatchColumnStatistics {
  /** Shared byte counter of the current batch (approximate Arrow buffer bytes). */
  static final class Budget {
    long bytes;
  }

  final ArrayBuilder builder;
  final Budget budget;
  final boolean stats;
  long nullCount;

  ColumnWriter(ArrayBuilder builder, Budget budget, boolean stats) {
    this.builder = builder;
    this.budget = budget;
    this.stats = stats;
  }

  /** Appends the value at {@code ordinal} of {@code src}, null or not. */
  final void write(SpecializedGetters src, int ordinal) {
    if (src.isNullAt(ordinal)) {
      builder.appendNull();
      nullCount++;
      budget.bytes += 1;
    } else {
      writeValue(src, ordinal);
    }
  }

  /** Appends the non-null value at {@code ordinal}. */
  abstract void writeValue(SpecializedGetters src, int ordinal);

  /** Appends {@code ,"min":…,"max":…} when there are statistics beyond the null count. */
  public void reportBounds(StatisticsDocument.Bounds bounds) {
  }

  void resetMinMax() {
  }

  @Override
  public long nullCount() {
    return nullCount;
  }

  final void resetStats() {
    nullCount = 0;
    resetMinMax();
  }
}
