package io.arrowfile.connector.vector;

import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A struct column that is never null, made of given child vectors (Spark's {@code _metadata}: constant file
 * fields and a computed {@code row_index}). Spark reads a struct through its children ({@code ColumnarRow}),
 * so nothing is copied.
 */
public final class StructOfVectors extends ColumnVector {
  private final ColumnVector[] children;

  public StructOfVectors(StructType type, ColumnVector[] children) {
    super(type);
    if (children.length != type.fields().length) {
      throw new IllegalArgumentException(children.length + " children for " + type.simpleString());
    }
    this.children = children;
  }

  @Override public ColumnVector getChild(int ordinal) { return children[ordinal]; }
  @Override public boolean hasNull() { return false; }
  @Override public int numNulls() { return 0; }
  @Override public boolean isNullAt(int rowId) { return false; }

  /** The children belong to their makers (constant vectors live as long as the file's reader). */
  @Override public void close() {}

  private UnsupportedOperationException unsupported(String getter) {
    return new UnsupportedOperationException("StructOfVectors (" + dataType().simpleString() + ") has no " + getter);
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
}
