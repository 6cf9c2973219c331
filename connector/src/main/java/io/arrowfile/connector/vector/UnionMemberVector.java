package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Layout;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * One member of a union, as a field of the union's struct: non-null only in rows whose type id selects
 * it. Sparse unions read the member at the union's row, dense ones at the row's offset.
 */
public final class UnionMemberVector extends RemappedVector {
  private final ArrowBuffer typeIds;
  private final ArrowBuffer offsets;
  private final long offset;
  private final byte typeId;

  public UnionMemberVector(DataType type, ArrayData union, ColumnVector member, int typeId) {
    super(type, member, (int) union.length());
    this.typeIds = union.buffer(0);
    this.offsets = union.layout() == Layout.DENSE_UNION ? union.buffer(1) : null;
    this.offset = union.offset();
    this.typeId = (byte) typeId;
  }

  @Override
  protected int map(int rowId) {
    long i = offset + rowId;
    return offsets == null ? (int) i : offsets.getInt(i << 2);
  }

  @Override
  public boolean isNullAt(int rowId) {
    return typeIds.getByte(offset + rowId) != typeId || inner.isNullAt(map(rowId));
  }
}
