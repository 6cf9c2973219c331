package io.arrowfile.connector.files;

import java.nio.ByteBuffer;

/**
 * Releases direct buffers (and unmaps mapped ones) at once rather than at some later GC: a reader that closes
 * gives its memory back when it closes. Without access to {@code sun.misc.Unsafe#invokeCleaner} (or with the
 * system property {@value #KEEP} set to true, a safety valve) the garbage collector releases them instead.
 */
final class DirectMemory {
  /** System property: when true, nothing is released early (the GC does it, eventually). */
  static final String KEEP = "arrowfile.keepMapped";

  private static final sun.misc.Unsafe UNSAFE = unsafe();

  private DirectMemory() {}

  private static sun.misc.Unsafe unsafe() {
    try {
      java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (sun.misc.Unsafe) f.get(null);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }

  /**
   * Releases {@code buffer} (a direct buffer this code allocated or mapped, not a slice of one). Every view of it
   * is invalid afterwards: touching one crashes the JVM, so callers release only what no batch still uses.
   */
  static void free(ByteBuffer buffer) {
    if (UNSAFE == null || Boolean.getBoolean(KEEP) || !buffer.isDirect() || buffer.capacity() == 0) {
      return;
    }
    UNSAFE.invokeCleaner(buffer);
  }
}
