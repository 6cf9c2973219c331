package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;

/**
 * Run-end encoded: child {@code run_ends} (Int16/32/64, strictly increasing) and child {@code values}; the
 * logical slot {@code offset + i} lies in the first run whose end exceeds it.
 */
public final class RunEndEncodedArray implements ArrowArray {
  private final ArrayData data;
  private final long offset;
  private final ArrowBuffer runEnds;
  private final long runEndsOffset;
  private final long runCount;
  private final int runEndWidth;
  private final ArrowArray values;

  RunEndEncodedArray(ArrayData data) {
    this.data = data;
    this.offset = data.offset();
    ArrayData ends = data.child(0);
    this.runEnds = BufferAccess.buffer(ends, 1);
    this.runEndsOffset = ends.offset();
    this.runCount = ends.length();
    this.runEndWidth = ends.field().type().byteWidth();
    this.values = ArrowArray.of(data.child(1));
  }

  @Override
  public ArrayData data() {
    return data;
  }

  public ArrowArray values() {
    return values;
  }

  /** Number of runs (the run_ends child's length). */
  public long runCount() {
    return runCount;
  }

  /** The end (exclusive, in logical slots before this array's offset) of run {@code run}. */
  public long runEnd(long run) {
    return BufferAccess.readSigned(runEnds, runEndWidth, (runEndsOffset + run) * runEndWidth);
  }

  /** The run (and values slot) covering logical slot {@code index}, by binary search. */
  public long physicalIndex(long index) {
    return search(offset + index);
  }

  /** A reader of physical indices for slots read mostly in order, as a scan reads them. */
  public Cursor cursor() {
    return new Cursor();
  }

  /**
   * Remembers the run it found last: a slot in that run or the next costs one or two comparisons instead of a
   * binary search. Holds state, so each reader (thread) needs its own.
   */
  public final class Cursor {
    private long run;

    private Cursor() {}

    /** The same as {@link RunEndEncodedArray#physicalIndex(long)}. */
    public long physicalIndex(long index) {
      long target = offset + index;
      long k = run;
      if (k < runCount && target < runEnd(k)) {
        if (k == 0 || target >= runEnd(k - 1)) {
          return k;
        }
      } else if (k + 1 < runCount && target < runEnd(k + 1)) {
        // past run k, within the next one
        run = k + 1;
        return run;
      }
      run = search(target);
      return run;
    }
  }

  private long search(long target) {
    long lo = 0;
    long hi = runCount - 1;
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      if (runEnd(mid) > target) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  @Override
  public boolean isNull(long index) {
    return values.isNull(physicalIndex(index));
  }

  @Override
  public Object getObject(long index) {
    return values.getObject(physicalIndex(index));
  }
}
