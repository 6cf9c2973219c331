package io.arrowfile.connector.vector;

import io.arrowfile.columnar.array.UnionArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * One member of a union, as a field of the union's struct: non-null only in rows whose type id selects
 * it, read at the member's slot that {@link UnionArray} names (the union's row when sparse, the row's
 * offset when dense).
 */
public final class UnionMemberVector extends RemappedVector {
  private final UnionArray union;
  private final byte typeId;

  public UnionMemberVector(DataType type, UnionArray union, ColumnVector member, int typeId) {
    super(type, member, (int) union.length());
    this.union = union;
    this.typeId = (byte) typeId;
  }

  @Override
  protected int map(int rowId) {
    return (int) union.childOffset(rowId);
  }

  @Override
  public boolean isNullAt(int rowId) {
    return union.typeId(rowId) != typeId || inner.isNullAt(map(rowId));
  }
}
