package io.arrowfile.connector.vector;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A vector whose row i is row {@link #map(int)} of another vector: dictionary indices into the
 * dictionary's values, run-end encoded rows into their runs' values, union rows into their member.
 */
public abstract class RemappedVector extends ColumnVector {
  protected final ColumnVector inner;
  protected final int length;
  private ColumnVector[] children;
  private int nullCount = -1;

  protected RemappedVector(DataType type, ColumnVector inner, int length) {
    super(type);
    this.inner = inner;
    this.length = length;
  }

  /** The row of {@link #inner} that row {@code rowId} reads. */
  protected abstract int map(int rowId);

  @Override
  public boolean isNullAt(int rowId) {
    return inner.isNullAt(map(rowId));
  }

  @Override
  public boolean hasNull() {
    return numNulls() > 0;
  }

  @Override
  public int numNulls() {
    int n = nullCount;
    if (n < 0) {
      n = 0;
      for (int i = 0; i < length; i++) {
        if (isNullAt(i)) {
          n++;
        }
      }
      nullCount = n;
    }
    return n;
  }

  @Override public void close() {}
  @Override public boolean getBoolean(int rowId) { return inner.getBoolean(map(rowId)); }
  @Override public byte getByte(int rowId) { return inner.getByte(map(rowId)); }
  @Override public short getShort(int rowId) { return inner.getShort(map(rowId)); }
  @Override public int getInt(int rowId) { return inner.getInt(map(rowId)); }
  @Override public long getLong(int rowId) { return inner.getLong(map(rowId)); }
  @Override public float getFloat(int rowId) { return inner.getFloat(map(rowId)); }
  @Override public double getDouble(int rowId) { return inner.getDouble(map(rowId)); }
  @Override public ColumnarArray getArray(int rowId) { return inner.getArray(map(rowId)); }
  @Override public ColumnarMap getMap(int rowId) { return inner.getMap(map(rowId)); }
  @Override public Decimal getDecimal(int rowId, int precision, int scale) {
    return inner.getDecimal(map(rowId), precision, scale);
  }
  @Override public UTF8String getUTF8String(int rowId) { return inner.getUTF8String(map(rowId)); }
  @Override public byte[] getBinary(int rowId) { return inner.getBinary(map(rowId)); }

  @Override
  public ColumnVector getChild(int ordinal) {
    if (children == null) {
      children = new ColumnVector[64];
    }
    if (ordinal >= children.length) {
      ColumnVector[] grown = new ColumnVector[ordinal + 1];
      System.arraycopy(children, 0, grown, 0, children.length);
      children = grown;
    }
    ColumnVector c = children[ordinal];
    if (c == null) {
      ColumnVector innerChild = inner.getChild(ordinal);
      c = new MappedChildVector(innerChild.dataType(), innerChild, length, this);
      children[ordinal] = c;
    }
    return c;
  }

  /** A child of a remapped struct: the inner struct's child, read at the same mapped rows. */
  static final class MappedChildVector extends RemappedVector {
    private final RemappedVector parent;

    MappedChildVector(DataType type, ColumnVector inner, int length, RemappedVector parent) {
      super(type, inner, length);
      this.parent = parent;
    }

    @Override
    protected int map(int rowId) {
      return parent.map(rowId);
    }
  }
}
