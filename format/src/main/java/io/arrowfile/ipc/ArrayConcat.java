package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.memory.BitUtil;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Layout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Concatenation of two arrays of one field, for delta dictionaries: copies for the flat layouts, and for
 * the others a rebuild value by value through the views and builders (deltas are rare).
 */
final class ArrayConcat {
  private ArrayConcat() {}

  static ArrayData concat(ArrayData a, ArrayData b) {
    if (b.length() == 0) {
      return a;
    }
    if (a.length() == 0) {
      return b.withField(a.field());
    }
    Field field = a.field();
    Layout layout = field.layout();
    long length = a.length() + b.length();
    if (length > Integer.MAX_VALUE) {
      throw new ArrowFormatException("delta dictionary makes the dictionary too large: " + length + " values");
    }
    switch (layout) {
      case NULL:
        return new ArrayData(field, length, 0, length, new ArrowBuffer[0], List.of(), null);
      case BOOL: {
        ArrowBuffer values = concatBits(a.buffer(1), a.offset(), a.length(), b.buffer(1), b.offset(), b.length());
        return new ArrayData(field, length, 0, ArrayData.UNKNOWN_NULL_COUNT,
            new ArrowBuffer[] {validity(a, b), values}, List.of(), null);
      }
      case FIXED_WIDTH: {
        if (field.isDictionaryEncoded()) {
          break;
        }
        ArrowType type = field.type();
        int w = type instanceof ArrowType.FixedSizeBinary f ? f.byteWidth() : type.byteWidth();
        byte[] out = new byte[Math.toIntExact(length * w)];
        copy(a.buffer(1), a.offset() * w, out, 0, a.length() * w);
        copy(b.buffer(1), b.offset() * w, out, (int) (a.length() * w), b.length() * w);
        return new ArrayData(field, length, 0, ArrayData.UNKNOWN_NULL_COUNT,
            new ArrowBuffer[] {validity(a, b), ArrowBuffer.wrap(out)}, List.of(), null);
      }
      case VARIABLE_BINARY:
      case LARGE_VARIABLE_BINARY: {
        int w = layout == Layout.VARIABLE_BINARY ? 4 : 8;
        long aFirst = offset(a.buffer(1), a.offset(), w);
        long aLast = offset(a.buffer(1), a.offset() + a.length(), w);
        long bFirst = offset(b.buffer(1), b.offset(), w);
        long bLast = offset(b.buffer(1), b.offset() + b.length(), w);
        long dataLength = (aLast - aFirst) + (bLast - bFirst);
        if (w == 4 && dataLength > Integer.MAX_VALUE || dataLength > Integer.MAX_VALUE - 8) {
          throw new ArrowFormatException("delta dictionary makes the dictionary too large: " + dataLength + " bytes");
        }
        ByteBuffer offsets = ByteBuffer.allocate(Math.toIntExact((length + 1) * w)).order(ByteOrder.LITTLE_ENDIAN);
        for (long i = 0; i <= a.length(); i++) {
          long v = offset(a.buffer(1), a.offset() + i, w) - aFirst;
          put(offsets, v, w);
        }
        long base = aLast - aFirst;
        for (long i = 1; i <= b.length(); i++) {
          long v = offset(b.buffer(1), b.offset() + i, w) - bFirst + base;
          put(offsets, v, w);
        }
        offsets.flip();
        byte[] data = new byte[(int) dataLength];
        copy(a.buffer(2), aFirst, data, 0, aLast - aFirst);
        copy(b.buffer(2), bFirst, data, (int) base, bLast - bFirst);
        return new ArrayData(field, length, 0, ArrayData.UNKNOWN_NULL_COUNT,
            new ArrowBuffer[] {validity(a, b), ArrowBuffer.wrap(offsets), ArrowBuffer.wrap(data)}, List.of(), null);
      }
      default:
        break;
    }
    // Everything else: value by value.
    try {
      ArrayBuilder builder = ArrayBuilder.create(field);
      for (ArrayData part : new ArrayData[] {a, b}) {
        ArrowArray view = ArrowArray.of(part);
        for (long i = 0; i < part.length(); i++) {
          builder.appendObject(view.isNull(i) ? null : view.getObject(i));
        }
      }
      return builder.build();
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      throw new ArrowFormatException("delta dictionaries of type " + field.type() + " are not supported: "
          + e.getMessage(), e);
    }
  }

  private static void put(ByteBuffer out, long v, int w) {
    if (w == 4) {
      out.putInt((int) v);
    } else {
      out.putLong(v);
    }
  }

  private static long offset(ArrowBuffer offsets, long index, int w) {
    return w == 4 ? offsets.getInt(index * 4) : offsets.getLong(index * 8);
  }

  private static void copy(ArrowBuffer src, long from, byte[] dst, int at, long n) {
    if (n > 0) {
      src.getBytes(from, dst, at, Math.toIntExact(n));
    }
  }

  private static ArrowBuffer validity(ArrayData a, ArrayData b) {
    if (a.nullCount() == 0 && b.nullCount() == 0) {
      return null;
    }
    ArrowBuffer av = a.validity() != null ? a.validity() : ones(a.offset() + a.length());
    ArrowBuffer bv = b.validity() != null ? b.validity() : ones(b.offset() + b.length());
    return concatBits(av, a.offset(), a.length(), bv, b.offset(), b.length());
  }

  private static ArrowBuffer ones(long bits) {
    byte[] out = new byte[(int) BitUtil.bytesForBits(bits)];
    java.util.Arrays.fill(out, (byte) 0xFF);
    return ArrowBuffer.wrap(out);
  }

  private static ArrowBuffer concatBits(ArrowBuffer a, long aOff, long aLen, ArrowBuffer b, long bOff, long bLen) {
    byte[] out = new byte[(int) BitUtil.bytesForBits(aLen + bLen)];
    for (long i = 0; i < aLen; i++) {
      if (a.getBit(aOff + i)) {
        out[(int) (i >>> 3)] |= (byte) (1 << (i & 7));
      }
    }
    for (long i = 0; i < bLen; i++) {
      if (b.getBit(bOff + i)) {
        long k = aLen + i;
        out[(int) (k >>> 3)] |= (byte) (1 << (k & 7));
      }
    }
    return ArrowBuffer.wrap(out);
  }
}
