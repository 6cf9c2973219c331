package io.arrowfile.connector;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.YearMonthIntervalType;

/**
 * The mapping from Arrow types to Spark SQL types, used for schema inference and for choosing the column
 * vector that reads each column.
 *
 * <table>
 *   <caption>Arrow to Spark</caption>
 *   <tr><th>Arrow</th><th>Spark</th></tr>
 *   <tr><td>Null</td><td>NullType</td></tr>
 *   <tr><td>Bool</td><td>BooleanType</td></tr>
 *   <tr><td>Int8/16/32/64</td><td>Byte/Short/Integer/Long</td></tr>
 *   <tr><td>UInt8/16/32</td><td>Short/Integer/Long (widened so every value fits)</td></tr>
 *   <tr><td>UInt64</td><td>Decimal(20, 0)</td></tr>
 *   <tr><td>Float16, Float32 / Float64</td><td>Float / Double</td></tr>
 *   <tr><td>Decimal32/64/128</td><td>Decimal(p, s)</td></tr>
 *   <tr><td>Decimal256</td><td>Decimal(p, s) when p &lt;= 38, else an error naming the column</td></tr>
 *   <tr><td>Utf8, LargeUtf8, Utf8View</td><td>String</td></tr>
 *   <tr><td>Binary, LargeBinary, BinaryView, FixedSizeBinary</td><td>Binary</td></tr>
 *   <tr><td>Date32, Date64</td><td>Date (Date64 milliseconds are floored to days)</td></tr>
 *   <tr><td>Timestamp with a time zone / without</td><td>TimestampType / TimestampNTZType, in
 *       microseconds: seconds and milliseconds are multiplied, nanoseconds floored</td></tr>
 *   <tr><td>Time32, Time64</td><td>Spark's {@code TimeType(6)} (nanoseconds of day) when the running Spark has it
 *       (4.1+; the class is looked up once, by reflection) and {@code spark.sql.timeType.enabled} is true
 *       (read at schema time); else LongType holding nanoseconds of the day. Readers accept either.</td></tr>
 *   <tr><td>Duration</td><td>DayTimeIntervalType (microseconds; nanoseconds floored)</td></tr>
 *   <tr><td>Interval YearMonth</td><td>YearMonthIntervalType</td></tr>
 *   <tr><td>Interval DayTime, MonthDayNano</td><td>CalendarIntervalType (nanoseconds floored to microseconds)</td></tr>
 *   <tr><td>List, LargeList, ListView, LargeListView, FixedSizeList</td><td>ArrayType (containsNull from
 *       the child's nullability)</td></tr>
 *   <tr><td>Struct</td><td>StructType</td></tr>
 *   <tr><td>Map</td><td>MapType (valueContainsNull from the value field)</td></tr>
 *   <tr><td>Union (sparse, dense)</td><td>StructType with one nullable field per member, named by the
 *       child names; in each row only the selected member is non-null</td></tr>
 *   <tr><td>Dictionary&lt;T&gt;, RunEndEncoded&lt;T&gt;</td><td>the mapping of T</td></tr>
 *   <tr><td>extension types</td><td>the storage type; the field's metadata (with
 *       {@code ARROW:extension:name}) goes into the StructField's metadata</td></tr>
 * </table>
 */
public final class ArrowToSpark {
  private ArrowToSpark() {}

  /** Spark's TimeType(6) when the running Spark has it (4.1+), else null. Looked up once. */
  private static final DataType TIME_TYPE = lookUpTimeType();

  private static DataType lookUpTimeType() {
    try {
      Class<?> c = Class.forName("org.apache.spark.sql.types.TimeType");
      return (DataType) c.getMethod("apply", int.class).invoke(null, 6);
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return null;
    }
  }

  /**
   * Whether the running Spark has a TIME type at all (4.1+; not 4.0), whatever {@code spark.sql.timeType.enabled}
   * says. The compatibility point for TIME: resolved once per JVM, when this class loads.
   */
  public static boolean sparkHasTimeType() {
    return TIME_TYPE != null;
  }

  /**
   * Whether Arrow Time columns map to Spark's TimeType (else to LongType nanoseconds of day): the running
   * Spark has it and it is enabled ({@code spark.sql.timeType.enabled}). Schema-time only.
   */
  public static boolean hasTimeType() {
    if (TIME_TYPE == null) {
      return false;
    }
    try {
      return Boolean.parseBoolean(org.apache.spark.sql.internal.SQLConf.get()
          .getConfString("spark.sql.timeType.enabled", "false").trim());
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  /** The Spark type Arrow Time columns map to now (see {@link #hasTimeType()}). */
  public static DataType timeType() {
    return hasTimeType() ? TIME_TYPE : DataTypes.LongType;
  }

  /** Whether {@code requested} is what {@code f} maps to, with Time as TimeType or as LongType. */
  public static boolean readableAs(Field f, DataType requested) {
    String want = requested.catalogString();
    if (dataType(f, f.name(), false).catalogString().equals(want)) {
      return true;
    }
    DataType restored = restoredType(f, dataType(f, f.name(), TIME_TYPE != null));
    if (restored != null && restored.catalogString().equals(want)) {
      return true;
    }
    return TIME_TYPE != null && dataType(f, f.name(), true).catalogString().equals(want);
  }

  /** The Spark schema of an Arrow schema. */
  public static StructType schema(Schema schema) {
    return schema(schema, hasTimeType());
  }

  /** The Spark schema of an Arrow schema, Time columns as TimeType when {@code time}, else LongType. */
  public static StructType schema(Schema schema, boolean time) {
    List<StructField> fields = new ArrayList<>();
    for (Field f : schema.fields()) {
      fields.add(topLevelField(f, time));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /**
   * The Spark field of a top-level Arrow field: when our writer recorded the exact Spark type
   * ({@value #SPARK_TYPE_KEY}: char/varchar, collations, UDTs, variant, ...) and it reads from the Arrow data,
   * that type; the Spark field metadata from {@value #SPARK_METADATA_KEY}; the other Arrow metadata as strings.
   */
  public static StructField topLevelField(Field f, boolean time) {
    StructField base = field(f, f.name(), time);
    DataType restored = restoredType(f, base.dataType());
    String sparkMetadata = f.metadata().get(SPARK_METADATA_KEY);
    Metadata md = base.metadata();
    if (sparkMetadata != null) {
      try {
        md = new MetadataBuilder().withMetadata(md).withMetadata(Metadata.fromJson(sparkMetadata)).build();
      } catch (RuntimeException e) {
        // Unparsable: the user metadata is lost, the data is not.
      }
    }
    return new StructField(f.name(), restored != null ? restored : base.dataType(), f.nullable(), md);
  }

  public static final String SPARK_KEY_PREFIX = "spark.";
  public static final String SPARK_TYPE_KEY = "spark.type";
  public static final String SPARK_METADATA_KEY = "spark.metadata";

  /**
   * The Spark type recorded in {@code f}'s metadata, when there is one, it parses, and its values are laid out
   * as those of {@code mapped} (the type the Arrow type maps to), so that the vectors for {@code mapped} read it;
   * else null. A file whose recorded type disagrees with its data is read by its data.
   */
  static DataType restoredType(Field f, DataType mapped) {
    String json = f.metadata().get(SPARK_TYPE_KEY);
    if (json == null) {
      return null;
    }
    try {
      DataType t = DataType.fromJson(json);
      return sameLayout(t, mapped) ? t : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Whether values of Spark type {@code t} have the physical form of {@code mapped}. */
  private static boolean sameLayout(DataType t, DataType mapped) {
    if (t instanceof org.apache.spark.sql.types.UserDefinedType<?> udt) {
      return sameLayout(udt.sqlType(), mapped);
    } else if (t instanceof org.apache.spark.sql.types.StringType || t instanceof org.apache.spark.sql.types.CharType
        || t instanceof org.apache.spark.sql.types.VarcharType) {
      return mapped instanceof org.apache.spark.sql.types.StringType;
    } else if (t instanceof org.apache.spark.sql.types.VariantType) {
      if (!(mapped instanceof StructType s) || s.fields().length != 2) {
        return false;
      }
      java.util.Set<String> names = java.util.Set.of(s.fields()[0].name(), s.fields()[1].name());
      return names.equals(java.util.Set.of("metadata", "value"))
          && s.fields()[0].dataType() == DataTypes.BinaryType && s.fields()[1].dataType() == DataTypes.BinaryType;
    } else if (t instanceof DayTimeIntervalType) {
      return mapped instanceof DayTimeIntervalType;
    } else if (t instanceof YearMonthIntervalType) {
      return mapped instanceof YearMonthIntervalType;
    } else if (t instanceof ArrayType a) {
      return mapped instanceof ArrayType m && sameLayout(a.elementType(), m.elementType());
    } else if (t instanceof org.apache.spark.sql.types.MapType a) {
      return mapped instanceof org.apache.spark.sql.types.MapType m && sameLayout(a.keyType(), m.keyType())
          && sameLayout(a.valueType(), m.valueType());
    } else if (t instanceof StructType a) {
      if (!(mapped instanceof StructType m) || a.fields().length != m.fields().length) {
        return false;
      }
      for (int i = 0; i < a.fields().length; i++) {
        if (!a.fields()[i].name().equals(m.fields()[i].name())
            || !sameLayout(a.fields()[i].dataType(), m.fields()[i].dataType())) {
          return false;
        }
      }
      return true;
    } else if (TIME_TYPE != null && t.getClass() == TIME_TYPE.getClass()) {
      return mapped.getClass() == TIME_TYPE.getClass();
    }
    return t.catalogString().equals(mapped.catalogString());
  }

  /** The Spark field of an Arrow field; {@code path} names the column in errors. */
  public static StructField field(Field f, String path) {
    return field(f, path, hasTimeType());
  }

  private static StructField field(Field f, String path, boolean time) {
    return new StructField(f.name(), dataType(f, path, time), f.nullable(), metadata(f.metadata()));
  }

  private static Metadata metadata(Map<String, String> md) {
    if (md.isEmpty()) {
      return Metadata.empty();
    }
    MetadataBuilder b = new MetadataBuilder();
    md.forEach((k, v) -> {
      if (!k.startsWith(SPARK_KEY_PREFIX)) { // our round-trip keys, restored into the type and metadata instead
        b.putString(k, v);
      }
    });
    return b.build();
  }

  /**
   * The Spark type of the values of {@code f} (its dictionary's values when dictionary-encoded).
   *
   * @throws UnsupportedOperationException for a type Spark cannot hold (Decimal256 beyond precision 38),
   *     naming the column {@code path}
   */
  public static DataType dataType(Field f, String path) {
    return dataType(f, path, hasTimeType());
  }

  private static DataType dataType(Field f, String path, boolean time) {
    ArrowType t = f.type();
    if (t instanceof ArrowType.Null) {
      return DataTypes.NullType;
    } else if (t instanceof ArrowType.Bool) {
      return DataTypes.BooleanType;
    } else if (t instanceof ArrowType.Int i) {
      switch (i.bitWidth()) {
        case 8: return i.signed() ? DataTypes.ByteType : DataTypes.ShortType;
        case 16: return i.signed() ? DataTypes.ShortType : DataTypes.IntegerType;
        case 32: return i.signed() ? DataTypes.IntegerType : DataTypes.LongType;
        default: return i.signed() ? DataTypes.LongType : DataTypes.createDecimalType(20, 0);
      }
    } else if (t instanceof ArrowType.FloatingPoint fp) {
      return switch (fp.precision()) {
        case HALF, SINGLE -> DataTypes.FloatType;
        case DOUBLE -> DataTypes.DoubleType;
      };
    } else if (t instanceof ArrowType.Decimal d) {
      if (d.precision() > DecimalType.MAX_PRECISION() || d.precision() < 1) {
        throw new UnsupportedOperationException("column '" + path + "' has type " + t
            + ": Spark decimals hold at most " + DecimalType.MAX_PRECISION() + " digits");
      }
      if (d.scale() < 0 || d.scale() > d.precision()) {
        throw new UnsupportedOperationException("column '" + path + "' has type " + t
            + ": Spark decimals need 0 <= scale <= precision");
      }
      return DataTypes.createDecimalType(d.precision(), d.scale());
    } else if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Utf8View) {
      return DataTypes.StringType;
    } else if (t instanceof ArrowType.Binary || t instanceof ArrowType.LargeBinary
        || t instanceof ArrowType.BinaryView || t instanceof ArrowType.FixedSizeBinary) {
      return DataTypes.BinaryType;
    } else if (t instanceof ArrowType.Date) {
      return DataTypes.DateType;
    } else if (t instanceof ArrowType.Timestamp ts) {
      return ts.timezone() == null ? DataTypes.TimestampNTZType : DataTypes.TimestampType;
    } else if (t instanceof ArrowType.Time) {
      return time ? TIME_TYPE : DataTypes.LongType;
    } else if (t instanceof ArrowType.Duration) {
      return DayTimeIntervalType.apply(DayTimeIntervalType.DAY(), DayTimeIntervalType.SECOND());
    } else if (t instanceof ArrowType.Interval iv) {
      return iv.unit() == IntervalUnit.YEAR_MONTH
          ? YearMonthIntervalType.apply(YearMonthIntervalType.YEAR(), YearMonthIntervalType.MONTH())
          : DataTypes.CalendarIntervalType;
    } else if (t instanceof ArrowType.List || t instanceof ArrowType.LargeList || t instanceof ArrowType.ListView
        || t instanceof ArrowType.LargeListView || t instanceof ArrowType.FixedSizeList) {
      Field child = f.child(0);
      return ArrayType.apply(dataType(child, path + "." + child.name(), time), child.nullable());
    } else if (t instanceof ArrowType.Map) {
      Field entries = f.child(0);
      Field key = entries.child(0);
      Field value = entries.child(1);
      return DataTypes.createMapType(dataType(key, path + ".key", time), dataType(value, path + ".value", time),
          value.nullable());
    } else if (t instanceof ArrowType.Struct) {
      List<StructField> fields = new ArrayList<>();
      for (Field c : f.children()) {
        fields.add(field(c, path + "." + c.name(), time));
      }
      return new StructType(fields.toArray(new StructField[0]));
    } else if (t instanceof ArrowType.Union) {
      List<StructField> fields = new ArrayList<>();
      for (Field c : f.children()) {
        StructField sf = field(c, path + "." + c.name(), time);
        fields.add(new StructField(sf.name(), sf.dataType(), true, sf.metadata()));
      }
      return new StructType(fields.toArray(new StructField[0]));
    } else if (t instanceof ArrowType.RunEndEncoded) {
      Field values = f.child(1);
      return dataType(values, path, time);
    }
    throw new UnsupportedOperationException("column '" + path + "' has type " + t + ", which Spark cannot read");
  }
}
