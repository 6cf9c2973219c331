package io.arrowfile.connector.types;

import io.arrowfile.spark.SparkTypes;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CalendarIntervalType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
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
 * The mapping from Spark SQL types to Arrow types used by the write path.
 *
 * <table>
 *   <caption>Spark to Arrow</caption>
 *   <tr><th>Spark</th><th>Arrow</th><th>values</th></tr>
 *   <tr><td>BooleanType</td><td>Bool</td><td></td></tr>
 *   <tr><td>Byte/Short/Integer/LongType</td><td>Int8/16/32/64 (signed)</td><td></td></tr>
 *   <tr><td>Float/DoubleType</td><td>Float32/Float64</td><td></td></tr>
 *   <tr><td>DecimalType(p, s)</td><td>Decimal128(p, s)</td><td>unscaled two's complement</td></tr>
 *   <tr><td>StringType, CharType, VarcharType, collated strings</td><td>Utf8</td><td>the UTF-8 bytes as they are
 *       (char padding as Spark stored it)</td></tr>
 *   <tr><td>BinaryType</td><td>Binary</td><td></td></tr>
 *   <tr><td>DateType</td><td>Date32</td><td>days since the epoch</td></tr>
 *   <tr><td>TimestampType</td><td>Timestamp(MICROSECOND, session time zone)</td><td>µs since the epoch (UTC);
 *       the zone is {@code spark.sql.session.timeZone}, offsets normalized to {@code +HH:MM}, {@code UTC}
 *       for zero offsets</td></tr>
 *   <tr><td>TimestampNTZType</td><td>Timestamp(MICROSECOND) without zone</td><td>µs of the wall clock</td></tr>
 *   <tr><td>DayTimeIntervalType (any fields)</td><td>Duration(MICROSECOND)</td><td>µs</td></tr>
 *   <tr><td>YearMonthIntervalType (any fields)</td><td>Interval(YEAR_MONTH)</td><td>months</td></tr>
 *   <tr><td>CalendarIntervalType</td><td>Interval(MONTH_DAY_NANO)</td><td>months, days, µs × 1000 (an
 *       overflow fails the write)</td></tr>
 *   <tr><td>NullType</td><td>Null</td><td></td></tr>
 *   <tr><td>ArrayType(e, containsNull)</td><td>List with child {@value #LIST_ITEM} (nullable = containsNull)</td>
 *       <td></td></tr>
 *   <tr><td>MapType(k, v, valueContainsNull)</td><td>Map(keysSorted=false) of a non-null struct
 *       {@value #MAP_ENTRIES} with non-null {@value #MAP_KEY} and {@value #MAP_VALUE}
 *       (nullable = valueContainsNull)</td><td></td></tr>
 *   <tr><td>StructType</td><td>Struct (same field names, nullability)</td><td></td></tr>
 *   <tr><td>UserDefinedType</td><td>the mapping of its {@code sqlType}</td><td>the sqlType representation</td></tr>
 *   <tr><td>TimeType(p) (Spark 4.1+, recognized by class name)</td><td>Time64(NANOSECOND)</td><td>ns of the day
 *       (Spark's own representation, whatever p is)</td></tr>
 *   <tr><td>VariantType</td><td>Struct&lt;{@value #VARIANT_METADATA}: Binary not null, {@value #VARIANT_VALUE}:
 *       Binary not null&gt; with extension name {@value #VARIANT_EXTENSION_NAME} (Arrow's canonical
 *       Parquet-variant extension: same child names and order; unshredded) and empty extension metadata</td>
 *       <td>Spark's variant binary encoding (identical to Parquet's)</td></tr>
 *   <tr><td>GeometryType, GeographyType (Spark 4.2+, recognized by class name)</td><td>Binary with GeoArrow's
 *       {@code geoarrow.wkb} extension, the CRS in its metadata (see {@link GeoArrow})</td><td>ISO WKB</td></tr>
 * </table>
 *
 * <p>Every other Spark type (e.g. ObjectType) is refused with an
 * {@link UnsupportedOperationException} naming the column, before any task runs.
 *
 * <p>Nullability: an Arrow field is nullable exactly when the Spark field (or array element, map value) is;
 * map keys and map entries are never nullable; Null fields are always nullable.
 *
 * <p><b>Field metadata for an exact round trip</b> (top-level fields only; nested details are inside the
 * top-level type's JSON):
 * <ul>
 *   <li>{@value #SPARK_TYPE_KEY}: the Spark {@code DataType.json()} of the column, written only when reading the
 *       Arrow type alone would give a different Spark type: char/varchar, collated strings, UDTs, variants,
 *       day-time/year-month intervals with other than the default (DAY TO SECOND / YEAR TO MONTH) fields, TimeType
 *       with a precision other than 6, and nested types containing any of these or nested fields with metadata.
 *       A reader restores the Spark type with {@code DataType.fromJson}.</li>
 *   <li>{@value #SPARK_METADATA_KEY}: the {@code Metadata.json()} of the StructField when it is not empty (for
 *       example Spark's {@code __CHAR_VARCHAR_TYPE_STRING}, comments). Restore with {@code Metadata.fromJson}.</li>
 * </ul>
 * Both keys use the prefix {@value #SPARK_KEY_PREFIX}; readers should not show them as user metadata. A
 * {@code BINARY} column whose metadata names the {@code geoarrow.wkb} extension (as one read from a GeoArrow column
 * on a line without geospatial types has) is written as that extension type, its metadata in the Arrow field.
 */
public final class SparkToArrow {
  private SparkToArrow() {}

  public static final String SPARK_KEY_PREFIX = "spark.";
  /** Field metadata key: the exact Spark DataType JSON, when the Arrow type alone is lossy. */
  public static final String SPARK_TYPE_KEY = "spark.type";
  /** Field metadata key: the Spark StructField metadata JSON, when not empty. */
  public static final String SPARK_METADATA_KEY = "spark.metadata";

  public static final String LIST_ITEM = "item";
  public static final String MAP_ENTRIES = "entries";
  public static final String MAP_KEY = "key";
  public static final String MAP_VALUE = "value";
  public static final String VARIANT_EXTENSION_NAME = "arrow.parquet.variant";
  public static final String VARIANT_METADATA = "metadata";
  public static final String VARIANT_VALUE = "value";

  static final String TIME_TYPE_CLASS = "org.apache.spark.sql.types.TimeType";

  /** The Arrow schema of a Spark schema; {@code sessionTimeZone} is the zone of TimestampType columns. */
  public static Schema schema(StructType schema, String sessionTimeZone) {
    List<Field> fields = new ArrayList<>();
    for (StructField f : schema.fields()) {
      fields.add(topLevelField(f, sessionTimeZone));
    }
    return new Schema(fields, null);
  }

  /** A top-level field, with the round-trip metadata keys where needed. */
  public static Field topLevelField(StructField f, String sessionTimeZone) {
    Field field = field(f.name(), f.dataType(), f.nullable(), arrowTimeZone(sessionTimeZone), f.name());
    Map<String, String> md = new LinkedHashMap<>(field.metadata());
    if (!roundTrips(f.dataType())) {
      md.put(SPARK_TYPE_KEY, f.dataType().json());
    }
    Metadata sparkMetadata = f.metadata();
    if (f.dataType() instanceof BinaryType && GeoArrow.WKB.equals(string(sparkMetadata, EXTENSION_NAME))) {
      // Read from a GeoArrow column on a line without geospatial types (the extension kept in the column's
      // metadata): written as GeoArrow again, so that GeoPandas and other readers see geometries, not bytes.
      md.put(EXTENSION_NAME, GeoArrow.WKB);
      String extensionMetadata = string(sparkMetadata, EXTENSION_METADATA);
      if (extensionMetadata != null) {
        md.put(EXTENSION_METADATA, extensionMetadata);
      }
      sparkMetadata = new MetadataBuilder().withMetadata(sparkMetadata).remove(EXTENSION_NAME)
          .remove(EXTENSION_METADATA).build();
    }
    if (sparkMetadata != null && !SparkTypes.isEmpty(sparkMetadata)) {
      md.put(SPARK_METADATA_KEY, sparkMetadata.json());
    }
    return md.isEmpty() ? field : field.withMetadata(md);
  }

  private static final String EXTENSION_NAME = "ARROW:extension:name";
  private static final String EXTENSION_METADATA = "ARROW:extension:metadata";

  /** The string under {@code key}, or null if there is none (or another kind of value). */
  private static String string(Metadata metadata, String key) {
    if (metadata == null || !metadata.contains(key)) {
      return null;
    }
    try {
      return metadata.getString(key);
    } catch (ClassCastException | java.util.NoSuchElementException e) {
      return null;
    }
  }

  /**
   * The Arrow field for a Spark type; {@code tz} is already in Arrow form ({@link #arrowTimeZone}); {@code path}
   * names the column in errors.
   */
  public static Field field(String name, DataType dt, boolean nullable, String tz, String path) {
    if (dt instanceof UserDefinedType<?> udt) {
      return field(name, udt.sqlType(), nullable, tz, path);
    } else if (dt instanceof BooleanType) {
      return Field.of(name, nullable, new ArrowType.Bool());
    } else if (dt instanceof ByteType) {
      return Field.of(name, nullable, ArrowType.Int.INT8);
    } else if (dt instanceof ShortType) {
      return Field.of(name, nullable, ArrowType.Int.INT16);
    } else if (dt instanceof IntegerType) {
      return Field.of(name, nullable, ArrowType.Int.INT32);
    } else if (dt instanceof LongType) {
      return Field.of(name, nullable, ArrowType.Int.INT64);
    } else if (dt instanceof FloatType) {
      return Field.of(name, nullable, new ArrowType.FloatingPoint(Precision.SINGLE));
    } else if (dt instanceof DoubleType) {
      return Field.of(name, nullable, new ArrowType.FloatingPoint(Precision.DOUBLE));
    } else if (dt instanceof DecimalType d) {
      return Field.of(name, nullable, new ArrowType.Decimal(d.precision(), d.scale(), 128));
    } else if (dt instanceof StringType) {
      return Field.of(name, nullable, new ArrowType.Utf8());
    } else if (dt instanceof BinaryType) {
      return Field.of(name, nullable, new ArrowType.Binary());
    } else if (dt instanceof DateType) {
      return Field.of(name, nullable, new ArrowType.Date(DateUnit.DAY));
    } else if (dt instanceof TimestampType) {
      return Field.of(name, nullable, new ArrowType.Timestamp(TimeUnit.MICROSECOND, tz == null ? "UTC" : tz));
    } else if (dt instanceof TimestampNTZType) {
      return Field.of(name, nullable, new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
    } else if (dt instanceof DayTimeIntervalType) {
      return Field.of(name, nullable, new ArrowType.Duration(TimeUnit.MICROSECOND));
    } else if (dt instanceof YearMonthIntervalType) {
      return Field.of(name, nullable, new ArrowType.Interval(IntervalUnit.YEAR_MONTH));
    } else if (dt instanceof CalendarIntervalType) {
      return Field.of(name, nullable, new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO));
    } else if (dt instanceof NullType) {
      return Field.of(name, true, new ArrowType.Null());
    } else if (dt instanceof ArrayType a) {
      Field item = field(LIST_ITEM, a.elementType(), a.containsNull(), tz, path + "." + LIST_ITEM);
      return Field.of(name, nullable, new ArrowType.List(), item);
    } else if (dt instanceof MapType m) {
      Field key = field(MAP_KEY, m.keyType(), false, tz, path + "." + MAP_KEY);
      Field value = field(MAP_VALUE, m.valueType(), m.valueContainsNull(), tz, path + "." + MAP_VALUE);
      Field entries = Field.notNull(MAP_ENTRIES, new ArrowType.Struct(), key, value);
      return Field.of(name, nullable, new ArrowType.Map(false), entries);
    } else if (dt instanceof StructType s) {
      List<Field> children = new ArrayList<>();
      for (StructField c : s.fields()) {
        children.add(field(c.name(), c.dataType(), c.nullable(), tz, path + "." + c.name()));
      }
      return new Field(name, nullable, new ArrowType.Struct(), null, children, null);
    } else if (SparkTypes.isVariant(dt)) {
      return new Field(name, nullable, new ArrowType.Struct(), null,
          List.of(Field.notNull(VARIANT_METADATA, new ArrowType.Binary()),
              Field.notNull(VARIANT_VALUE, new ArrowType.Binary())),
          Map.of(Field.EXTENSION_NAME, VARIANT_EXTENSION_NAME, Field.EXTENSION_METADATA, ""));
    } else if (isTimeType(dt)) {
      return Field.of(name, nullable, new ArrowType.Time(TimeUnit.NANOSECOND, 64));
    } else if (GeoArrow.isGeoType(dt)) {
      return GeoArrow.field(name, dt, nullable, path);
    }
    throw new UnsupportedOperationException("column '" + path + "' has Spark type " + dt.simpleString()
        + ", which arrowfile cannot write");
  }

  /** Whether {@code dt} is Spark's TIME type (4.1+), checked by class name so that 4.0 needs no such class. */
  public static boolean isTimeType(DataType dt) {
    return dt.getClass().getName().equals(TIME_TYPE_CLASS);
  }

  /** The precision of a TimeType, by reflection; -1 when it cannot be read. */
  public static int timePrecision(DataType dt) {
    try {
      return ((Number) dt.getClass().getMethod("precision").invoke(dt)).intValue();
    } catch (ReflectiveOperationException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * Whether reading the Arrow type of {@code dt} back (the read side's Arrow-to-Spark mapping) gives exactly
   * {@code dt}; when not, {@link #SPARK_TYPE_KEY} carries it.
   */
  public static boolean roundTrips(DataType dt) {
    if (dt instanceof UserDefinedType<?>) {
      return false;
    } else if (dt instanceof StringType) {
      return dt.json().equals("\"string\"");
    } else if (dt instanceof DayTimeIntervalType d) {
      return d.startField() == DayTimeIntervalType.DAY() && d.endField() == DayTimeIntervalType.SECOND();
    } else if (dt instanceof YearMonthIntervalType y) {
      return y.startField() == YearMonthIntervalType.YEAR() && y.endField() == YearMonthIntervalType.MONTH();
    } else if (dt instanceof ArrayType a) {
      return roundTrips(a.elementType());
    } else if (dt instanceof MapType m) {
      return roundTrips(m.keyType()) && roundTrips(m.valueType());
    } else if (dt instanceof StructType s) {
      for (StructField f : s.fields()) {
        if (!roundTrips(f.dataType()) || (f.metadata() != null && !SparkTypes.isEmpty(f.metadata()))) {
          return false;
        }
      }
      return true;
    } else if (isTimeType(dt)) {
      return timePrecision(dt) == 6;
    }
    return true;
  }

  /**
   * The Arrow time zone string for a Spark session time zone: region ids as they are, fixed offsets as
   * {@code +HH:MM} (Arrow's accepted form), a zero offset as {@code UTC}. Null or unparsable input is
   * returned unchanged (null becomes "UTC" on the field).
   */
  public static String arrowTimeZone(String sparkZone) {
    if (sparkZone == null) {
      return null;
    }
    try {
      ZoneId zone = ZoneId.of(sparkZone, ZoneId.SHORT_IDS).normalized();
      if (zone instanceof ZoneOffset offset) {
        if (offset.getTotalSeconds() == 0) {
          return "UTC";
        }
        return offset.getId();
      }
      return zone.getId();
    } catch (RuntimeException e) {
      return sparkZone;
    }
  }
}
