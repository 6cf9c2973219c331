package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.DataType;

/** Arrow Float32. */
public final class Float32Vector extends ArrowVector {
  private final RawBuffer values;

  public Float32Vector(DataType type, ArrayData data) {
    this(type, data, null);
  }

  /** {@code pending}: the column's decompression, run on the first read of a value; null when done. */
  public Float32Vector(DataType type, ArrayData data, DeferredColumn pending) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1), pending);
  }

  @Override public float getFloat(int rowId) { return values.getFloat((offset + rowId) << 2); }
}
