package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;

/** Arrow Null: every value is null. */
public final class NullVector extends ArrowVector {
  public NullVector(DataType type, ArrayData data) {
    super(type, data);
  }

  @Override public boolean hasNull() { return data.length() > 0; }
  @Override public int numNulls() { return (int) data.length(); }
  @Override public boolean isNullAt(int rowId) { return true; }
}
