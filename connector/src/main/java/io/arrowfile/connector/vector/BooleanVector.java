package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.DataType;

/** Arrow Bool: bit-packed values. */
public final class BooleanVector extends ArrowVector {
  private final RawBuffer values;

  public BooleanVector(DataType type, ArrayData data) {
    this(type, data, null);
  }

  /** {@code pending}: the column's decompression, run on the first read of a value; null when done. */
  public BooleanVector(DataType type, ArrayData data, DeferredColumn pending) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1), pending);
  }

  @Override public boolean getBoolean(int rowId) { return values.getBit(offset + rowId); }
}
