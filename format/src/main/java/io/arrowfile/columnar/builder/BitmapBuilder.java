package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.memory.BitUtil;
import java.util.Arrays;

/**
 * A growable LSB-first bitmap. As a validity bitmap ({@link #forValidity()}) it allocates nothing until
 * the first cleared bit and {@link #finish()} returns null when every bit is set; as a values bitmap
 * ({@link #forValues()}) it is always materialized.
 */
public final class BitmapBuilder {
  private static final byte[] NONE = new byte[0];

  private final boolean lazy;
  private byte[] bits = NONE;
  private int length;
  private int unset;
  private boolean materialized;
  /** Bytes of the last finished bitmap: the first allocation of the next one takes as many (see BufferBuilder). */
  private int lastBytes;
  /** The array {@link #finish()} handed out last, which {@link #recycle()} may take back (until the next finish). */
  private byte[] handedOut;

  private BitmapBuilder(boolean lazy) {
    this.lazy = lazy;
    this.materialized = !lazy;
  }

  public static BitmapBuilder forValidity() {
    return new BitmapBuilder(true);
  }

  public static BitmapBuilder forValues() {
    return new BitmapBuilder(false);
  }

  public int length() {
    return length;
  }

  /** Cleared bits so far: the null count of a validity bitmap. */
  public int unsetCount() {
    return unset;
  }

  public void append(boolean bit) {
    int n = length;
    if (n == Integer.MAX_VALUE) {
      throw new IllegalStateException("an array holds at most " + Integer.MAX_VALUE + " values here");
    }
    if (!materialized) {
      if (bit) { // a validity bitmap without nulls so far: nothing to store
        length = n + 1;
        return;
      }
      materialize();
    }
    int i = n >>> 3;
    if (i >= bits.length) {
      ensure(n + 1);
    }
    // Branch-free: a values bitmap gets bits that are true or false at random, which no branch predicts.
    int b = bit ? 1 : 0;
    bits[i] |= (byte) (b << (n & 7));
    unset += 1 - b;
    length = n + 1;
  }

  public void appendSet() {
    append(true);
  }

  public void appendUnset() {
    append(false);
  }

  /** Appends {@code n} copies of {@code bit}. */
  public void append(boolean bit, int n) {
    for (int i = 0; i < n; i++) {
      append(bit);
    }
  }

  public boolean get(int index) {
    if (index < 0 || index >= length) {
      throw new IndexOutOfBoundsException(index);
    }
    return !materialized || ((bits[index >>> 3] >> (index & 7)) & 1) != 0;
  }

  private void materialize() {
    materialized = true;
    ensure(length + 1);
    int full = length >>> 3;
    Arrays.fill(bits, 0, full, (byte) 0xFF);
    for (int i = full << 3; i < length; i++) {
      bits[i >>> 3] |= (byte) (1 << (i & 7));
    }
  }

  private void ensure(int bitCount) {
    int bytesNeeded = (int) BitUtil.bytesForBits(bitCount);
    if (bytesNeeded > bits.length) {
      long cap = Math.max(bytesNeeded, Math.max(Math.max(64, lastBytes), (long) bits.length * 2));
      cap = Math.min(BitUtil.align64(cap), Integer.MAX_VALUE - 64);
      bits = Arrays.copyOf(bits, (int) cap);
    }
  }

  /**
   * Takes back the array the last {@link #finish()} handed out, when its caller no longer reads it (see
   * {@link BufferBuilder#recycle()}); only before anything is appended to the next bitmap.
   */
  public void recycle() {
    byte[] old = handedOut;
    handedOut = null;
    if (old != null && length == 0 && bits.length == 0) {
      Arrays.fill(old, 0, lastBytes, (byte) 0); // past the padded size it was never written
      bits = old;
    }
  }

  /**
   * The bitmap padded to 64 bytes, or null for a lazy validity bitmap without cleared bits; starts over.
   */
  public ArrowBuffer finish() {
    ArrowBuffer out = null;
    if (materialized) {
      lastBytes = (int) BitUtil.align64(BitUtil.bytesForBits(length));
    }
    if (materialized && (!lazy || unset > 0)) {
      int padded = (int) BitUtil.align64(BitUtil.bytesForBits(length));
      byte[] b = bits.length < padded ? Arrays.copyOf(bits, padded) : bits;
      out = ArrowBuffer.wrap(b, 0, padded);
      handedOut = b;
    } else {
      handedOut = null;
    }
    bits = NONE;
    length = 0;
    unset = 0;
    materialized = !lazy;
    return out;
  }
}
