package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** Shared helpers of the views. */
final class BufferAccess {
  private BufferAccess() {}

  static final ArrowBuffer EMPTY = ArrowBuffer.EMPTY;

  /** Buffer {@code index} of {@code data}, or an empty buffer when absent. */
  static ArrowBuffer buffer(ArrayData data, int index) {
    if (index >= data.bufferCount()) {
      return EMPTY;
    }
    ArrowBuffer b = data.buffer(index);
    return b == null ? EMPTY : b;
  }

  /** The validity bitmap or null. */
  static ArrowBuffer validity(ArrayData data) {
    ArrowBuffer v = data.validity();
    // A null count of 0 means no bit needs to be read.
    return v;
  }

  /** Little-endian integer of {@code width} bytes at byte {@code byteIndex}, sign-extended. */
  static long readSigned(ArrowBuffer b, int width, long byteIndex) {
    switch (width) {
      case 1: return b.getByte(byteIndex);
      case 2: return b.getShort(byteIndex);
      case 4: return b.getInt(byteIndex);
      default: return b.getLong(byteIndex);
    }
  }

  /** Little-endian integer of {@code width} bytes at byte {@code byteIndex}, zero-extended (raw for 8). */
  static long readUnsigned(ArrowBuffer b, int width, long byteIndex) {
    switch (width) {
      case 1: return b.getByte(byteIndex) & 0xFFL;
      case 2: return b.getShort(byteIndex) & 0xFFFFL;
      case 4: return b.getInt(byteIndex) & 0xFFFF_FFFFL;
      default: return b.getLong(byteIndex);
    }
  }

  /** An unmodifiable list that may hold nulls. */
  static List<Object> list(Object[] values) {
    return Collections.unmodifiableList(Arrays.asList(values));
  }

  /** IEEE 754 half precision bits to float (exact). */
  static float float16ToFloat(short half) {
    int bits = half & 0xFFFF;
    int sign = (bits & 0x8000) << 16;
    int exp = (bits >>> 10) & 0x1F;
    int mant = bits & 0x3FF;
    if (exp == 0x1F) {
      return Float.intBitsToFloat(sign | 0x7F80_0000 | (mant << 13));
    }
    if (exp == 0) {
      float v = mant * 0x1p-24f;
      return sign != 0 ? -v : v;
    }
    return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
  }
}
