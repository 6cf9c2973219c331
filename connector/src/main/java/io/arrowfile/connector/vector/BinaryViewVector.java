package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/** Utf8View and BinaryView: 16-byte views, inline up to 12 bytes, else (prefix, buffer index, offset). */
public final class BinaryViewVector extends ArrowVector {
  private final ArrowBuffer views;
  private final BufferAddress viewsAddress;
  private final ArrowBuffer[] buffers;
  private final BufferAddress[] addresses;

  public BinaryViewVector(DataType type, ArrayData data) {
    super(type, data);
    this.views = data.buffer(1);
    this.viewsAddress = BufferAddress.of(views);
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
    long view = (offset + rowId) << 4;
    int length = views.getInt(view);
    if (length < 0) {
      throw new IndexOutOfBoundsException("column '" + data.field().name() + "' row " + rowId
          + ": negative view length " + length);
    }
    if (length <= 12) {
      if (viewsAddress != null) {
        return UTF8String.fromAddress(viewsAddress.base, viewsAddress.address + view + 4, length);
      }
      return UTF8String.fromBytes(views.getBytes(view + 4, length));
    }
    int buffer = views.getInt(view + 8);
    long start = views.getInt(view + 12) & 0xFFFFFFFFL;
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
    long view = (offset + rowId) << 4;
    int length = views.getInt(view);
    if (length <= 12) {
      return views.getBytes(view + 4, length);
    }
    int buffer = views.getInt(view + 8);
    long start = views.getInt(view + 12) & 0xFFFFFFFFL;
    return buffers[buffer].getBytes(start, length);
  }
}
