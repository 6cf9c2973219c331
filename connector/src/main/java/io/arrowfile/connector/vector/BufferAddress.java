package io.arrowfile.connector.vector;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * Where an {@link ArrowBuffer}'s bytes are, for {@code UTF8String.fromAddress(base, address, length)}:
 * the heap array and its Unsafe offset, or null and the native address of a mapped or direct buffer.
 * Found once per buffer (per batch), never per row. When the JVM does not allow it, or the buffer is
 * chunked (2 GiB or more), {@link #of} returns null and callers copy the bytes instead.
 */
final class BufferAddress {
  private static final sun.misc.Unsafe UNSAFE;
  private static final long ADDRESS_OFFSET;
  private static final long HB_OFFSET;

  static {
    sun.misc.Unsafe unsafe = null;
    long address = -1;
    long hb = -1;
    try {
      Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      unsafe = (sun.misc.Unsafe) f.get(null);
      address = unsafe.objectFieldOffset(Buffer.class.getDeclaredField("address"));
      hb = unsafe.objectFieldOffset(ByteBuffer.class.getDeclaredField("hb"));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      unsafe = null;
    }
    UNSAFE = unsafe;
    ADDRESS_OFFSET = address;
    HB_OFFSET = hb;
  }

  final Object base;
  final long address;

  private BufferAddress(Object base, long address) {
    this.base = base;
    this.address = address;
  }

  /** The buffer's location, or null when it cannot be addressed directly. */
  static BufferAddress of(ArrowBuffer buffer) {
    if (UNSAFE == null || buffer == null || !buffer.isContiguous()) {
      return null;
    }
    ByteBuffer bb = buffer.asByteBuffer();
    long address = UNSAFE.getLong(bb, ADDRESS_OFFSET);
    if (bb.isDirect()) {
      return address == 0 && bb.capacity() > 0 ? null : new BufferAddress(null, address);
    }
    Object array = UNSAFE.getObject(bb, HB_OFFSET);
    if (!(array instanceof byte[])) {
      return null;
    }
    // Since JDK 14 a heap buffer's address field is the Unsafe offset of its first byte in hb.
    return new BufferAddress(array, address);
  }
}
