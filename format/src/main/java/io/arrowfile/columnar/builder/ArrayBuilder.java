package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.UnionMode;
import java.util.Objects;

/**
 * Builds one array of a field's type, value by value, into 64-byte aligned little-endian buffers. Values
 * are the objects of {@code io.arrowfile.columnar.array}'s object model; typed subclasses add
 * allocation-free appends for their hot paths.
 *
 * <p>Every built array's buffers are heap arrays padded with zeros to a multiple of 64 bytes, its null
 * count is exact and its validity bitmap is omitted (null) when it has no nulls.
 */
public abstract class ArrayBuilder {
  final Field field;

  ArrayBuilder(Field field) {
    this.field = Objects.requireNonNull(field, "field");
  }

  /** A builder for {@code field}: for a dictionary-encoded field, one that encodes as it goes. */
  public static ArrayBuilder create(Field field) {
    Objects.requireNonNull(field, "field");
    if (field.isDictionaryEncoded()) {
      return new DictionaryBuilder(field);
    }
    ArrowType type = field.type();
    if (type instanceof ArrowType.Null) {
      return new NullBuilder(field);
    } else if (type instanceof ArrowType.Bool) {
      return new BooleanBuilder(field);
    } else if (type instanceof ArrowType.Int) {
      return new IntBuilder(field);
    } else if (type instanceof ArrowType.FloatingPoint) {
      return new FloatingPointBuilder(field);
    } else if (type instanceof ArrowType.Decimal) {
      return new DecimalBuilder(field);
    } else if (type instanceof ArrowType.Date || type instanceof ArrowType.Time
        || type instanceof ArrowType.Timestamp || type instanceof ArrowType.Duration) {
      return new IntBuilder(field);
    } else if (type instanceof ArrowType.Interval) {
      return new IntervalBuilder(field);
    } else if (type instanceof ArrowType.FixedSizeBinary) {
      return new FixedSizeBinaryBuilder(field);
    } else if (type instanceof ArrowType.Binary || type instanceof ArrowType.Utf8
        || type instanceof ArrowType.LargeBinary || type instanceof ArrowType.LargeUtf8) {
      return new VariableBinaryBuilder(field);
    } else if (type instanceof ArrowType.BinaryView || type instanceof ArrowType.Utf8View) {
      return new BinaryViewBuilder(field);
    } else if (type instanceof ArrowType.Map) {
      return new MapBuilder(field);
    } else if (type instanceof ArrowType.List || type instanceof ArrowType.LargeList) {
      return new ListBuilder(field);
    } else if (type instanceof ArrowType.ListView || type instanceof ArrowType.LargeListView) {
      return new ListViewBuilder(field);
    } else if (type instanceof ArrowType.FixedSizeList) {
      return new FixedSizeListBuilder(field);
    } else if (type instanceof ArrowType.Struct) {
      return new StructBuilder(field);
    } else if (type instanceof ArrowType.Union) {
      return new UnionBuilder(field);
    } else if (type instanceof ArrowType.RunEndEncoded) {
      return new RunEndEncodedBuilder(field);
    }
    throw new IllegalArgumentException("no builder for type " + type);
  }

  public Field field() {
    return field;
  }

  public abstract void appendNull();

  /** Appends {@code value} (null appends a null). */
  public abstract void appendObject(Object value);

  public abstract long length();

  /** The array built so far; the builder starts over, empty. */
  public abstract ArrayData build();

  /**
   * Tells the builder that the arrays of its last {@link #build()} are no longer read, so that it may write the
   * next ones over their memory instead of allocating (a writer that encodes each batch and drops it saves the
   * allocation, zeroing and garbage collection of every buffer). Builders whose arrays may be kept (dictionaries)
   * ignore it, as does every builder not yet built.
   */
  public void recycle() {
  }

  /** Appends every value of {@code values} in order. */
  public void appendAll(Iterable<?> values) {
    for (Object v : values) {
      appendObject(v);
    }
  }

  /** Wraps the builder's failure for a value in the field's name. */
  final IllegalArgumentException wrongValue(Object value, String expected) {
    return new IllegalArgumentException("field '" + field.name() + "' (" + field.type() + ") expects "
        + expected + ", not " + (value == null ? "null" : value.getClass().getName() + " " + value));
  }

  static boolean isHalf(ArrowType type) {
    return type instanceof ArrowType.FloatingPoint fp && fp.precision() == Precision.HALF;
  }

  static boolean isSparse(ArrowType type) {
    return type instanceof ArrowType.Union u && u.mode() == UnionMode.SPARSE;
  }

  static int checkedLength(long n) {
    if (n >= Integer.MAX_VALUE) {
      throw new IllegalStateException("an array holds at most " + (Integer.MAX_VALUE - 1) + " values here");
    }
    return (int) n;
  }
}
