package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;

/**
 * A read view of one {@link ArrayData}: one small final class per layout, each with typed accessors for
 * its hot paths and {@link #getObject} in the object model of this package. Views trust their data: run
 * {@link io.arrowfile.columnar.Validator} first on anything that came from outside the process.
 */
public sealed interface ArrowArray permits NullArray, BooleanArray, IntArray, FloatingPointArray,
    DecimalArray, TemporalArray, IntervalArray, FixedSizeBinaryArray, BinaryArray, BinaryViewArray,
    ListArray, ListViewArray, FixedSizeListArray, StructArray, MapArray, UnionArray, DictionaryArray,
    RunEndEncodedArray {

  /** The view for {@code data}'s field: a dictionary view for a dictionary-encoded field. */
  static ArrowArray of(ArrayData data) {
    Field field = data.field();
    if (field.isDictionaryEncoded()) {
      return new DictionaryArray(data);
    }
    ArrowType type = field.type();
    if (type instanceof ArrowType.Null) {
      return new NullArray(data);
    } else if (type instanceof ArrowType.Bool) {
      return new BooleanArray(data);
    } else if (type instanceof ArrowType.Int) {
      return new IntArray(data);
    } else if (type instanceof ArrowType.FloatingPoint) {
      return new FloatingPointArray(data);
    } else if (type instanceof ArrowType.Decimal) {
      return new DecimalArray(data);
    } else if (type instanceof ArrowType.Date || type instanceof ArrowType.Time
        || type instanceof ArrowType.Timestamp || type instanceof ArrowType.Duration) {
      return new TemporalArray(data);
    } else if (type instanceof ArrowType.Interval) {
      return new IntervalArray(data);
    } else if (type instanceof ArrowType.FixedSizeBinary) {
      return new FixedSizeBinaryArray(data);
    } else if (type instanceof ArrowType.Binary || type instanceof ArrowType.Utf8
        || type instanceof ArrowType.LargeBinary || type instanceof ArrowType.LargeUtf8) {
      return new BinaryArray(data);
    } else if (type instanceof ArrowType.BinaryView || type instanceof ArrowType.Utf8View) {
      return new BinaryViewArray(data);
    } else if (type instanceof ArrowType.Map) {
      return new MapArray(data);
    } else if (type instanceof ArrowType.List || type instanceof ArrowType.LargeList) {
      return new ListArray(data);
    } else if (type instanceof ArrowType.ListView || type instanceof ArrowType.LargeListView) {
      return new ListViewArray(data);
    } else if (type instanceof ArrowType.FixedSizeList) {
      return new FixedSizeListArray(data);
    } else if (type instanceof ArrowType.Struct) {
      return new StructArray(data);
    } else if (type instanceof ArrowType.Union) {
      return new UnionArray(data);
    } else if (type instanceof ArrowType.RunEndEncoded) {
      return new RunEndEncodedArray(data);
    }
    throw new IllegalArgumentException("no view for type " + type);
  }

  ArrayData data();

  default long length() {
    return data().length();
  }

  /**
   * Whether slot {@code index} is null as a user sees it: the validity bit for most layouts, always for
   * Null, the selected child's slot for unions, the run's value for run-end encoded arrays, the
   * dictionary value for dictionary-encoded arrays.
   */
  boolean isNull(long index);

  /** The value at {@code index} in this package's object model, or null. */
  Object getObject(long index);
}
