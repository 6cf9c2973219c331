package io.arrowfile.columnar;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.memory.BitUtil;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Layout;
import java.util.List;
import java.util.Objects;

/**
 * One array in the Arrow columnar format, layout-agnostic: its field, logical length, offset into its
 * buffers, null count, the buffers in the order the format lists them and the child arrays. The typed
 * views in {@code io.arrowfile.columnar.array} read it; IPC readers and builders produce it.
 *
 * <p>Buffers by {@link Layout} (a {@code null} validity buffer means all values are valid):
 * <ul>
 *   <li>NULL, RUN_END_ENCODED: none ({@code run_ends} and {@code values} are children)
 *   <li>BOOL, FIXED_WIDTH: validity, values (a dictionary-encoded field's values are its indices)
 *   <li>VARIABLE_BINARY, LARGE_VARIABLE_BINARY: validity, offsets, data
 *   <li>BINARY_VIEW: validity, views, then the variadic data buffers
 *   <li>LIST, LARGE_LIST (and Map): validity, offsets; LIST_VIEW, LARGE_LIST_VIEW: validity, offsets, sizes
 *   <li>FIXED_SIZE_LIST, STRUCT: validity
 *   <li>SPARSE_UNION: type ids; DENSE_UNION: type ids, offsets
 * </ul>
 * A dictionary-encoded array carries its dictionary's values in {@link #dictionary()}.
 *
 * <p>{@link #offset()} is in elements (bits for bitmaps), as in the C data interface; children of lists,
 * unions and run-end encoded arrays are not offset by it, while struct and fixed-size-list children are
 * read at the parent's offset (plus their own).
 */
public final class ArrayData {
  /** A null count not yet computed; {@link #nullCount()} computes it on first use. */
  public static final long UNKNOWN_NULL_COUNT = -1;

  private final Field field;
  private final long length;
  private final long offset;
  private final ArrowBuffer[] buffers;
  private final List<ArrayData> children;
  private final ArrayData dictionary;
  // Benign race: every thread computes the same value.
  private long nullCount;

  public ArrayData(Field field, long length, long offset, long nullCount, ArrowBuffer[] buffers,
      List<ArrayData> children, ArrayData dictionary) {
    this.field = Objects.requireNonNull(field, "field");
    if (length < 0 || offset < 0) {
      throw new IllegalArgumentException("negative length " + length + " or offset " + offset);
    }
    this.length = length;
    this.offset = offset;
    this.nullCount = nullCount;
    this.buffers = buffers.clone();
    this.children = List.copyOf(children == null ? List.of() : children);
    this.dictionary = dictionary;
  }

  public Field field() {
    return field;
  }

  public Layout layout() {
    return field.layout();
  }

  public long length() {
    return length;
  }

  public long offset() {
    return offset;
  }

  public int bufferCount() {
    return buffers.length;
  }

  /** Buffer {@code index} in the layout's order; null for an absent validity bitmap. */
  public ArrowBuffer buffer(int index) {
    return buffers[index];
  }

  /** The validity bitmap, or null when every value is valid or the layout has none. */
  public ArrowBuffer validity() {
    return field.layout().hasValidity() && buffers.length > 0 ? buffers[0] : null;
  }

  public List<ArrayData> children() {
    return children;
  }

  public ArrayData child(int index) {
    return children.get(index);
  }

  /** The dictionary's values for a dictionary-encoded array, otherwise null. */
  public ArrayData dictionary() {
    return dictionary;
  }

  /**
   * Nulls in this array's own validity: for unions and run-end encoded arrays, which have none, 0 (their
   * nulls are their children's); for the Null type, the length.
   */
  public long nullCount() {
    long n = nullCount;
    if (n < 0) {
      n = computeNullCount();
      nullCount = n;
    }
    return n;
  }

  private long computeNullCount() {
    Layout layout = field.layout();
    if (layout == Layout.NULL) {
      return length;
    }
    ArrowBuffer validity = validity();
    if (validity == null) {
      return 0;
    }
    return length - BitUtil.countSetBits(validity, offset, length);
  }

  /** Whether slot {@code index} is non-null in this array's own validity (see {@link #nullCount()}). */
  public boolean isValid(long index) {
    Layout layout = field.layout();
    if (layout == Layout.NULL) {
      return false;
    }
    ArrowBuffer validity = validity();
    return validity == null || validity.getBit(offset + index);
  }

  /**
   * Slots {@code index} to {@code index + 63} of this array's own validity (as {@link #isValid}) in one word:
   * bit j is set when slot {@code index + j} is valid. Bits of slots past the array's end are unspecified.
   * A bulk reader masks 64 values with it instead of branching on each one, a branch that mispredicts
   * whenever nulls are scattered (a sum over a column with 10% nulls runs about 3 times faster).
   */
  public long validityBits(long index) {
    if (field.layout() == Layout.NULL) {
      return 0;
    }
    ArrowBuffer validity = validity();
    return validity == null ? -1L : validity.getBits(offset + index);
  }

  /** Elements {@code [start, start + newLength)} of this array, sharing every buffer. */
  public ArrayData slice(long start, long newLength) {
    Objects.checkFromIndexSize(start, newLength, length);
    if (start == 0 && newLength == length) {
      return this;
    }
    long newNullCount = nullCount == 0 ? 0 : UNKNOWN_NULL_COUNT;
    return new ArrayData(field, newLength, offset + start, newNullCount, buffers, children, dictionary);
  }

  /** The same buffers and children described by {@code newField} (a renamed or re-annotated field). */
  public ArrayData withField(Field newField) {
    return new ArrayData(newField, length, offset, nullCount, buffers, children, dictionary);
  }

  @Override
  public String toString() {
    return "ArrayData[" + field + ", length=" + length + ", offset=" + offset + ", nulls="
        + (nullCount < 0 ? "?" : Long.toString(nullCount)) + "]";
  }
}
