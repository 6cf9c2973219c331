package io.arrowfile.connector.vector;

import org.apache.spark.sql.types.DataTypes;

/**
 * The {@code row_index} of Spark's {@code _metadata} column for one batch: row {@code i} of the batch is row
 * {@code first + i} of its file. Computed, not stored, so a batch's row indexes cost no memory and no fill.
 */
public final class RowIndexVector extends UnsupportedGetters {
  private final long first;

  public RowIndexVector(long first) {
    super(DataTypes.LongType);
    this.first = first;
  }

  @Override public long getLong(int rowId) { return first + rowId; }
  @Override public boolean hasNull() { return false; }
  @Override public int numNulls() { return 0; }
  @Override public boolean isNullAt(int rowId) { return false; }
  @Override public void close() {}

  @Override
  protected String describe() {
    return "RowIndexVector (bigint)";
  }
}
