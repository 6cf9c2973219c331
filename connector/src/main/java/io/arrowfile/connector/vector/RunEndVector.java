package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A run-end encoded column: row i reads the values child at the run containing logical index
 * {@code offset + i}, found by binary search (with the last run cached for sequential access).
 */
public final class RunEndVector extends RemappedVector {
  private final ArrowBuffer runEnds;
  private final long runEndsOffset;
  private final int width;
  private final int runs;
  private final long offset;
  private int lastRun;

  public RunEndVector(DataType type, ArrayData data, ColumnVector values) {
    super(type, values, (int) data.length());
    ArrayData ends = data.child(0);
    this.runEnds = ends.buffer(1);
    this.runEndsOffset = ends.offset();
    this.width = ends.field().type().byteWidth();
    this.runs = (int) ends.length();
    this.offset = data.offset();
  }

  private long end(int run) {
    long at = (runEndsOffset + run) * width;
    switch (width) {
      case 2: return runEnds.getShort(at);
      case 4: return runEnds.getInt(at);
      default: return runEnds.getLong(at);
    }
  }

  @Override
  protected int map(int rowId) {
    long j = offset + rowId;
    int k = lastRun;
    if (k < runs && j < end(k) && (k == 0 || j >= end(k - 1))) {
      return k;
    }
    int lo = 0;
    int hi = runs - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (end(mid) > j) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    lastRun = lo;
    return lo;
  }
}
