package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.Platform;

/**
 * Base of the column vectors that read an {@link ArrayData}'s buffers in place. Nulls come from the
 * validity bitmap at {@code data.offset() + i}; every concrete vector is final and implements only the
 * getters of its Spark type (the others throw).
 */
public abstract class ArrowVector extends UnsupportedGetters {
  protected final ArrayData data;
  /** {@code data.offset()}: the first element of the array in its buffers. */
  protected final long offset;
  protected final ArrowBuffer validity;
  // isNullAt runs for every row of every nullable column, so the bitmap's location is kept here, one load
  // away, rather than behind a RawBuffer. A batch without nulls never reads its bitmap.
  private final boolean mayHaveNulls;
  /** The bitmap can be read with Platform loads at nullsBase + nullsAddress (see RawBuffer). */
  private final boolean rawNulls;
  private final Object nullsBase;
  private final long nullsAddress;

  protected ArrowVector(DataType type, ArrayData data) {
    super(type);
    this.data = data;
    this.offset = data.offset();
    this.validity = data.validity();
    // The null count is exact for a whole batch, and counted once (a word at a time) for a slice of one.
    this.mayHaveNulls = validity != null && data.nullCount() > 0;
    BufferAddress where = mayHaveNulls ? BufferAddress.of(validity) : null;
    this.rawNulls = where != null;
    this.nullsBase = where == null ? null : where.base;
    this.nullsAddress = where == null ? 0 : where.address;
  }

  public final ArrayData arrayData() {
    return data;
  }

  @Override
  public boolean hasNull() {
    return data.nullCount() > 0;
  }

  @Override
  public int numNulls() {
    return (int) Math.min(Integer.MAX_VALUE, data.nullCount());
  }

  @Override
  public boolean isNullAt(int rowId) {
    if (!mayHaveNulls) {
      return false;
    }
    long bit = offset + rowId;
    if (rawNulls) {
      return (Platform.getByte(nullsBase, nullsAddress + (bit >>> 3)) & (1 << (bit & 7))) == 0;
    }
    return !validity.getBit(bit);
  }

  @Override
  public void close() {
    // Memory belongs to the file mapping or the batch's heap buffers; nothing to free.
  }

  @Override
  protected String describe() {
    return getClass().getSimpleName() + " (" + dataType().simpleString() + ", Arrow " + data.field().type() + ")";
  }

}
