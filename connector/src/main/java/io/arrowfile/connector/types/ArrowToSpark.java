package io.arrowfile.connector.types;

import io.arrowfile.spark.SparkTypes;
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
import org.apache.spark.sql.types.MapType;
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
 *   <tr><td>Decimal256</td><td>Decimal(p, s) when p &lt;= 38; else (and for any decimal Spark cannot hold: scale
 *       below 0 or above p) String holding the exact value in plain notation, the Arrow type under
 *       {@value #ARROW_TYPE_KEY} in the field's metadata</td></tr>
 *   <tr><td>Utf8, LargeUtf8, Utf8View</td><td>String</td></tr>
 *   <tr><td>Binary, LargeBinary, BinaryView, FixedSizeBinary</td><td>Binary</td></tr>
 *   <tr><td>Date32, Date64</td><td>Date (Date64 milliseconds are floored to days)</td></tr>
 *   <tr><td>Timestamp with a time zone / without</td><td>TimestampType / TimestampNTZType, in
 *       microseconds: seconds and milliseconds are multiplied, nanoseconds floored</td></tr>
 *   <tr><td>Time32, Time64</td><td>Spark's {@code TimeType(6)} (nanoseconds of day) when the running Spark has it
 *       (4.1+; the class is looked up once, by reflection) and {@code spark.sql.timeType.enabled} is true
 *       (read at schema time); else LongType holding nanoseconds of the day. Readers accept either. A value
 *       outside one day (Arrow allows them) fails as TIME when its batch is loaded, and reads as LongType.</td></tr>
 *   <tr><td>Duration</td><td>DayTimeIntervalType (microseconds; nanoseconds truncated toward zero)</td></tr>
 *   <tr><td>Interval YearMonth</td><td>YearMonthIntervalType</td></tr>
 *   <tr><td>Interval DayTime, MonthDayNano</td><td>CalendarIntervalType (nanoseconds truncated toward zero to
 *       microseconds)</td></tr>
 *   <tr><td>List, LargeList, ListView, LargeListView, FixedSizeList</td><td>ArrayType (containsNull from
 *       the child's nullability)</td></tr>
 *   <tr><td>Struct</td><td>StructType</td></tr>
 *   <tr><td>Map</td><td>MapType (valueContainsNull from the value field)</td></tr>
 *   <tr><td>Union (sparse, dense)</td><td>StructType with one nullable field per member, named by the
 *       child names; in each row only the selected member is non-null</td></tr>
 *   <tr><td>Dictionary&lt;T&gt;, RunEndEncoded&lt;T&gt;</td><td>the mapping of T</td></tr>
 *   <tr><td>{@code arrow.bool8}, {@code arrow.uuid}, {@code arrow.parquet.variant} and Spark's own Arrow
 *       form of a variant</td><td>BooleanType, StringType (8-4-4-4-12), VariantType: see
 *       {@link CanonicalExtensions}</td></tr>
 *   <tr><td>{@code geoarrow.wkb}</td><td>GeometryType or GeographyType (Spark 4.2+), the CRS kept: see
 *       {@link GeoArrow}</td></tr>
 *   <tr><td>other extension types</td><td>the storage type; the field's metadata (with
 *       {@code ARROW:extension:name}) goes into the StructField's metadata (as for those above)</td></tr>
 * </table>
 *
 * <p>Sub-microsecond values: amounts (Duration, Interval MonthDayNano) are truncated toward zero, as Spark's own
 * {@code ArrowColumnVector}, pyarrow's and Polars' casts do, so that -1500 ns is -1 µs, the mirror of 1500 ns;
 * points in time (Timestamp) are floored, as {@code java.time} and Spark's conversions do, so that order is kept.
 *
 * <p>Field names repeated among siblings (Arrow allows it, Spark does not) are made unique, deterministically:
 * see {@link #uniqueNames}. The renamed field keeps its Arrow name under {@value #ARROW_NAME_KEY} in its
 * metadata; readers map Spark columns to Arrow fields by position, through the same renaming.
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

  /**
   * Whether {@code requested} is what {@code f} maps to, with Time as TimeType or as LongType and nested names
   * made unique case-sensitively or not (the schema may have been inferred under other settings than the
   * executor sees).
   */
  public static boolean readableAs(Field f, DataType requested) {
    if (f.type() instanceof ArrowType.Duration && requested instanceof org.apache.spark.sql.types.LongType) {
      return true; // its values in its own unit, exactly (read option arrowfile.durationAsLong)
    }
    String want = requested.catalogString();
    for (boolean cs : new boolean[] {false, true}) {
      if (dataType(f, f.name(), false, cs).catalogString().equals(want)) {
        return true;
      }
      DataType restored = restoredType(f, dataType(f, f.name(), TIME_TYPE != null, cs));
      if (restored != null && restored.catalogString().equals(want)) {
        return true;
      }
      if (TIME_TYPE != null && dataType(f, f.name(), true, cs).catalogString().equals(want)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code schema} with every Duration read as BIGINT of its unit: each DAY TO SECOND interval (the type Durations map
   * to, and the only Arrow type that maps to it), at any depth, becomes LongType. The read option
   * {@code arrowfile.durationAsLong}: the way to read durations that Spark's interval of microseconds cannot hold
   * (seconds or milliseconds beyond a long of microseconds) or holds truncated (nanoseconds).
   */
  public static StructType durationsAsLong(StructType schema) {
    return (StructType) durationsAsLong((DataType) schema);
  }

  private static DataType durationsAsLong(DataType t) {
    if (t instanceof DayTimeIntervalType) {
      return DataTypes.LongType;
    } else if (t instanceof StructType st) {
      StructField[] fields = st.fields().clone();
      for (int i = 0; i < fields.length; i++) {
        StructField f = fields[i];
        fields[i] = new StructField(f.name(), durationsAsLong(f.dataType()), f.nullable(), f.metadata());
      }
      return new StructType(fields);
    } else if (t instanceof ArrayType at) {
      return ArrayType.apply(durationsAsLong(at.elementType()), at.containsNull());
    } else if (t instanceof MapType mt) {
      return MapType.apply(durationsAsLong(mt.keyType()), durationsAsLong(mt.valueType()), mt.valueContainsNull());
    }
    return t;
  }

  /** Whether Spark compares column names case-sensitively now ({@code spark.sql.caseSensitive}). */
  public static boolean caseSensitive() {
    try {
      return org.apache.spark.sql.internal.SQLConf.get().caseSensitiveAnalysis();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  /** The metadata key holding a renamed field's name in the Arrow schema. */
  public static final String ARROW_NAME_KEY = "arrow.name";
  /** The metadata key holding the Arrow type of a column read as another kind of Spark type (wide decimals). */
  public static final String ARROW_TYPE_KEY = "arrow.type";

  /**
   * The Spark names of sibling Arrow fields named {@code names}, unique as Spark needs them: every name's first
   * occurrence keeps it; a later occurrence of {@code n} becomes {@code n_2}, {@code n_3}, ..., the first suffix
   * not taken by any sibling (original or renamed). Names are compared ignoring case unless
   * {@code caseSensitive} ({@code spark.sql.caseSensitive}). Position k of the result names field k.
   */
  public static String[] uniqueNames(List<String> names, boolean caseSensitive) {
    String[] out = names.toArray(new String[0]);
    java.util.Set<String> taken = new java.util.HashSet<>();
    boolean repeated = false;
    for (String n : out) {
      repeated |= !taken.add(key(n, caseSensitive));
    }
    if (!repeated) {
      return out;
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < out.length; i++) {
      if (seen.add(key(out[i], caseSensitive))) {
        continue; // the first occurrence keeps its name
      }
      String renamed;
      int k = 2;
      do {
        renamed = out[i] + "_" + k++;
      } while (taken.contains(key(renamed, caseSensitive)));
      taken.add(key(renamed, caseSensitive));
      seen.add(key(renamed, caseSensitive));
      out[i] = renamed;
    }
    return out;
  }

  private static String key(String name, boolean caseSensitive) {
    return caseSensitive ? name : name.toLowerCase(java.util.Locale.ROOT);
  }

  private static String[] uniqueNames(Schema schema, boolean caseSensitive) {
    return uniqueNames(schema.fields().stream().map(Field::name).toList(), caseSensitive);
  }

  /** The Spark names of the top-level columns of {@code schema}, by position (see {@link #uniqueNames}). */
  public static String[] columnNames(Schema schema, boolean caseSensitive) {
    return uniqueNames(schema, caseSensitive);
  }

  /**
   * The index of the top-level Arrow field that the Spark column {@code name} reads, or -1: looked up among
   * the Spark names ({@link #columnNames}), so a renamed repeated column finds its own field.
   */
  public static int columnIndex(Schema schema, String name, boolean caseSensitive) {
    return columnIndex(columnNames(schema, caseSensitive), name, caseSensitive);
  }

  /** The index of {@code name} among the Spark column names {@code names} (of {@link #columnNames}), or -1. */
  public static int columnIndex(String[] names, String name, boolean caseSensitive) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    if (!caseSensitive) {
      for (int i = 0; i < names.length; i++) {
        if (names[i].equalsIgnoreCase(name)) {
          return i;
        }
      }
    }
    return -1;
  }

  /** The Spark schema of an Arrow schema. */
  public static StructType schema(Schema schema) {
    return schema(schema, hasTimeType(), caseSensitive());
  }

  /** The Spark schema of an Arrow schema, Time columns as TimeType when {@code time}, else LongType. */
  public static StructType schema(Schema schema, boolean time) {
    return schema(schema, time, caseSensitive());
  }

  /**
   * The Spark schema of an Arrow schema, Time columns as TimeType when {@code time}, else LongType, repeated
   * names made unique ({@link #uniqueNames}) comparing them case-sensitively when {@code caseSensitive}.
   */
  public static StructType schema(Schema schema, boolean time, boolean caseSensitive) {
    schema = GeoArrow.withGeoMetadata(schema);
    String[] names = uniqueNames(schema, caseSensitive);
    List<StructField> fields = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      fields.add(topLevelField(schema.field(i), names[i], time, caseSensitive));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /**
   * The Spark field of a top-level Arrow field: when our writer recorded the exact Spark type
   * ({@value #SPARK_TYPE_KEY}: char/varchar, collations, UDTs, variant, ...) and it reads from the Arrow data,
   * that type; the Spark field metadata from {@value #SPARK_METADATA_KEY}; the other Arrow metadata as strings.
   */
  public static StructField topLevelField(Field f, boolean time) {
    return topLevelField(f, f.name(), time, caseSensitive());
  }

  private static StructField topLevelField(Field f, String name, boolean time, boolean caseSensitive) {
    StructField base = field(f, name, f.name(), time, caseSensitive);
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
    return new StructField(name, restored != null ? restored : base.dataType(), f.nullable(), md);
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
    } else if (SparkTypes.isVariant(t)) {
      if (SparkTypes.isVariant(mapped)) {
        return true;
      }
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
    return field(f, f.name(), path, hasTimeType(), caseSensitive());
  }

  /** The Spark field named {@code name} (the Arrow name, or the unique name it was given) of Arrow field f. */
  private static StructField field(Field f, String name, String path, boolean time, boolean caseSensitive) {
    DataType type = dataType(f, path, time, caseSensitive);
    return new StructField(name, type, f.nullable(), metadata(f, name, type));
  }

  private static Metadata metadata(Field f, String name, DataType type) {
    Map<String, String> md = f.metadata();
    boolean renamed = !name.equals(f.name());
    boolean retyped = type == DataTypes.StringType && valueType(f) instanceof ArrowType.Decimal;
    if (md.isEmpty() && !renamed && !retyped) {
      return Metadata.empty();
    }
    MetadataBuilder b = new MetadataBuilder();
    md.forEach((k, v) -> {
      if (!k.startsWith(SPARK_KEY_PREFIX)) { // our round-trip keys, restored into the type and metadata instead
        b.putString(k, v);
      }
    });
    if (renamed) {
      b.putString(ARROW_NAME_KEY, f.name());
    }
    if (retyped) {
      b.putString(ARROW_TYPE_KEY, valueType(f).toString());
    }
    return b.build();
  }

  /** The type of {@code f}'s values: a run-end encoded field's values type, else its own. */
  private static ArrowType valueType(Field f) {
    return f.type() instanceof ArrowType.RunEndEncoded ? f.child(1).type() : f.type();
  }

  /**
   * Whether Spark's DecimalType holds every value of Arrow decimal type {@code d}: precision 1 to 38 and
   * 0 &lt;= scale &lt;= precision. Other decimals read as strings.
   */
  public static boolean sparkDecimal(ArrowType.Decimal d) {
    return d.precision() >= 1 && d.precision() <= DecimalType.MAX_PRECISION() && d.scale() >= 0
        && d.scale() <= d.precision();
  }

  /**
   * The Spark type of the values of {@code f} (its dictionary's values when dictionary-encoded).
   *
   * @throws UnsupportedOperationException for a type Spark cannot read, naming the column {@code path}
   */
  public static DataType dataType(Field f, String path) {
    return dataType(f, path, hasTimeType(), caseSensitive());
  }

  private static DataType dataType(Field f, String path, boolean time, boolean cs) {
    DataType extension = CanonicalExtensions.sparkType(f, path);
    if (extension == null) {
      extension = GeoArrow.sparkType(f);
    }
    if (extension != null) {
      return extension;
    }
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
      // A decimal Spark cannot hold (Decimal256 beyond 38 digits, a negative scale) reads as its exact text,
      // rather than making the whole file unreadable.
      return sparkDecimal(d) ? DataTypes.createDecimalType(d.precision(), d.scale()) : DataTypes.StringType;
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
      return ArrayType.apply(dataType(child, path + "." + child.name(), time, cs), child.nullable());
    } else if (t instanceof ArrowType.Map) {
      Field entries = f.child(0);
      Field key = entries.child(0);
      Field value = entries.child(1);
      return DataTypes.createMapType(dataType(key, path + ".key", time, cs), dataType(value, path + ".value", time, cs),
          value.nullable());
    } else if (t instanceof ArrowType.Struct) {
      String[] names = uniqueNames(f.children().stream().map(Field::name).toList(), cs);
      List<StructField> fields = new ArrayList<>();
      for (int i = 0; i < names.length; i++) {
        Field c = f.child(i);
        fields.add(field(c, names[i], path + "." + names[i], time, cs));
      }
      return new StructType(fields.toArray(new StructField[0]));
    } else if (t instanceof ArrowType.Union) {
      String[] names = uniqueNames(f.children().stream().map(Field::name).toList(), cs);
      List<StructField> fields = new ArrayList<>();
      for (int i = 0; i < names.length; i++) {
        Field c = f.child(i);
        StructField sf = field(c, names[i], path + "." + names[i], time, cs);
        fields.add(new StructField(sf.name(), sf.dataType(), true, sf.metadata()));
      }
      return new StructType(fields.toArray(new StructField[0]));
    } else if (t instanceof ArrowType.RunEndEncoded) {
      Field values = f.child(1);
      return dataType(values, path, time, cs);
    }
    throw new UnsupportedOperationException("column '" + path + "' has type " + t + ", which Spark cannot read");
  }
}
