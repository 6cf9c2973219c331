package io.arrowfile.connector.vector;

import io.arrowfile.spark.SparkTypes;
import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.UnionArray;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.connector.types.CanonicalExtensions;
import io.arrowfile.connector.types.GeoArrow;
import io.arrowfile.connector.types.NestedPruning;
import io.arrowfile.ipc.DeferredColumn;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.UserDefinedType;
import org.apache.spark.sql.types.VarcharType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Builds the Spark column vector reading an {@link ArrayData} in place, for the Spark type
 * {@code io.arrowfile.connector.types.ArrowToSpark} maps its field to. One final vector class per layout family.
 */
public final class ArrowVectors {
  private ArrowVectors() {}

  /**
   * Whether the vector for {@code field} read as {@code type} reads the field's value buffers only through its
   * first read of a value, so that it can be given the column with their decompression still pending: plain signed
   * integers, floats, decimals, booleans, dates (days), timestamps in microseconds, strings and binaries. Others check
   * values when they are made (times of day, timestamps in other units) or read them through other structures.
   */
  public static boolean loadsOnFirstRead(Field field, DataType type) {
    return loadingOnFirstRead(field, type) != null;
  }

  /**
   * As {@link #create(ArrayData, DataType)}, for a column whose value buffers may still wait for their decompression
   * ({@code pending}, null when they are in): a vector that {@link #loadsOnFirstRead} loads them on its first read
   * of a value, any other loads them now.
   */
  public static ColumnVector create(ArrayData data, DataType type, DeferredColumn pending) {
    if (pending != null && !pending.isLoaded()) {
      DataType read = type instanceof CharType || type instanceof VarcharType ? DataTypes.StringType : type;
      LoadingOnFirstRead vector = loadingOnFirstRead(data.field(), read);
      if (vector != null) {
        return vector.create(read, data, pending);
      }
      pending.load();
    }
    return create(data, type);
  }

  /** A vector that takes its column's pending decompression and runs it on its first read of a value. */
  private interface LoadingOnFirstRead {
    ColumnVector create(DataType type, ArrayData data, DeferredColumn pending);
  }

  /**
   * The vector of {@link #loadsOnFirstRead}, the one {@link #create(ArrayData, DataType)} makes for these types, or
   * null: the one list of the types whose decompression may wait, so that what the scan defers and what a vector
   * loads cannot disagree (a column deferred and read by a vector that does not load it would read stale memory).
   */
  private static LoadingOnFirstRead loadingOnFirstRead(Field field, DataType type) {
    if (field.isDictionaryEncoded() || type instanceof UserDefinedType<?> || GeoArrow.isGeoType(type)
        || !field.children().isEmpty()) {
      return null;
    }
    ArrowType t = field.type();
    if (t instanceof ArrowType.Int i) {
      if (!i.signed() || type instanceof BooleanType) {
        return null;
      }
      return switch (i.bitWidth()) {
        case 8 -> Int8Vector::new;
        case 16 -> Int16Vector::new;
        case 32 -> Int32Vector::new;
        default -> Int64Vector::new;
      };
    } else if (t instanceof ArrowType.FloatingPoint fp) {
      return switch (fp.precision()) {
        case HALF -> null;
        case SINGLE -> Float32Vector::new;
        case DOUBLE -> Float64Vector::new;
      };
    } else if (t instanceof ArrowType.Decimal d) {
      int width = d.bitWidth() / 8;
      return type instanceof StringType ? null : (ty, data, p) -> new DecimalVector(ty, data, width, d.precision(), p);
    } else if (t instanceof ArrowType.Date d) {
      return d.unit() == io.arrowfile.columnar.type.DateUnit.DAY ? Int32Vector::new : null;
    } else if (t instanceof ArrowType.Timestamp ts) {
      return ts.unit() == TimeUnit.MICROSECOND ? Int64Vector::new : null;
    } else if (t instanceof ArrowType.Bool) {
      return BooleanVector::new;
    } else if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.Binary) {
      return (ty, data, p) -> new VarBinaryVector(ty, data, false, p);
    } else if (t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.LargeBinary) {
      return (ty, data, p) -> new VarBinaryVector(ty, data, true, p);
    }
    return null;
  }

  /** The vector reading {@code data} in place as {@code type}, its buffers' bytes all in (no pending decompression). */
  public static ColumnVector create(ArrayData data, DataType type) {
    // Types restored from the writer's spark.type key read through the vectors of their physical form.
    if (type instanceof UserDefinedType<?> udt) {
      type = udt.sqlType();
    } else if (type instanceof CharType || type instanceof VarcharType) {
      type = DataTypes.StringType;
    }
    if (GeoArrow.isGeoType(type)) { // geoarrow.wkb: the WKB as Spark's geospatial values
      return new GeoVector(type, data, create(data, DataTypes.BinaryType));
    }
    Field field = data.field();
    if (field.isDictionaryEncoded()) {
      ArrayData values = data.dictionary();
      if (values == null) {
        throw new IllegalStateException("dictionary-encoded column '" + field.name() + "' has no dictionary");
      }
      return new DictionaryVector(type, data, create(values, type));
    }
    ArrowType t = field.type();
    if (t instanceof ArrowType.Null) {
      return new NullVector(type, data);
    } else if (t instanceof ArrowType.Bool) {
      return new BooleanVector(type, data);
    } else if (t instanceof ArrowType.Int i) {
      if (type instanceof BooleanType) { // arrow.bool8 (CanonicalExtensions)
        return new Bool8Vector(type, data);
      }
      switch (i.bitWidth()) {
        case 8: return i.signed() ? new Int8Vector(type, data) : new UInt8Vector(type, data);
        case 16: return i.signed() ? new Int16Vector(type, data) : new UInt16Vector(type, data);
        case 32: return i.signed() ? new Int32Vector(type, data) : new UInt32Vector(type, data);
        default: return i.signed() ? new Int64Vector(type, data) : new UInt64Vector(type, data);
      }
    } else if (t instanceof ArrowType.FloatingPoint fp) {
      return switch (fp.precision()) {
        case HALF -> new Float16Vector(type, data);
        case SINGLE -> new Float32Vector(type, data);
        case DOUBLE -> new Float64Vector(type, data);
      };
    } else if (t instanceof ArrowType.Decimal d) {
      if (type instanceof StringType) { // a decimal Spark cannot hold, read as its text (ArrowToSpark)
        return new DecimalStringVector(type, data);
      }
      return new DecimalVector(type, data, d.bitWidth() / 8, d.precision());
    } else if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.Binary) {
      return new VarBinaryVector(type, data, false);
    } else if (t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.LargeBinary) {
      return new VarBinaryVector(type, data, true);
    } else if (t instanceof ArrowType.Utf8View || t instanceof ArrowType.BinaryView) {
      return new BinaryViewVector(type, data);
    } else if (t instanceof ArrowType.FixedSizeBinary fsb) {
      if (type instanceof StringType) { // arrow.uuid (CanonicalExtensions)
        return new UuidVector(type, data);
      }
      return new FixedSizeBinaryVector(type, data, fsb.byteWidth());
    } else if (t instanceof ArrowType.Date d) {
      return d.unit() == io.arrowfile.columnar.type.DateUnit.DAY
          ? new Int32Vector(type, data) : new Date64Vector(type, data);
    } else if (t instanceof ArrowType.Timestamp ts) {
      return ts.unit() == TimeUnit.MICROSECOND ? new Int64Vector(type, data)
          : toMicros(type, data, ts.unit(), false);
    } else if (t instanceof ArrowType.Duration du) {
      if (type instanceof LongType) {
        return new Int64Vector(type, data); // arrowfile.durationAsLong: the values in their own unit, as stored
      }
      return toMicros(type, data, du.unit(), true);
    } else if (t instanceof ArrowType.Time tm) {
      if (!(type instanceof LongType)) {
        // Spark's TIME holds a time of day; Arrow allows any value (Arrow C++'s golden files have 24:00:00).
        // Checked once as the batch is loaded, so that Spark never meets a value it cannot decode.
        checkTimeOfDay(data, tm);
      }
      // nanoseconds of the day, for TimeType and for the LongType fallback alike
      return switch (tm.unit()) {
        case SECOND -> new ScaledLongVector(type, data, false, 1_000_000_000L);
        case MILLISECOND -> new ScaledLongVector(type, data, false, 1_000_000L);
        case MICROSECOND -> new ScaledLongVector(type, data, true, 1_000L);
        case NANOSECOND -> new Int64Vector(type, data);
      };
    } else if (t instanceof ArrowType.Interval iv) {
      if (iv.unit() == IntervalUnit.YEAR_MONTH) {
        return new Int32Vector(type, data);
      }
      return new CalendarIntervalVector(type, data, iv.unit() == IntervalUnit.MONTH_DAY_NANO);
    } else if (t instanceof ArrowType.Map) {
      MapType mt = (MapType) type;
      ArrayData entries = data.child(0);
      ArrayData keys = entries.child(0).slice(entries.offset(), entries.length());
      ArrayData values = entries.child(1).slice(entries.offset(), entries.length());
      return new MapVector(type, data, create(keys, mt.keyType()), create(values, mt.valueType()));
    } else if (t instanceof ArrowType.List || t instanceof ArrowType.LargeList) {
      return new ListVector(type, data, create(data.child(0), ((ArrayType) type).elementType()));
    } else if (t instanceof ArrowType.ListView || t instanceof ArrowType.LargeListView) {
      return new ListViewVector(type, data, create(data.child(0), ((ArrayType) type).elementType()));
    } else if (t instanceof ArrowType.FixedSizeList) {
      return new FixedSizeListVector(type, data, create(data.child(0), ((ArrayType) type).elementType()));
    } else if (t instanceof ArrowType.Struct && SparkTypes.isVariant(type)) {
      // Spark's ColumnVector.getVariant reads child 0 as the value and child 1 as the metadata; producers put
      // them in either order (the canonical extension's children are found by name).
      int value = data.field().child(0).name().equals(CanonicalExtensions.VARIANT_VALUE) ? 0 : 1;
      ArrayData values = data.child(value).slice(data.offset(), data.length());
      ArrayData metadata = data.child(1 - value).slice(data.offset(), data.length());
      checkVariantParts(data, values, metadata);
      ColumnVector[] children = {create(values, DataTypes.BinaryType), create(metadata, DataTypes.BinaryType)};
      return new StructVector(type, data, children);
    } else if (t instanceof ArrowType.Struct) {
      StructType st = (StructType) type;
      int[] wanted = wanted(data, st);
      ColumnVector[] children = new ColumnVector[wanted.length];
      for (int j = 0; j < children.length; j++) {
        children[j] = create(data.child(wanted[j]).slice(data.offset(), data.length()), st.fields()[j].dataType());
      }
      return new StructVector(type, data, children);
    } else if (t instanceof ArrowType.Union u) {
      StructType st = (StructType) type;
      int[] wanted = wanted(data, st);
      UnionArray union = (UnionArray) ArrowArray.of(data);
      ColumnVector[] members = new ColumnVector[wanted.length];
      for (int j = 0; j < members.length; j++) {
        DataType mt = st.fields()[j].dataType();
        members[j] = new UnionMemberVector(mt, union, create(data.child(wanted[j]), mt), u.typeIdOf(wanted[j]));
      }
      return new UnionVector(type, data, members);
    } else if (t instanceof ArrowType.RunEndEncoded) {
      return new RunEndVector(type, data, create(data.child(1), type));
    }
    throw new UnsupportedOperationException("no column vector for Arrow type " + t + " (column '"
        + field.name() + "')");
  }

  /**
   * Timestamps and durations in microseconds. Nanoseconds: an amount ({@code amount}, a duration) is truncated
   * toward zero, a point in time (a timestamp) floored; see {@link TruncatedLongVector}, {@link FlooredLongVector}.
   */
  private static ColumnVector toMicros(DataType type, ArrayData data, TimeUnit unit, boolean amount) {
    if (unit == TimeUnit.SECOND || unit == TimeUnit.MILLISECOND) {
      checkFitsMicros(data, unit, amount);
    }
    return switch (unit) {
      case SECOND -> new ScaledLongVector(type, data, true, 1_000_000L);
      case MILLISECOND -> new ScaledLongVector(type, data, true, 1_000L);
      case MICROSECOND -> new Int64Vector(type, data);
      case NANOSECOND -> amount ? new TruncatedLongVector(type, data, 1_000L) : new FlooredLongVector(type, data, 1_000L);
    };
  }

  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  /**
   * Fails when a non-null value of Time column {@code data} is not a time of day (0 inclusive to 24:00
   * exclusive), naming the value; the caller adds the column and the file.
   */
  static void checkTimeOfDay(ArrayData data, ArrowType.Time tm) {
    long perDay = switch (tm.unit()) {
      case SECOND -> 86_400L;
      case MILLISECOND -> 86_400_000L;
      case MICROSECOND -> 86_400_000_000L;
      case NANOSECOND -> NANOS_PER_DAY;
    };
    io.arrowfile.columnar.memory.ArrowBuffer values = data.buffer(1);
    boolean wide = tm.bitWidth() == 64;
    long n = data.length();
    long first = data.offset();
    boolean nulls = data.nullCount() > 0;
    for (long i = 0; i < n; i++) {
      long v = wide ? values.getLong((first + i) << 3) : values.getInt((first + i) << 2);
      if ((v < 0 || v >= perDay) && !(nulls && !data.isValid(i))) {
        throw new ArrowFormatException("time value " + v + " " + unitName(tm.unit())
            + " is not a time of day, which Spark's TIME type must hold; with "
            + "spark.sql.timeType.enabled=false the column reads as BIGINT nanoseconds instead");
      }
    }
  }

  /**
   * Fails when a variant that is not null lacks its value or metadata (both nullable in Arrow; an unshredded
   * variant needs both, as Arrow C++ also requires), naming the row; the caller adds the column and the file.
   */
  static void checkVariantParts(ArrayData variant, ArrayData values, ArrayData metadata) {
    if (values.nullCount() == 0 && metadata.nullCount() == 0) {
      return;
    }
    for (long i = 0; i < variant.length(); i++) {
      if (variant.isValid(i) && (!values.isValid(i) || !metadata.isValid(i))) {
        throw new ArrowFormatException("variant in row " + i + " of the batch is not null but its "
            + (values.isValid(i) ? CanonicalExtensions.VARIANT_METADATA : CanonicalExtensions.VARIANT_VALUE)
            + " is: an unshredded variant needs both (a JSON null is the variant null, value 0x00); "
            + "fix the writer, or leave this column out of the read schema");
      }
    }
  }

  /**
   * Fails when a non-null value of timestamp or duration column {@code data}, in seconds or milliseconds, is
   * beyond the microseconds Spark holds in a long (about 292,000 years either side of 1970), naming the value:
   * multiplied, it would wrap around into another value. The caller adds the column and the file.
   */
  static void checkFitsMicros(ArrayData data, TimeUnit unit, boolean amount) {
    long limit = Long.MAX_VALUE / (unit == TimeUnit.SECOND ? 1_000_000L : 1_000L);
    io.arrowfile.columnar.memory.ArrowBuffer values = data.buffer(1);
    long n = data.length();
    long first = data.offset();
    boolean nulls = data.nullCount() > 0;
    for (long i = 0; i < n; i++) {
      long v = values.getLong((first + i) << 3);
      if ((v > limit || v < -limit) && !(nulls && !data.isValid(i))) {
        throw new ArrowFormatException((amount ? "duration" : "timestamp") + " value " + v + " "
            + unitName(unit) + " is beyond what Spark's " + (amount ? "DayTimeIntervalType" : "TimestampType")
            + " holds (microseconds in a 64-bit long, ±" + limit + " " + unitName(unit)
            + "); " + (amount ? "set the read option arrowfile.durationAsLong=true to read Duration columns as BIGINT "
                + "of their own unit (" + unitName(unit) + "), exactly"
                : "select the other columns, or filter or convert this one with another Arrow reader"));
      }
    }
  }

  private static String unitName(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> "s";
      case MILLISECOND -> "ms";
      case MICROSECOND -> "µs";
      case NANOSECOND -> "ns";
    };
  }

  /**
   * The children of struct or union {@code data} that the fields of {@code type} read: all, in order, or those
   * a nested-pruned type names ({@link NestedPruning}).
   */
  private static int[] wanted(ArrayData data, StructType type) {
    int n = data.children().size();
    if (type.fields().length == n) {
      int[] all = new int[n];
      boolean sameNames = true;
      for (int k = 0; k < n; k++) {
        all[k] = k;
        sameNames &= type.fields()[k].name().equals(data.field().child(k).name());
      }
      if (sameNames || NestedPruning.children(data.field(), type, ArrowToSpark.caseSensitive()) == null) {
        return all; // the type's own field names, or renamed repeated ones: by position
      }
    }
    int[] named = NestedPruning.children(data.field(), type, ArrowToSpark.caseSensitive());
    if (named == null) {
      throw new IllegalArgumentException("struct " + data.field().name() + " has no field among " + type.simpleString());
    }
    return named;
  }
}
