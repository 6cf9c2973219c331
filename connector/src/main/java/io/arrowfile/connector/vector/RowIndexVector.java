package io.arrowfile.connector.vector;

import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The {@code row_index} of Spark's {@code _metadata} column for one batch: row {@code i} of the batch is row
 * {@code first + i} of its file. Computed, not stored, so a batch's row indexes cost no memory and no fill.
 */
public final class RowIndexVector extends ColumnVector {
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

  private UnsupportedOperationException unsupported(String getter) {
    return new UnsupportedOperationException("RowIndexVector (bigint) has no " + getter);
  }

  @Override public boolean getBoolean(int rowId) { throw unsupported("getBoolean"); }
  @Override public byte getByte(int rowId) { throw unsupported("getByte"); }
  @Override public short getShort(int rowId) { throw unsupported("getShort"); }
  @Override public int getInt(int rowId) { throw unsupported("getInt"); }
  @Override public float getFloat(int rowId) { throw unsupported("getFloat"); }
  @Override public double getDouble(int rowId) { throw unsupported("getDouble"); }
  @Override public ColumnarArray getArray(int rowId) { throw unsupported("getArray"); }
  @Override public ColumnarMap getMap(int ordinal) { throw unsupported("getMap"); }
  @Override public Decimal getDecimal(int rowId, int precision, int scale) { throw unsupported("getDecimal"); }
  @Override public UTF8String getUTF8String(int rowId) { throw unsupported("getUTF8String"); }
  @Override public byte[] getBinary(int rowId) { throw unsupported("getBinary"); }
  @Override public ColumnVector getChild(int ordinal) { throw unsupported("getChild"); }
}
