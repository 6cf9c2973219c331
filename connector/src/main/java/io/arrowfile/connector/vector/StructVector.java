package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Arrow Struct as StructType; the children are built over the child arrays sliced to the struct's offset,
 * so child row i is struct row i.
 */
public final class StructVector extends ArrowVector {
  private final ColumnVector[] children;

  public StructVector(DataType type, ArrayData data, ColumnVector[] children) {
    super(type, data);
    this.children = children;
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return children[ordinal];
  }
}
