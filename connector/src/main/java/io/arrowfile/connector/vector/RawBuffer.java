package io.arrowfile.connector.vector;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.DeferredColumn;
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
  // Not final: a column whose decompression is deferred is bound at its first read. Every read tests raw anyway (for
  // buffers it cannot address), so the deferred load costs the hot path nothing: it waits on the slow side.
  private Object base;
  private long address;
  private boolean raw;
  /** The column's pending decompression, until the first read runs it; null once the buffer's bytes are in. */
  private DeferredColumn pending;

  private RawBuffer(ArrowBuffer buffer, DeferredColumn pending) {
    this.buffer = buffer;
    if (pending != null && !pending.isLoaded()) {
      this.pending = pending;
    } else {
      bind();
    }
  }

  private void bind() {
    BufferAddress where = LITTLE_ENDIAN ? BufferAddress.of(buffer) : null;
    this.base = where == null ? null : where.base;
    this.address = where == null ? 0 : where.address;
    this.raw = where != null;
  }

  /** {@code buffer} (may be null: an absent validity bitmap), addressed when possible. */
  static RawBuffer of(ArrowBuffer buffer) {
    return of(buffer, null);
  }

  /** As {@link #of(ArrowBuffer)}, its bytes decompressed by {@code pending} (when not null) on the first read. */
  static RawBuffer of(ArrowBuffer buffer, DeferredColumn pending) {
    return buffer == null ? null : new RawBuffer(buffer, pending);
  }

  /** Runs the column's pending decompression, if any: before a read of its buffers that does not go through here. */
  void load() {
    if (pending != null) {
      pending.load();
      pending = null;
      bind();
    }
  }

  byte getByte(long index) {
    return raw ? Platform.getByte(base, address + index) : slowByte(index);
  }

  short getShort(long index) {
    return raw ? Platform.getShort(base, address + index) : slowShort(index);
  }

  int getInt(long index) {
    return raw ? Platform.getInt(base, address + index) : slowInt(index);
  }

  long getLong(long index) {
    return raw ? Platform.getLong(base, address + index) : slowLong(index);
  }

  float getFloat(long index) {
    return raw ? Platform.getFloat(base, address + index) : slowFloat(index);
  }

  double getDouble(long index) {
    return raw ? Platform.getDouble(base, address + index) : slowDouble(index);
  }

  // The slow side: a pending load, then the fast side; or, for a buffer that cannot be addressed, ArrowBuffer's
  // reads, which check.

  /** Runs a pending load; whether the buffer is then read raw. */
  private boolean loadedRaw() {
    load();
    return raw;
  }

  private byte slowByte(long index) {
    return loadedRaw() ? getByte(index) : buffer.getByte(index);
  }

  private short slowShort(long index) {
    return loadedRaw() ? getShort(index) : buffer.getShort(index);
  }

  private int slowInt(long index) {
    return loadedRaw() ? getInt(index) : buffer.getInt(index);
  }

  private long slowLong(long index) {
    return loadedRaw() ? getLong(index) : buffer.getLong(index);
  }

  private float slowFloat(long index) {
    return loadedRaw() ? getFloat(index) : buffer.getFloat(index);
  }

  private double slowDouble(long index) {
    return loadedRaw() ? getDouble(index) : buffer.getDouble(index);
  }

  byte[] getBytes(long index, int length) {
    load();
    return buffer.getBytes(index, length);
  }

  /** Bit {@code bitIndex} in LSB order, as validity bitmaps and booleans are stored. */
  boolean getBit(long bitIndex) {
    if (raw) {
      return (Platform.getByte(base, address + (bitIndex >>> 3)) & (1 << (bitIndex & 7))) != 0;
    }
    return loadedRaw() ? getBit(bitIndex) : buffer.getBit(bitIndex);
  }
}
