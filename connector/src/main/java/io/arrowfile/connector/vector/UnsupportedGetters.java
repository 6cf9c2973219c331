package io.arrowfile.connector.vector;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A column vector whose getters all throw until a subclass implements those of its Spark type: Spark calls only
 * the getters of a column's type, so a call to another is a bug, and it fails naming the vector
 * ({@link #describe()}) and the getter.
 */
public abstract class UnsupportedGetters extends ColumnVector {
  protected UnsupportedGetters(DataType type) {
    super(type);
  }

  /** The vector, for the message of an unsupported getter, e.g. {@code Int64Vector (bigint, Arrow Int64)}. */
  protected abstract String describe();

  protected final UnsupportedOperationException unsupported(String getter) {
    return new UnsupportedOperationException(describe() + " has no " + getter);
  }

  @Override public boolean getBoolean(int rowId) { throw unsupported("getBoolean"); }
  @Override public byte getByte(int rowId) { throw unsupported("getByte"); }
  @Override public short getShort(int rowId) { throw unsupported("getShort"); }
  @Override public int getInt(int rowId) { throw unsupported("getInt"); }
  @Override public long getLong(int rowId) { throw unsupported("getLong"); }
  @Override public float getFloat(int rowId) { throw unsupported("getFloat"); }
  @Override public double getDouble(int rowId) { throw unsupported("getDouble"); }
  @Override public ColumnarArray getArray(int rowId) { throw unsupported("getArray"); }
  @Override public ColumnarMap getMap(int ordinal) { throw unsupported("getMap"); }
  @Override public Decimal getDecimal(int rowId, int precision, int scale) { throw unsupported("getDecimal"); }
  @Override public UTF8String getUTF8String(int rowId) { throw unsupported("getUTF8String"); }
  @Override public byte[] getBinary(int rowId) { throw unsupported("getBinary"); }
  @Override public ColumnVector getChild(int ordinal) { throw unsupported("getChild"); }
}
