package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;

/** Arrow FixedSizeBinary as BinaryType. */
public final class FixedSizeBinaryVector extends ArrowVector {
  private final ArrowBuffer values;
  private final int width;

  public FixedSizeBinaryVector(DataType type, ArrayData data, int width) {
    super(type, data);
    this.values = data.buffer(1);
    this.width = width;
  }

  @Override
  public byte[] getBinary(int rowId) {
    return values.getBytes((offset + rowId) * width, width);
  }
}
