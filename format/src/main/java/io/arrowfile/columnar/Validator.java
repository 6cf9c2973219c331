package io.arrowfile.columnar;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.memory.BitUtil;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Layout;

/**
 * Checks that an {@link ArrayData} is what its field says, at a {@link ValidationLevel}, recursing into
 * children and dictionaries. Problems are reported as {@link ArrowFormatException} with the field path.
 *
 * <p>As in nanoarrow, each level is a pass done once: {@link ValidationLevel#MINIMAL} looks only at
 * buffer sizes and child counts, {@link ValidationLevel#DEFAULT} also reads the first and last offsets
 * and run ends, {@link ValidationLevel#BOUNDS} reads every offset, view, index, type id and run end, and
 * {@link ValidationLevel#FULL} also checks UTF-8.
 * Children and dictionaries are validated at the same level as their parent.
 */
public final class Validator {
  /** Nesting (children and dictionaries together) beyond which the data is rejected, not recursed into. */
  static final int MAX_DEPTH = 256;

  private Validator() {}

  public static void validate(ArrayData data, ValidationLevel level) {
    if (level == ValidationLevel.NONE) {
      return;
    }
    validateField(data, level, 0);
  }

  public static void validate(RecordBatch batch, ValidationLevel level) {
    for (ArrayData column : batch.columns()) {
      validate(column, level);
    }
  }

  /**
   * What {@link #validate} checks at {@code level} without reading an array's value buffers (only its validity
   * bitmap): buffer sizes ({@link ValidationLevel#MINIMAL}), and from {@link ValidationLevel#BOUNDS} the null count
   * against the bitmap. For a reader that fills the value buffers later and validates the whole array then.
   */
  public static void validateWithoutValues(ArrayData data, ValidationLevel level) {
    if (level == ValidationLevel.NONE) {
      return;
    }
    validateField(data, ValidationLevel.MINIMAL, 0);
    if (level.compareTo(ValidationLevel.BOUNDS) >= 0 && data.field().layout().hasValidity()) {
      try {
        requireNullCount(data);
      } catch (ArrowFormatException e) {
        throw e.inField(data.field().name());
      }
    }
  }

  private static void requireNullCount(ArrayData data) {
    ArrowBuffer validity = data.validity();
    long actual = validity == null ? 0 : data.length() - BitUtil.countSetBits(validity, data.offset(), data.length());
    if (actual != data.nullCount()) {
      throw fail("null count %d does not match the validity bitmap (%d nulls)", data.nullCount(), actual);
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Recursion and error wrapping

  private static void validateField(ArrayData data, ValidationLevel level, int depth) {
    String name = data.field().name();
    try {
      validateNode(data, level, depth);
    } catch (ArrowFormatException e) {
      throw e.inField(name);
    } catch (RuntimeException e) {
      // Anything a buffer read or an arithmetic step threw is a format problem to the caller.
      throw new ArrowFormatException(describe(e), e).inField(name);
    }
  }

  private static String describe(RuntimeException e) {
    if (e instanceof IndexOutOfBoundsException) {
      return "read outside a buffer (" + e.getMessage() + ")";
    }
    if (e instanceof ArithmeticException) {
      return "a size or offset overflows 64 bits (" + e.getMessage() + ")";
    }
    return "invalid array (" + e + ")";
  }

  private static void validateDictionary(ArrayData dictionary, ValidationLevel level, int depth) {
    try {
      validateNode(dictionary, level, depth);
    } catch (ArrowFormatException e) {
      ArrowFormatException d = new ArrowFormatException("dictionary: " + e.problem(),
          e.getCause() != null ? e.getCause() : e);
      throw e.fieldPath() == null ? d : d.inField(e.fieldPath());
    } catch (RuntimeException e) {
      throw new ArrowFormatException("dictionary: " + describe(e), e);
    }
  }

  private static ArrowFormatException fail(String format, Object... args) {
    return new ArrowFormatException(String.format(format, args));
  }

  private static long add(long a, long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      throw fail("%d + %d overflows 64 bits", a, b);
    }
  }

  private static long mul(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      throw fail("%d * %d overflows 64 bits", a, b);
    }
  }

  private static long bufferLength(ArrayData data, int index) {
    ArrowBuffer b = data.buffer(index);
    return b == null ? 0 : b.length();
  }

  private static void requireBuffer(ArrayData data, int index, String what, long needed) {
    long have = bufferLength(data, index);
    if (have < needed) {
      throw fail("%s buffer holds %d bytes but %d are needed for offset %d + length %d", what, have,
          needed, data.offset(), data.length());
    }
  }

  private static long readInt(ArrowBuffer b, int width, long index) {
    switch (width) {
      case 1: return b.getByte(index);
      case 2: return b.getShort(index * 2);
      case 4: return b.getInt(index * 4);
      default: return b.getLong(index * 8);
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // One array

  private static void validateNode(ArrayData data, ValidationLevel level, int depth) {
    if (depth > MAX_DEPTH) {
      throw fail("nested more than %d levels deep", MAX_DEPTH);
    }
    Field field = data.field();
    Layout layout = field.layout();
    long length = data.length();
    long offset = data.offset();
    long end = add(offset, length);
    boolean full = level.compareTo(ValidationLevel.BOUNDS) >= 0; // every value in range
    boolean utf8 = level == ValidationLevel.FULL; // and strings valid UTF-8
    boolean dflt = level != ValidationLevel.MINIMAL;

    // Buffer count.
    int buffers = data.bufferCount();
    if (layout == Layout.BINARY_VIEW) {
      if (buffers < 2) {
        throw fail("%s array has %d buffers, expected at least 2 (validity, views)", field.type(), buffers);
      }
    } else if (buffers != layout.fixedBufferCount()) {
      throw fail("%s array has %d buffers, expected %d", field.isDictionaryEncoded()
          ? "dictionary index" : field.type().toString(), buffers, layout.fixedBufferCount());
    }

    // Validity and null count.
    ArrowBuffer validity = data.validity();
    if (validity != null) {
      long needed = BitUtil.bytesForBits(end);
      if (validity.length() < needed) {
        throw fail("validity buffer holds %d bytes but %d are needed for offset %d + length %d",
            validity.length(), needed, offset, length);
      }
    }
    long nullCount = data.nullCount();
    if (nullCount > length) {
      throw fail("null count %d exceeds the length %d", nullCount, length);
    }
    if (full && layout.hasValidity()) {
      requireNullCount(data);
    }

    if (field.isDictionaryEncoded()) {
      validateDictionaryIndices(data, level, depth);
      return;
    }

    ArrowType type = field.type();
    switch (layout) {
      case NULL:
        return;
      case BOOL:
        requireBuffer(data, 1, "values", BitUtil.bytesForBits(end));
        return;
      case FIXED_WIDTH:
        requireBuffer(data, 1, "values", mul(end, type.byteWidth()));
        return;
      case VARIABLE_BINARY:
      case LARGE_VARIABLE_BINARY:
        validateVariableBinary(data, layout == Layout.LARGE_VARIABLE_BINARY ? 8 : 4,
            utf8 && (type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8), dflt, full);
        return;
      case BINARY_VIEW:
        validateBinaryView(data, utf8 && type instanceof ArrowType.Utf8View, dflt, full);
        return;
      case LIST:
      case LARGE_LIST:
        validateList(data, layout == Layout.LARGE_LIST ? 8 : 4, level, depth);
        return;
      case LIST_VIEW:
      case LARGE_LIST_VIEW:
        validateListView(data, layout == Layout.LARGE_LIST_VIEW ? 8 : 4, level, depth);
        return;
      case FIXED_SIZE_LIST: {
        requireChildren(data, 1);
        int listSize = ((ArrowType.FixedSizeList) type).listSize();
        long needed = mul(end, listSize);
        ArrayData child = data.child(0);
        if (child.length() < needed) {
          throw fail("child '%s' has %d values but %d are needed for offset %d + length %d lists of %d",
              child.field().name(), child.length(), needed, offset, length, listSize);
        }
        validateField(child, level, depth + 1);
        return;
      }
      case STRUCT:
        requireChildren(data, field.children().size());
        for (ArrayData child : data.children()) {
          if (child.length() < end) {
            throw fail("child '%s' has %d values but %d are needed for offset %d + length %d",
                child.field().name(), child.length(), end, offset, length);
          }
        }
        for (ArrayData child : data.children()) {
          validateField(child, level, depth + 1);
        }
        return;
      case SPARSE_UNION:
      case DENSE_UNION:
        validateUnion(data, (ArrowType.Union) type, level, depth);
        return;
      case RUN_END_ENCODED:
        validateRunEndEncoded(data, level, depth);
        return;
      default:
        throw fail("unknown layout %s", layout);
    }
  }

  private static void requireChildren(ArrayData data, int expected) {
    Field field = data.field();
    if (field.children().size() != expected) {
      throw fail("%s field has %d children, expected %d", field.type(), field.children().size(), expected);
    }
    if (data.children().size() != expected) {
      throw fail("%s array has %d child arrays, expected %d", field.type(), data.children().size(),
          expected);
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Offsets (binary, lists)

  /**
   * Checks the offsets buffer (buffer 1) of {@code data} against {@code limit} ({@code what} names the
   * target, a format with one %d for the limit): its size at MINIMAL, first and last offsets at DEFAULT, every offset at FULL.
   */
  private static void validateOffsets(ArrayData data, int width, long limit, String what, boolean dflt,
      boolean full) {
    long length = data.length();
    long offset = data.offset();
    long end = add(offset, length);
    if (length == 0) {
      return; // an empty array may have an empty offsets buffer
    }
    ArrowBuffer offsets = data.buffer(1);
    requireBuffer(data, 1, "offsets", mul(add(end, 1), width));
    if (!dflt) {
      return;
    }
    long first = readInt(offsets, width, offset);
    if (first < 0) {
      throw fail("offset %d (%d) is negative", offset, first);
    }
    if (full) {
      long prev = first;
      for (long j = offset + 1; j <= end; j++) {
        long cur = readInt(offsets, width, j);
        if (cur < prev) {
          throw fail("offset %d (%d) is less than offset %d (%d): offsets must not decrease", j, cur,
              j - 1, prev);
        }
        if (cur > limit) {
          throw fail("offset %d (%d) is beyond the %s", j, cur, String.format(what, limit));
        }
        prev = cur;
      }
    } else {
      long last = readInt(offsets, width, end);
      if (last < first) {
        throw fail("last offset %d (%d) is less than first offset %d (%d)", end, last, offset, first);
      }
      if (last > limit) {
        throw fail("offset %d (%d) is beyond the %s", end, last, String.format(what, limit));
      }
    }
  }

  private static void validateVariableBinary(ArrayData data, int width, boolean utf8, boolean dflt,
      boolean full) {
    ArrowBuffer validity = data.validity();
    long dataLength = bufferLength(data, 2);
    validateOffsets(data, width, dataLength, "data buffer (%d bytes)", dflt, full);
    if (!full || !utf8 || data.length() == 0) {
      return;
    }
    ArrowBuffer offsets = data.buffer(1);
    ArrowBuffer bytes = data.buffer(2);
    long offset = data.offset();
    for (long i = 0; i < data.length(); i++) {
      if (validity != null && !validity.getBit(data.offset() + i)) {
        continue;
      }
      long start = readInt(offsets, width, offset + i);
      long stop = readInt(offsets, width, offset + i + 1);
      long bad = invalidUtf8At(bytes, start, stop);
      if (bad >= 0) {
        throw fail("value %d is not valid UTF-8 (byte %d of %d)", i, bad - start, stop - start);
      }
    }
  }

  private static void validateList(ArrayData data, int width, ValidationLevel level, int depth) {
    requireChildren(data, 1);
    ArrayData child = data.child(0);
    if (data.field().type() instanceof ArrowType.Map) {
      if (!(child.field().type() instanceof ArrowType.Struct) || child.children().size() != 2) {
        throw fail("map child must be a struct of key and value, not %s with %d children",
            child.field().type(), child.children().size());
      }
    }
    boolean dflt = level != ValidationLevel.MINIMAL;
    boolean full = level.compareTo(ValidationLevel.BOUNDS) >= 0;
    validateOffsets(data, width, child.length(), "child (%d values)", dflt, full);
    validateField(child, level, depth + 1);
  }

  private static void validateListView(ArrayData data, int width, ValidationLevel level, int depth) {
    ArrowBuffer validity = data.validity();
    requireChildren(data, 1);
    long end = add(data.offset(), data.length());
    requireBuffer(data, 1, "offsets", mul(end, width));
    requireBuffer(data, 2, "sizes", mul(end, width));
    ArrayData child = data.child(0);
    if (level.compareTo(ValidationLevel.BOUNDS) >= 0) {
      ArrowBuffer offsets = data.buffer(1);
      ArrowBuffer sizes = data.buffer(2);
      long childLength = child.length();
      for (long i = 0; i < data.length(); i++) {
        if (validity != null && !validity.getBit(data.offset() + i)) {
          continue;
        }
        long at = data.offset() + i;
        long o = readInt(offsets, width, at);
        long s = readInt(sizes, width, at);
        if (o < 0) {
          throw fail("offset %d (%d) is negative", at, o);
        }
        if (s < 0) {
          throw fail("size %d (%d) is negative", at, s);
        }
        if (add(o, s) > childLength) {
          throw fail("list view %d (offset %d + size %d) is beyond the child's length (%d)", i, o, s,
              childLength);
        }
      }
    }
    validateField(child, level, depth + 1);
  }

  // ---------------------------------------------------------------------------------------------------
  // Binary views

  private static void validateBinaryView(ArrayData data, boolean utf8, boolean dflt, boolean full) {
    ArrowBuffer validity = data.validity();
    long end = add(data.offset(), data.length());
    requireBuffer(data, 1, "views", mul(end, 16));
    int variadic = data.bufferCount() - 2;
    if (dflt) {
      for (int k = 0; k < variadic; k++) {
        if (data.buffer(2 + k) == null) {
          throw fail("variadic data buffer %d of %d is missing", k, variadic);
        }
      }
    }
    if (!full) {
      return;
    }
    ArrowBuffer views = data.buffer(1);
    for (long i = 0; i < data.length(); i++) {
      if (validity != null && !validity.getBit(data.offset() + i)) {
        continue;
      }
      long at = (data.offset() + i) * 16;
      int len = views.getInt(at);
      if (len < 0) {
        throw fail("view %d has negative length %d", i, len);
      }
      if (len <= 12) {
        if (utf8) {
          long bad = invalidUtf8At(views, at + 4, at + 4 + len);
          if (bad >= 0) {
            throw fail("value %d is not valid UTF-8 (byte %d of %d)", i, bad - at - 4, len);
          }
        }
        continue; // bytes after an inline value are padding, not checked
      }
      int bufferIndex = views.getInt(at + 8);
      int bufferOffset = views.getInt(at + 12);
      if (bufferIndex < 0 || bufferIndex >= variadic) {
        throw fail("view %d refers to data buffer %d but there are %d", i, bufferIndex, variadic);
      }
      if (bufferOffset < 0) {
        throw fail("view %d has negative offset %d", i, bufferOffset);
      }
      ArrowBuffer target = data.buffer(2 + bufferIndex);
      if ((long) bufferOffset + len > target.length()) {
        throw fail("view %d (offset %d + length %d) is beyond data buffer %d (%d bytes)", i, bufferOffset,
            len, bufferIndex, target.length());
      }
      for (int b = 0; b < 4; b++) {
        if (views.getByte(at + 4 + b) != target.getByte(bufferOffset + b)) {
          throw fail("view %d's prefix does not match its data (byte %d)", i, b);
        }
      }
      if (utf8) {
        long bad = invalidUtf8At(target, bufferOffset, (long) bufferOffset + len);
        if (bad >= 0) {
          throw fail("value %d is not valid UTF-8 (byte %d of %d)", i, bad - bufferOffset, len);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Unions

  private static void validateUnion(ArrayData data, ArrowType.Union type, ValidationLevel level,
      int depth) {
    Field field = data.field();
    int childCount = field.children().size();
    requireChildren(data, childCount);
    int[] ids = type.typeIds();
    if (ids != null && ids.length != childCount) {
      throw fail("union has %d type ids for %d children", ids.length, childCount);
    }
    boolean[] seen = new boolean[128];
    for (int k = 0; k < childCount; k++) {
      int id = type.typeIdOf(k);
      if (id < 0 || id > 127) {
        throw fail("union type id %d (child %d) is outside 0..127", id, k);
      }
      if (seen[id]) {
        throw fail("union type id %d is used by more than one child", id);
      }
      seen[id] = true;
    }
    long length = data.length();
    long offset = data.offset();
    long end = add(offset, length);
    boolean dense = data.layout() == Layout.DENSE_UNION;
    requireBuffer(data, 0, "type ids", end);
    if (dense) {
      requireBuffer(data, 1, "offsets", mul(end, 4));
    } else {
      for (ArrayData child : data.children()) {
        if (child.length() < end) {
          throw fail("child '%s' has %d values but %d are needed for offset %d + length %d",
              child.field().name(), child.length(), end, offset, length);
        }
      }
    }
    if (level.compareTo(ValidationLevel.BOUNDS) >= 0) {
      int[] childOf = type.childIndexByTypeId(childCount);
      ArrowBuffer typeIds = data.buffer(0);
      ArrowBuffer offsets = dense ? data.buffer(1) : null;
      for (long i = 0; i < length; i++) {
        byte id = typeIds.getByte(offset + i);
        if (id < 0 || childOf[id] < 0) {
          throw fail("slot %d has type id %d, which selects no child", i, id);
        }
        if (dense) {
          int o = offsets.getInt((offset + i) * 4);
          long childLength = data.child(childOf[id]).length();
          if (o < 0 || o >= childLength) {
            throw fail("slot %d has offset %d, outside child '%s' (%d values)", i, o,
                data.child(childOf[id]).field().name(), childLength);
          }
        }
      }
    }
    for (ArrayData child : data.children()) {
      validateField(child, level, depth + 1);
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Run-end encoding

  private static void validateRunEndEncoded(ArrayData data, ValidationLevel level, int depth) {
    requireChildren(data, 2);
    ArrayData runEnds = data.child(0);
    ArrayData values = data.child(1);
    ArrowType t = runEnds.field().type();
    if (runEnds.field().isDictionaryEncoded() || !(t instanceof ArrowType.Int)
        || !((ArrowType.Int) t).signed() || ((ArrowType.Int) t).bitWidth() == 8) {
      throw fail("run_ends must be Int16, Int32 or Int64, not %s", t);
    }
    int width = t.byteWidth();
    validateField(runEnds, level, depth + 1);
    if (runEnds.nullCount() != 0) {
      throw fail("run_ends has %d nulls", runEnds.nullCount());
    }
    if (values.length() < runEnds.length()) {
      throw fail("values child has %d values for %d runs", values.length(), runEnds.length());
    }
    long maxRunEnd = width == 2 ? Short.MAX_VALUE : width == 4 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    long end = add(data.offset(), data.length());
    if (end > maxRunEnd) {
      throw fail("offset %d + length %d does not fit run ends of %s", data.offset(), data.length(), t);
    }
    if (level != ValidationLevel.MINIMAL && data.length() > 0) {
      long runs = runEnds.length();
      if (runs == 0) {
        throw fail("no runs for %d values", data.length());
      }
      ArrowBuffer ends = runEnds.buffer(1);
      long last = readInt(ends, width, runEnds.offset() + runs - 1);
      if (last < end) {
        throw fail("last run end %d is less than offset %d + length %d", last, data.offset(),
            data.length());
      }
      if (level.compareTo(ValidationLevel.BOUNDS) >= 0) {
        long prev = 0;
        for (long r = 0; r < runs; r++) {
          long cur = readInt(ends, width, runEnds.offset() + r);
          if (cur <= prev) {
            throw fail(r == 0 ? "run end %d (%d) is not positive"
                : "run end %d (%d) is not greater than the previous one", r, cur);
          }
          prev = cur;
        }
      }
    }
    validateField(values, level, depth + 1);
  }

  // ---------------------------------------------------------------------------------------------------
  // Dictionaries

  private static void validateDictionaryIndices(ArrayData data, ValidationLevel level, int depth) {
    ArrowBuffer validity = data.validity();
    ArrowType.Int indexType = data.field().dictionary().indexType();
    int width = indexType.byteWidth();
    long end = add(data.offset(), data.length());
    requireBuffer(data, 1, "indices", mul(end, width));
    ArrayData dictionary = data.dictionary();
    if (dictionary == null) {
      throw fail("dictionary-encoded field has no dictionary (id %d)", data.field().dictionary().id());
    }
    validateDictionary(dictionary, level, depth + 1);
    if (level.compareTo(ValidationLevel.BOUNDS) >= 0) {
      ArrowBuffer indices = data.buffer(1);
      long dictLength = dictionary.length();
      boolean signed = indexType.signed();
      for (long i = 0; i < data.length(); i++) {
        if (validity != null && !validity.getBit(data.offset() + i)) {
          continue;
        }
        long at = data.offset() + i;
        long v = readInt(indices, width, at);
        if (!signed && width < 8) {
          v &= (1L << (width * 8)) - 1;
        }
        if (v < 0 || v >= dictLength) {
          String shown = !signed && width == 8 ? Long.toUnsignedString(v) : Long.toString(v);
          throw fail("index %d (%s) is outside the dictionary (%d values)", i, shown, dictLength);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // UTF-8

  /** The position of the first byte of an invalid UTF-8 sequence in {@code [pos, end)}, or -1. */
  static long invalidUtf8At(ArrowBuffer b, long pos, long end) {
    while (pos < end) {
      if (end - pos >= 8 && (b.getLong(pos) & 0x8080_8080_8080_8080L) == 0) {
        pos += 8;
        continue;
      }
      int c = b.getByte(pos) & 0xFF;
      if (c < 0x80) {
        pos++;
        continue;
      }
      int n;
      int min2 = 0x80;
      int max2 = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) {
        n = 1;
      } else if (c >= 0xE0 && c <= 0xEF) {
        n = 2;
        if (c == 0xE0) {
          min2 = 0xA0; // overlong
        } else if (c == 0xED) {
          max2 = 0x9F; // surrogates
        }
      } else if (c >= 0xF0 && c <= 0xF4) {
        n = 3;
        if (c == 0xF0) {
          min2 = 0x90; // overlong
        } else if (c == 0xF4) {
          max2 = 0x8F; // above U+10FFFF
        }
      } else {
        return pos;
      }
      if (pos + n >= end) {
        return pos;
      }
      int c2 = b.getByte(pos + 1) & 0xFF;
      if (c2 < min2 || c2 > max2) {
        return pos;
      }
      for (int k = 2; k <= n; k++) {
        if ((b.getByte(pos + k) & 0xC0) != 0x80) {
          return pos;
        }
      }
      pos += n + 1;
    }
    return -1;
  }
}
