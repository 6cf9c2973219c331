package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Utf8/Binary (Int32 offsets) and LargeUtf8/LargeBinary (Int64 offsets). Strings are zero-copy
 * ({@code UTF8String.fromAddress} over the data buffer) when the buffer can be addressed, else copied.
 */
public final class VarBinaryVector extends ArrowVector {
  private final RawBuffer offsets;
  private final ArrowBuffer values;
  private final boolean large;
  private final BufferAddress address;
  private final long dataLength;

  public VarBinaryVector(DataType type, ArrayData data, boolean large) {
    this(type, data, large, null);
  }

  /**
   * {@code pending}: the column's decompression, run on the first read of a value (whose offsets come first, so the
   * data buffer is always read after it); null when done.
   */
  public VarBinaryVector(DataType type, ArrayData data, boolean large, DeferredColumn pending) {
    super(type, data);
    this.offsets = RawBuffer.of(data.buffer(1), pending);
    this.values = data.buffer(2);
    this.large = large;
    this.address = BufferAddress.of(values);
    this.dataLength = values.length();
  }

  private RuntimeException outOfRange(int rowId, long start, long end) {
    return new IndexOutOfBoundsException("column '" + data.field().name() + "' row " + rowId + ": offsets "
        + start + ".." + end + " are outside the data buffer (" + dataLength + " bytes)");
  }

  private long start(long i) {
    return large ? offsets.getLong(i << 3) : offsets.getInt(i << 2);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    long i = offset + rowId;
    long start = start(i);
    long end = start(i + 1);
    int length = (int) (end - start);
    if (address != null) {
      // Scans validate every offset when the batch loads (ValidationLevel.BOUNDS); this check stays because a
      // mapped file can still change after that, and a raw read must never go wild.
      if (start < 0 || end < start || end > dataLength) {
        throw outOfRange(rowId, start, end);
      }
      return UTF8String.fromAddress(address.base, address.address + start, length);
    }
    return UTF8String.fromBytes(values.getBytes(start, length));
  }

  @Override
  public byte[] getBinary(int rowId) {
    long i = offset + rowId;
    long start = start(i);
    return values.getBytes(start, (int) (start(i + 1) - start));
  }
}
