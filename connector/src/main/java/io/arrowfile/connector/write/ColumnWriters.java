package io.arrowfile.connector.write;

import io.arrowfile.spark.SparkTypes;
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
import org.apache.spark.sql.types.YearMonthIntervalType;

/**
 * The {@link ColumnWriter} for each Spark type: one place that knows them all (as {@code vector/ArrowVectors} does
 * for reading), so the base class names none of its subclasses.
 */
final class ColumnWriters {
  private ColumnWriters() {}

  /** The writer for {@code type} appending to {@code builder}; {@code path} names the column in errors. */
  static ColumnWriter create(DataType type, ArrayBuilder builder, ColumnWriter.Budget budget, boolean stats,
      String path) {
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
    } else if (SparkTypes.isVariant(type)) {
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
