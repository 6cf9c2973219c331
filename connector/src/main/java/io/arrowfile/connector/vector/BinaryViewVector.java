package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.BinaryViewArray;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Utf8View and BinaryView. {@link BinaryViewArray} reads the views; this vector only turns the place it names
 * into a UTF8String over the bytes in memory (zero-copy when the buffer can be addressed, else copied).
 */
public final class BinaryViewVector extends ArrowVector {
  private final BinaryViewArray views;
  private final BufferAddress viewsAddress;
  private final ArrowBuffer[] buffers;
  private final BufferAddress[] addresses;

  public BinaryViewVector(DataType type, ArrayData data) {
    super(type, data);
    this.views = (BinaryViewArray) ArrowArray.of(data);
    this.viewsAddress = BufferAddress.of(data.buffer(1));
    int n = data.bufferCount() - 2;
    this.buffers = new ArrowBuffer[n];
    this.addresses = new BufferAddress[n];
    for (int k = 0; k < n; k++) {
      buffers[k] = data.buffer(2 + k);
      addresses[k] = BufferAddress.of(buffers[k]);
    }
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    int length = views.valueLength(rowId);
    if (length < 0) {
      throw new IndexOutOfBoundsException("column '" + data.field().name() + "' row " + rowId
          + ": negative view length " + length);
    }
    long start = views.valueOffset(rowId, length);
    if (length <= BinaryViewArray.MAX_INLINE) {
      if (viewsAddress != null) {
        return UTF8String.fromAddress(viewsAddress.base, viewsAddress.address + start, length);
      }
      return UTF8String.fromBytes(views.getBytes(rowId));
    }
    int buffer = views.dataBufferIndex(rowId);
    BufferAddress a = addresses[buffer];
    if (a != null) {
      // Views are not checked by the default validation: check before reading raw memory.
      if (start + length > buffers[buffer].length()) {
        throw new IndexOutOfBoundsException("column '" + data.field().name() + "' row " + rowId + ": view ("
            + start + ", " + length + ") is outside data buffer " + buffer);
      }
      return UTF8String.fromAddress(a.base, a.address + start, length);
    }
    return UTF8String.fromBytes(buffers[buffer].getBytes(start, length));
  }

  @Override
  public byte[] getBinary(int rowId) {
    return views.getBytes(rowId);
  }
}
