package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A sparse or dense union as a struct with one field per member ({@link UnionMemberVector}); the union
 * itself is never null, its members are null except the one selected in each row.
 */
public final class UnionVector extends ArrowVector {
  private final ColumnVector[] members;

  public UnionVector(DataType type, ArrayData data, ColumnVector[] members) {
    super(type, data);
    this.members = members;
  }

  @Override public boolean hasNull() { return false; }
  @Override public int numNulls() { return 0; }
  @Override public boolean isNullAt(int rowId) { return false; }

  @Override
  public ColumnVector getChild(int ordinal) {
    return members[ordinal];
  }
}
