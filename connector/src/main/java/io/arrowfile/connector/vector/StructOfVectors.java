package io.arrowfile.connector.vector;

import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A struct column that is never null, made of given child vectors (Spark's {@code _metadata}: constant file
 * fields and a computed {@code row_index}). Spark reads a struct through its children ({@code ColumnarRow}),
 * so nothing is copied.
 */
public final class StructOfVectors extends UnsupportedGetters {
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

  @Override
  protected String describe() {
    return "StructOfVectors (" + dataType().simpleString() + ")";
  }
}
