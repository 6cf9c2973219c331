package io.arrowfile.connector.write;

import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.builder.BooleanBuilder;
import io.arrowfile.columnar.builder.DecimalBuilder;
import io.arrowfile.columnar.builder.FloatingPointBuilder;
import io.arrowfile.columnar.builder.IntBuilder;
import io.arrowfile.columnar.builder.IntervalBuilder;
import io.arrowfile.columnar.builder.ListBuilder;
import io.arrowfile.columnar.builder.MapBuilder;
import io.arrowfile.columnar.builder.NullBuilder;
import io.arrowfile.columnar.builder.StructBuilder;
import io.arrowfile.columnar.builder.VariableBinaryBuilder;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CalendarIntervalType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.UserDefinedType;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.sql.types.YearMonthIntervalType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.apache.spark.unsafe.types.UTF8String;
import org.apache.spark.unsafe.types.VariantVal;

/**
 * Appends the values of one Spark column (or nested child) to its Arrow builder. One subclass per Spark
 * physical representation, chosen once per column from the Spark type ({@link #create}): the per-row path is
 * a virtual call on a monomorphic, final class, never a type dispatch. Values are read through
 * {@link SpecializedGetters}, so the same writer serves top-level rows ({@code InternalRow}), struct fields,
 * array elements and map keys/values ({@code ArrayData}).
 *
 * <p>Top-level writers created with {@code stats = true} also keep the batch's min/max (orderable types)
 * and every writer counts nulls; {@link #statsJson} renders them and {@link #resetStats} starts the next batch.
 */
abstract class ColumnWriter {
  /** Shared byte counter of the current batch (approximate Arrow buffer bytes). */
  static final class Budget {
    long bytes;
  }

  /** Strings longer than this many UTF-8 bytes are truncated in statistics (min: prefix; max: bumped prefix). */
  static final int STATS_STRING_BYTES = 64;

  final ArrayBuilder builder;
  final Budget budget;
  final boolean stats;
  long nullCount;

  ColumnWriter(ArrayBuilder builder, Budget budget, boolean stats) {
    this.builder = builder;
    this.budget = budget;
    this.stats = stats;
  }

  /** Appends the value at {@code ordinal} of {@code src}, null or not. */
  final void write(SpecializedGetters src, int ordinal) {
    if (src.isNullAt(ordinal)) {
      builder.appendNull();
      nullCount++;
      budget.bytes += 1;
    } else {
      writeValue(src, ordinal);
    }
  }

  /** Appends the non-null value at {@code ordinal}. */
  abstract void writeValue(SpecializedGetters src, int ordinal);

  /** Appends {@code ,"min":…,"max":…} when there are statistics beyond the null count. */
  void minMaxJson(StringBuilder sb) {
  }

  void resetMinMax() {
  }

  /** {@code {"nullCount":n[,"min":…,"max":…]}} of the batch so far. */
  final void statsJson(StringBuilder sb) {
    sb.append("{\"nullCount\":").append(nullCount);
    minMaxJson(sb);
    sb.append('}');
  }

  final void resetStats() {
    nullCount = 0;
    resetMinMax();
  }

  /** The writer for {@code type} appending to {@code builder}; {@code path} names the column in errors. */
  static ColumnWriter create(DataType type, ArrayBuilder builder, Budget budget, boolean stats, String path) {
    if (type instanceof UserDefinedType<?> udt) {
      return create(udt.sqlType(), builder, budget, stats, path);
    } else if (type instanceof BooleanType) {
      return new BooleanWriter((BooleanBuilder) builder, budget, stats);
    } else if (type instanceof ByteType) {
      return new ByteWriter((IntBuilder) builder, budget, stats);
    } else if (type instanceof ShortType) {
      return new ShortWriter((IntBuilder) builder, budget, stats);
    } else if (type instanceof IntegerType || type instanceof DateType) {
      return new IntWriter((IntBuilder) builder, budget, stats);
    } else if (type instanceof LongType || type instanceof TimestampType || type instanceof TimestampNTZType
        || type instanceof DayTimeIntervalType || SparkToArrow.isTimeType(type)) {
      return new LongWriter((IntBuilder) builder, budget, stats);
    } else if (type instanceof YearMonthIntervalType) {
      return new MonthsWriter((IntervalBuilder) builder, budget, stats);
    } else if (type instanceof FloatType) {
      return new FloatWriter((FloatingPointBuilder) builder, budget, stats);
    } else if (type instanceof DoubleType) {
      return new DoubleWriter((FloatingPointBuilder) builder, budget, stats);
    } else if (type instanceof DecimalType d) {
      return d.precision() <= Decimal.MAX_LONG_DIGITS()
          ? new SmallDecimalWriter((DecimalBuilder) builder, budget, stats, d.precision(), d.scale())
          : new BigDecimalWriter((DecimalBuilder) builder, budget, stats, d.precision(), d.scale());
    } else if (type instanceof StringType) {
      return new StringWriter((VariableBinaryBuilder) builder, budget, stats);
    } else if (type instanceof BinaryType) {
      return new BinaryWriter((VariableBinaryBuilder) builder, budget, stats);
    } else if (type instanceof CalendarIntervalType) {
      return new CalendarIntervalWriter((IntervalBuilder) builder, budget, stats, path);
    } else if (type instanceof NullType) {
      return new NullWriter((NullBuilder) builder, budget, stats);
    } else if (type instanceof VariantType) {
      return new VariantWriter((StructBuilder) builder, budget, stats);
    } else if (type instanceof ArrayType a) {
      ListBuilder list = (ListBuilder) builder;
      return new ArrayWriter(list, budget, stats,
          create(a.elementType(), list.child(), budget, false, path + "." + SparkToArrow.LIST_ITEM));
    } else if (type instanceof MapType m) {
      MapBuilder map = (MapBuilder) builder;
      return new MapWriter(map, budget, stats,
          create(m.keyType(), map.keys(), budget, false, path + "." + SparkToArrow.MAP_KEY),
          create(m.valueType(), map.items(), budget, false, path + "." + SparkToArrow.MAP_VALUE));
    } else if (type instanceof StructType s) {
      StructBuilder struct = (StructBuilder) builder;
      StructField[] fields = s.fields();
      ColumnWriter[] children = new ColumnWriter[fields.length];
      for (int i = 0; i < fields.length; i++) {
        children[i] = create(fields[i].dataType(), struct.child(i), budget, false, path + "." + fields[i].name());
      }
      return new StructWriter(struct, budget, stats, children);
    }
    throw new UnsupportedOperationException("column '" + path + "' has Spark type " + type.simpleString()
        + ", which arrowfile cannot write");
  }

  // ---------------------------------------------------------------- integers and temporal types

  /** Min/max of integer-valued columns, rendered as JSON integers. */
  abstract static class LongStats extends ColumnWriter {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    boolean any;

    LongStats(ArrayBuilder builder, Budget budget, boolean stats) {
      super(builder, budget, stats);
    }

    final void track(long v) {
      if (v < min) {
        min = v;
      }
      if (v > max) {
        max = v;
      }
      any = true;
    }

    @Override
    void minMaxJson(StringBuilder sb) {
      if (stats && any) {
        sb.append(",\"min\":").append(min).append(",\"max\":").append(max);
      }
    }

    @Override
    void resetMinMax() {
      min = Long.MAX_VALUE;
      max = Long.MIN_VALUE;
      any = false;
    }
  }

  static final class ByteWriter extends LongStats {
    private final IntBuilder b;

    ByteWriter(IntBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      byte v = src.getByte(ordinal);
      b.appendLong(v);
      budget.bytes += 1;
      if (stats) {
        track(v);
      }
    }
  }

  static final class ShortWriter extends LongStats {
    private final IntBuilder b;

    ShortWriter(IntBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      short v = src.getShort(ordinal);
      b.appendLong(v);
      budget.bytes += 2;
      if (stats) {
        track(v);
      }
    }
  }

  /** Integer, Date (days). */
  static final class IntWriter extends LongStats {
    private final IntBuilder b;

    IntWriter(IntBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      int v = src.getInt(ordinal);
      b.appendInt(v);
      budget.bytes += 4;
      if (stats) {
        track(v);
      }
    }
  }

  /** Long, Timestamp and TimestampNTZ (µs), DayTimeInterval (µs), Time (ns of day). */
  static final class LongWriter extends LongStats {
    private final IntBuilder b;

    LongWriter(IntBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      long v = src.getLong(ordinal);
      b.appendLong(v);
      budget.bytes += 8;
      if (stats) {
        track(v);
      }
    }
  }

  /** YearMonthInterval: months. */
  static final class MonthsWriter extends LongStats {
    private final IntervalBuilder b;

    MonthsWriter(IntervalBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      int v = src.getInt(ordinal);
      b.appendMonths(v);
      budget.bytes += 4;
      if (stats) {
        track(v);
      }
    }
  }

  // ---------------------------------------------------------------- booleans, floating point

  static final class BooleanWriter extends ColumnWriter {
    private final BooleanBuilder b;
    private boolean anyTrue;
    private boolean anyFalse;

    BooleanWriter(BooleanBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      boolean v = src.getBoolean(ordinal);
      b.appendBoolean(v);
      budget.bytes += 1;
      if (v) {
        anyTrue = true;
      } else {
        anyFalse = true;
      }
    }

    @Override
    void minMaxJson(StringBuilder sb) {
      if (stats && (anyTrue || anyFalse)) {
        sb.append(",\"min\":").append(!anyFalse).append(",\"max\":").append(anyTrue);
      }
    }

    @Override
    void resetMinMax() {
      anyTrue = false;
      anyFalse = false;
    }
  }

  /** Min/max of floating point columns; NaN is left out of min/max and counted in {@code nanCount}. */
  abstract static class DoubleStats extends ColumnWriter {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    boolean any;
    long nanCount;

    DoubleStats(ArrayBuilder builder, Budget budget, boolean stats) {
      super(builder, budget, stats);
    }

    final void track(double v) {
      if (v != v) {
        nanCount++;
        return;
      }
      if (v < min || (v == 0 && min == 0 && Double.doubleToRawLongBits(v) < 0)) {
        min = v; // -0.0 is the smaller zero
      }
      if (v > max || (v == 0 && max == 0 && Double.doubleToRawLongBits(v) == 0)) {
        max = v;
      }
      any = true;
    }

    abstract String render(double v);

    @Override
    void minMaxJson(StringBuilder sb) {
      if (!stats) {
        return;
      }
      if (any) {
        sb.append(",\"min\":").append(number(min)).append(",\"max\":").append(number(max));
      }
      if (nanCount > 0) {
        sb.append(",\"nanCount\":").append(nanCount);
      }
    }

    private String number(double v) {
      if (v == Double.POSITIVE_INFINITY) {
        return "\"Infinity\"";
      } else if (v == Double.NEGATIVE_INFINITY) {
        return "\"-Infinity\"";
      }
      return render(v);
    }

    @Override
    void resetMinMax() {
      min = Double.POSITIVE_INFINITY;
      max = Double.NEGATIVE_INFINITY;
      any = false;
      nanCount = 0;
    }
  }

  static final class FloatWriter extends DoubleStats {
    private final FloatingPointBuilder b;

    FloatWriter(FloatingPointBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      float v = src.getFloat(ordinal);
      b.appendFloat(v);
      budget.bytes += 4;
      if (stats) {
        track(v);
      }
    }

    @Override
    String render(double v) {
      return Float.toString((float) v);
    }
  }

  static final class DoubleWriter extends DoubleStats {
    private final FloatingPointBuilder b;

    DoubleWriter(FloatingPointBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      double v = src.getDouble(ordinal);
      b.appendDouble(v);
      budget.bytes += 8;
      if (stats) {
        track(v);
      }
    }

    @Override
    String render(double v) {
      return Double.toString(v);
    }
  }

  // ---------------------------------------------------------------- decimals

  /** Decimals of at most 18 digits: Spark holds them as an unscaled long. Min/max as JSON strings. */
  static final class SmallDecimalWriter extends ColumnWriter {
    private final DecimalBuilder b;
    private final int precision;
    private final int scale;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private boolean any;

    SmallDecimalWriter(DecimalBuilder b, Budget budget, boolean stats, int precision, int scale) {
      super(b, budget, stats);
      this.b = b;
      this.precision = precision;
      this.scale = scale;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      long v = src.getDecimal(ordinal, precision, scale).toUnscaledLong();
      b.appendUnscaled(v);
      budget.bytes += 16;
      if (stats) {
        if (v < min) {
          min = v;
        }
        if (v > max) {
          max = v;
        }
        any = true;
      }
    }

    @Override
    void minMaxJson(StringBuilder sb) {
      if (stats && any) {
        sb.append(",\"min\":\"").append(BigDecimal.valueOf(min, scale).toPlainString())
            .append("\",\"max\":\"").append(BigDecimal.valueOf(max, scale).toPlainString()).append('"');
      }
    }

    @Override
    void resetMinMax() {
      min = Long.MAX_VALUE;
      max = Long.MIN_VALUE;
      any = false;
    }
  }

  static final class BigDecimalWriter extends ColumnWriter {
    private final DecimalBuilder b;
    private final int precision;
    private final int scale;
    private BigInteger min;
    private BigInteger max;

    BigDecimalWriter(DecimalBuilder b, Budget budget, boolean stats, int precision, int scale) {
      super(b, budget, stats);
      this.b = b;
      this.precision = precision;
      this.scale = scale;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      Decimal d = src.getDecimal(ordinal, precision, scale);
      BigInteger v = d.toJavaBigDecimal().setScale(scale).unscaledValue();
      b.appendUnscaled(v);
      budget.bytes += 16;
      if (stats) {
        if (min == null || v.compareTo(min) < 0) {
          min = v;
        }
        if (max == null || v.compareTo(max) > 0) {
          max = v;
        }
      }
    }

    @Override
    void minMaxJson(StringBuilder sb) {
      if (stats && min != null) {
        sb.append(",\"min\":\"").append(new BigDecimal(min, scale).toPlainString())
            .append("\",\"max\":\"").append(new BigDecimal(max, scale).toPlainString()).append('"');
      }
    }

    @Override
    void resetMinMax() {
      min = null;
      max = null;
    }
  }

  // ---------------------------------------------------------------- strings, binary

  /** Appends the bytes of {@code s} without copying them when they live in a byte array. */
  static void appendUtf8(VariableBinaryBuilder b, UTF8String s) {
    Object base = s.getBaseObject();
    if (base instanceof byte[] bytes) {
      long offset = s.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET;
      b.appendBytes(bytes, (int) offset, s.numBytes());
    } else {
      b.appendBytes(s.getBytes());
    }
  }

  /** Strings: min/max in UTF-8 byte order (Spark's binary order), truncated as documented in JSON. */
  static final class StringWriter extends ColumnWriter {
    private final VariableBinaryBuilder b;
    private UTF8String min;
    private UTF8String max;

    StringWriter(VariableBinaryBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      UTF8String v = src.getUTF8String(ordinal);
      appendUtf8(b, v);
      budget.bytes += 4L + v.numBytes();
      if (stats) {
        if (min == null || v.binaryCompare(min) < 0) {
          min = v.copy();
        }
        if (max == null || v.binaryCompare(max) > 0) {
          max = v.copy();
        }
      }
    }

    @Override
    void minMaxJson(StringBuilder sb) {
      if (!stats || min == null) {
        return;
      }
      String minString = min.toString();
      String minPrefix = StatisticsJson.truncatePrefix(minString, STATS_STRING_BYTES);
      sb.append(",\"min\":");
      StatisticsJson.quote(sb, minPrefix);
      if (!minPrefix.equals(minString)) {
        sb.append(",\"minTruncated\":true");
      }
      String maxString = max.toString();
      String maxPrefix = StatisticsJson.truncatePrefix(maxString, STATS_STRING_BYTES);
      if (maxPrefix.equals(maxString)) {
        sb.append(",\"max\":");
        StatisticsJson.quote(sb, maxString);
      } else {
        String bumped = StatisticsJson.increment(maxPrefix);
        if (bumped != null) { // else no short upper bound exists: leave max out
          sb.append(",\"max\":");
          StatisticsJson.quote(sb, bumped);
          sb.append(",\"maxTruncated\":true");
        }
      }
    }

    @Override
    void resetMinMax() {
      min = null;
      max = null;
    }
  }

  static final class BinaryWriter extends ColumnWriter {
    private final VariableBinaryBuilder b;

    BinaryWriter(VariableBinaryBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      byte[] v = src.getBinary(ordinal);
      b.appendBytes(v);
      budget.bytes += 4L + v.length;
    }
  }

  // ---------------------------------------------------------------- intervals, null, variant

  static final class CalendarIntervalWriter extends ColumnWriter {
    private final IntervalBuilder b;
    private final String path;

    CalendarIntervalWriter(IntervalBuilder b, Budget budget, boolean stats, String path) {
      super(b, budget, stats);
      this.b = b;
      this.path = path;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      CalendarInterval v = src.getInterval(ordinal);
      long nanos;
      try {
        nanos = Math.multiplyExact(v.microseconds, 1000L);
      } catch (ArithmeticException e) {
        throw new ArithmeticException("column '" + path + "': interval " + v
            + " has more microseconds than Arrow's MONTH_DAY_NANO interval holds in 64-bit nanoseconds");
      }
      b.appendMonthDayNano(v.months, v.days, nanos);
      budget.bytes += 16;
    }
  }

  static final class NullWriter extends ColumnWriter {
    NullWriter(NullBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      builder.appendNull(); // a NullType value is always null; kept for safety
      nullCount++;
    }
  }

  static final class VariantWriter extends ColumnWriter {
    private final StructBuilder b;
    private final VariableBinaryBuilder metadata;
    private final VariableBinaryBuilder value;

    VariantWriter(StructBuilder b, Budget budget, boolean stats) {
      super(b, budget, stats);
      this.b = b;
      this.metadata = (VariableBinaryBuilder) b.child(0);
      this.value = (VariableBinaryBuilder) b.child(1);
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      VariantVal v = src.getVariant(ordinal);
      byte[] m = v.getMetadata();
      byte[] x = v.getValue();
      metadata.appendBytes(m);
      value.appendBytes(x);
      b.appendValid();
      budget.bytes += 8L + m.length + x.length;
    }
  }

  // ---------------------------------------------------------------- nested

  static final class StructWriter extends ColumnWriter {
    private final StructBuilder b;
    private final ColumnWriter[] children;

    StructWriter(StructBuilder b, Budget budget, boolean stats, ColumnWriter[] children) {
      super(b, budget, stats);
      this.b = b;
      this.children = children;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      InternalRow row = src.getStruct(ordinal, children.length);
      for (int i = 0; i < children.length; i++) {
        children[i].write(row, i);
      }
      b.appendValid();
    }
  }

  static final class ArrayWriter extends ColumnWriter {
    private final ListBuilder b;
    private final ColumnWriter element;

    ArrayWriter(ListBuilder b, Budget budget, boolean stats, ColumnWriter element) {
      super(b, budget, stats);
      this.b = b;
      this.element = element;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      ArrayData array = src.getArray(ordinal);
      int n = array.numElements();
      b.startList();
      for (int i = 0; i < n; i++) {
        element.write(array, i);
      }
      b.endList();
      budget.bytes += 4;
    }
  }

  static final class MapWriter extends ColumnWriter {
    private final MapBuilder b;
    private final StructBuilder entries;
    private final ColumnWriter keys;
    private final ColumnWriter values;

    MapWriter(MapBuilder b, Budget budget, boolean stats, ColumnWriter keys, ColumnWriter values) {
      super(b, budget, stats);
      this.b = b;
      this.entries = b.entries();
      this.keys = keys;
      this.values = values;
    }

    @Override
    void writeValue(SpecializedGetters src, int ordinal) {
      MapData map = src.getMap(ordinal);
      ArrayData k = map.keyArray();
      ArrayData v = map.valueArray();
      int n = map.numElements();
      b.startList();
      for (int i = 0; i < n; i++) {
        keys.write(k, i);
        values.write(v, i);
        entries.appendValid();
      }
      b.endList();
      budget.bytes += 4;
    }
  }
}
