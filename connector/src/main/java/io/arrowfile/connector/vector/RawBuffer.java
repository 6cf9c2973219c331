package io.arrowfile.connector.vector;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.nio.ByteOrder;
import org.apache.spark.unsafe.Platform;

/**
 * A buffer read the way Spark's own off-heap column vectors read theirs: {@link Platform} loads at
 * base + offset, with no per-access bounds or scope checks. That is sound because the buffer was validated
 * against the array's length when the batch was read, and Spark asks only for rows below the batch's row
 * count. Buffers that can't be addressed (chunked beyond 2 GiB, or a big-endian JVM) read through
 * {@link ArrowBuffer}, which checks.
 */
final class RawBuffer {
  private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

  private final ArrowBuffer buffer;
  private final Object base;
  private final long address;
  private final boolean raw;

  private RawBuffer(ArrowBuffer buffer) {
    this.buffer = buffer;
    BufferAddress where = LITTLE_ENDIAN ? BufferAddress.of(buffer) : null;
    this.raw = where != null;
    this.base = where == null ? null : where.base;
    this.address = where == null ? 0 : where.address;
  }

  /** {@code buffer} (may be null: an absent validity bitmap), addressed when possible. */
  static RawBuffer of(ArrowBuffer buffer) {
    return buffer == null ? null : new RawBuffer(buffer);
  }

  byte getByte(long index) {
    return raw ? Platform.getByte(base, address + index) : buffer.getByte(index);
  }

  short getShort(long index) {
    return raw ? Platform.getShort(base, address + index) : buffer.getShort(index);
  }

  int getInt(long index) {
    return raw ? Platform.getInt(base, address + index) : buffer.getInt(index);
  }

  long getLong(long index) {
    return raw ? Platform.getLong(base, address + index) : buffer.getLong(index);
  }

  float getFloat(long index) {
    return raw ? Platform.getFloat(base, address + index) : buffer.getFloat(index);
  }

  double getDouble(long index) {
    return raw ? Platform.getDouble(base, address + index) : buffer.getDouble(index);
  }

  byte[] getBytes(long index, int length) {
    return buffer.getBytes(index, length);
  }

  /** Bit {@code bitIndex} in LSB order, as validity bitmaps and booleans are stored. */
  boolean getBit(long bitIndex) {
    if (raw) {
      return (Platform.getByte(base, address + (bitIndex >>> 3)) & (1 << (bitIndex & 7))) != 0;
    }
    return buffer.getBit(bitIndex);
  }
}
