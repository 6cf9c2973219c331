package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.FloatingPointArray;
import org.apache.spark.sql.types.DataType;

/** Arrow Float16 widened to FloatType, as {@link FloatingPointArray} decodes it. */
public final class Float16Vector extends ArrowVector {
  private final FloatingPointArray values;

  public Float16Vector(DataType type, ArrayData data) {
    super(type, data);
    this.values = (FloatingPointArray) ArrowArray.of(data);
  }

  @Override public float getFloat(int rowId) { return values.getFloat(rowId); }
}
