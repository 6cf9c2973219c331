package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Layout;

/** Converts the buffers of a big-endian array to little-endian, into fresh memory. */
final class ByteSwap {
  private ByteSwap() {}

  /** Swaps {@code buffers} (in layout order) of an array of {@code field} in place in the array. */
  static void toLittleEndian(Field field, ArrowBuffer[] buffers) {
    Layout layout = field.layout();
    switch (layout) {
      case FIXED_WIDTH: {
        int[] pattern = fixedWidthPattern(field);
        if (pattern != null) {
          buffers[1] = swap(buffers[1], pattern);
        }
        break;
      }
      case VARIABLE_BINARY:
      case LIST:
        buffers[1] = swap(buffers[1], new int[] {4});
        break;
      case LARGE_VARIABLE_BINARY:
      case LARGE_LIST:
        buffers[1] = swap(buffers[1], new int[] {8});
        break;
      case LIST_VIEW:
        buffers[1] = swap(buffers[1], new int[] {4});
        buffers[2] = swap(buffers[2], new int[] {4});
        break;
      case LARGE_LIST_VIEW:
        buffers[1] = swap(buffers[1], new int[] {8});
        buffers[2] = swap(buffers[2], new int[] {8});
        break;
      case DENSE_UNION:
        buffers[1] = swap(buffers[1], new int[] {4});
        break;
      case BINARY_VIEW:
        buffers[1] = swapViews(buffers[1]);
        break;
      default:
        break; // bitmaps, type ids, bytes: nothing to swap
    }
  }

  /** How each value is made of swapped words, or null for no swap. */
  private static int[] fixedWidthPattern(Field field) {
    if (field.isDictionaryEncoded()) {
      return new int[] {field.dictionary().indexType().byteWidth()};
    }
    ArrowType type = field.type();
    if (type instanceof ArrowType.FixedSizeBinary) {
      return null;
    }
    if (type instanceof ArrowType.Interval iv) {
      if (iv.unit() == IntervalUnit.DAY_TIME) {
        return new int[] {4, 4};
      } else if (iv.unit() == IntervalUnit.MONTH_DAY_NANO) {
        return new int[] {4, 4, 8};
      }
      return new int[] {4};
    }
    int width = type.byteWidth();
    return width <= 1 ? null : new int[] {width};
  }

  static ArrowBuffer swap(ArrowBuffer buffer, int[] pattern) {
    if (buffer == null || buffer.length() == 0) {
      return buffer;
    }
    if (buffer.length() > Integer.MAX_VALUE - 8) {
      throw new ArrowFormatException("big-endian buffer of " + buffer.length() + " bytes is too large to convert");
    }
    byte[] b = buffer.toByteArray();
    int element = 0;
    for (int w : pattern) {
      element += w;
    }
    int n = b.length - b.length % element;
    for (int base = 0; base < n; base += element) {
      int at = base;
      for (int w : pattern) {
        for (int i = 0, j = at + w - 1; i < w / 2; i++, j--) {
          byte t = b[at + i];
          b[at + i] = b[j];
          b[j] = t;
        }
        at += w;
      }
    }
    return ArrowBuffer.wrap(b);
  }

  private static void swap4(byte[] b, int at) {
    byte t = b[at];
    b[at] = b[at + 3];
    b[at + 3] = t;
    t = b[at + 1];
    b[at + 1] = b[at + 2];
    b[at + 2] = t;
  }

  private static ArrowBuffer swapViews(ArrowBuffer buffer) {
    if (buffer == null || buffer.length() == 0) {
      return buffer;
    }
    byte[] b = buffer.toByteArray();
    for (int base = 0; base + 16 <= b.length; base += 16) {
      swap4(b, base);
      int length = (b[base] & 0xFF) | (b[base + 1] & 0xFF) << 8 | (b[base + 2] & 0xFF) << 16
          | (b[base + 3] & 0xFF) << 24;
      if (length > 12 || length < 0) {
        swap4(b, base + 8);
        swap4(b, base + 12);
      }
    }
    return ArrowBuffer.wrap(b);
  }
}
