package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Layout;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;

/**
 * List, LargeList, ListView, LargeListView and FixedSizeList as ArrayType: {@link #getArray} is a
 * {@link ColumnarArray} over the child vector at the element's offset and length.
 */
public final class ListVector extends ArrowVector {
  private final ColumnVector child;
  private final Layout layout;
  private final ArrowBuffer offsets;
  private final ArrowBuffer sizes;
  private final int listSize;

  public ListVector(DataType type, ArrayData data, ColumnVector child) {
    super(type, data);
    this.child = child;
    this.layout = data.layout();
    this.offsets = layout == Layout.FIXED_SIZE_LIST ? null : data.buffer(1);
    this.sizes = layout == Layout.LIST_VIEW || layout == Layout.LARGE_LIST_VIEW ? data.buffer(2) : null;
    this.listSize = data.field().type() instanceof ArrowType.FixedSizeList f ? f.listSize() : 0;
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    long i = offset + rowId;
    long start;
    long length;
    switch (layout) {
      case LIST:
        start = offsets.getInt(i << 2);
        length = offsets.getInt((i + 1) << 2) - start;
        break;
      case LARGE_LIST:
        start = offsets.getLong(i << 3);
        length = offsets.getLong((i + 1) << 3) - start;
        break;
      case LIST_VIEW:
        start = offsets.getInt(i << 2);
        length = sizes.getInt(i << 2);
        break;
      case LARGE_LIST_VIEW:
        start = offsets.getLong(i << 3);
        length = sizes.getLong(i << 3);
        break;
      default:
        start = i * listSize;
        length = listSize;
    }
    return new ColumnarArray(child, Math.toIntExact(start), (int) length);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return child;
  }
}
