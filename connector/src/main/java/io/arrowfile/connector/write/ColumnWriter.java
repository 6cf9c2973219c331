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
import io.arrowfile.connector.types.SparkToArrow;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
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
    } else if (io.arrowfile.connector.types.GeoArrow.isGeoType(type)) {
      return new GeoWriter(type, (VariableBinaryBuilder) builder, budget, stats);
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
}
