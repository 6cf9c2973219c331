package io.arrowfile.connector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.testing.SparkSessionExtension;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Every Arrow type reads through Spark with the documented mapping, from mapped and Hadoop-read files. */
class ArrowTypesReadTest {
  static SparkSession spark;
  @TempDir
  static Path dir;
  static Path file;
  static Path stream;

  static Field f(String name, ArrowType type, Field... children) {
    return Field.nullable(name, type, children);
  }

  static final Schema SCHEMA = Schema.of(
      f("b", new ArrowType.Bool()),
      f("i8", ArrowType.Int.INT8),
      f("i16", ArrowType.Int.INT16),
      f("i32", ArrowType.Int.INT32),
      f("i64", ArrowType.Int.INT64),
      f("u8", ArrowType.Int.UINT8),
      f("u16", ArrowType.Int.UINT16),
      f("u32", ArrowType.Int.UINT32),
      f("u64", ArrowType.Int.UINT64),
      f("f16", new ArrowType.FloatingPoint(Precision.HALF)),
      f("f32", new ArrowType.FloatingPoint(Precision.SINGLE)),
      f("f64", new ArrowType.FloatingPoint(Precision.DOUBLE)),
      f("dec", new ArrowType.Decimal(10, 2, 128)),
      f("bigdec", new ArrowType.Decimal(30, 5, 128)),
      f("dec256", new ArrowType.Decimal(20, 3, 256)),
      f("dec64", new ArrowType.Decimal(12, 1, 64)),
      f("s", new ArrowType.Utf8()),
      f("ls", new ArrowType.LargeUtf8()),
      f("sv", new ArrowType.Utf8View()),
      f("bin", new ArrowType.Binary()),
      f("bv", new ArrowType.BinaryView()),
      f("fsb", new ArrowType.FixedSizeBinary(3)),
      f("d32", new ArrowType.Date(DateUnit.DAY)),
      f("d64", new ArrowType.Date(DateUnit.MILLISECOND)),
      f("ts_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
      f("ts_ntz", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
      f("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")),
      f("t32", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
      f("t64", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
      f("dur", new ArrowType.Duration(TimeUnit.MILLISECOND)),
      f("ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
      f("dt", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
      f("mdn", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
      f("list", new ArrowType.List(), f("item", ArrowType.Int.INT32)),
      f("llist", new ArrowType.LargeList(), f("item", new ArrowType.Utf8())),
      f("fsl", new ArrowType.FixedSizeList(2), f("item", ArrowType.Int.INT64)),
      f("st", new ArrowType.Struct(), f("a", ArrowType.Int.INT32), f("b", new ArrowType.Utf8())),
      f("m", new ArrowType.Map(false), Field.notNull("entries", new ArrowType.Struct(),
          Field.notNull("key", new ArrowType.Utf8()), f("value", ArrowType.Int.INT32))),
      f("su", new ArrowType.Union(UnionMode.SPARSE, new int[] {5, 7}), f("i", ArrowType.Int.INT32),
          f("s", new ArrowType.Utf8())),
      f("du", new ArrowType.Union(UnionMode.DENSE, null), f("i", ArrowType.Int.INT32), f("s", new ArrowType.Utf8())),
      f("ree", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
          f("values", new ArrowType.Utf8())),
      f("nul", new ArrowType.Null()),
      new Field("ext", true, new ArrowType.FixedSizeBinary(16), null, null,
          Map.of(Field.EXTENSION_NAME, "arrow.uuid", Field.EXTENSION_METADATA, "")));

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static Object[] row0() {
    return new Object[] {true, (byte) 1, (short) -2, 3, 4L, (short) 255, 65535, 4294967295L,
        new BigInteger("18446744073709551615"), 1.5f, 2.25f, 3.125, new BigDecimal("123.45"),
        new BigDecimal("1234567890123456789012.34567"), new BigDecimal("-12345678901234567.890"),
        new BigDecimal("-12.3"),
        "hello", "large", "a view string longer than 12", bytes("bin"), bytes("bv"), bytes("abc"),
        19000, 19000L * 86_400_000L, 1_700_000_000_123L, 1_700_000_000_123_456_789L, 1_700_000_000L,
        3_723_004, 3_723_000_005L, 90_061_001L, 14, new IntervalDayTime(3, 4005),
        new IntervalMonthDayNano(1, 2, 3_000_999L),
        List.of(1, 2, 3), List.of("x", "y"), List.of(10L, 20L), List.of(7, "seven"),
        List.of(new SimpleEntry<>("k1", 1), new SimpleEntry<>("k2", null)),
        new UnionValue((byte) 5, 42), new UnionValue((byte) 1, "dense"), "run", null,
        bytes("0123456789abcdef")};
  }

  static Object[] row1() {
    return new Object[] {false, (byte) -128, Short.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, (short) 0, 0, 0L,
        BigInteger.ONE, -0.5f, Float.MAX_VALUE, -1e300, new BigDecimal("-0.01"),
        new BigDecimal("-0.00001"), new BigDecimal("0.000"), new BigDecimal("0.0"),
        "", "ü", "short", new byte[0], bytes("a longer binary view value"), bytes("xyz"),
        -1, -86_400_000L, -1L, -1L, 0L, 0, 0L, -1L, -14, new IntervalDayTime(-1, -1),
        new IntervalMonthDayNano(-1, -2, -1L),
        List.of(), List.of(), List.of(-1L, -2L), List.of(8, "eight"), List.of(),
        new UnionValue((byte) 7, "str"), new UnionValue((byte) 0, 9), "run", null,
        bytes("fedcba9876543210")};
  }

  static Object[] row2() {
    Object[] r = new Object[SCHEMA.fields().size()];
    r[SCHEMA.indexOf("su")] = new UnionValue((byte) 5, null);
    r[SCHEMA.indexOf("du")] = new UnionValue((byte) 1, null);
    r[SCHEMA.indexOf("ree")] = "other";
    return r;
  }

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(Fixtures::spark).into(s -> spark = s);

  @BeforeAll
  static void setUp() throws Exception {
    List<Object[]> first = new ArrayList<>();
    first.add(row0());
    first.add(row1());
    List<Object[]> second = new ArrayList<>();
    second.add(row2());
    file = Fixtures.writeFile(dir.resolve("file/types.arrow"), SCHEMA, first, List.of(), second);
    stream = Fixtures.writeStream(dir.resolve("stream/types.arrows"), SCHEMA, first, second);
  }

  @Test
  void dictionaries() throws Exception {
    Schema schema = Schema.of(
        new Field("dict", true, new ArrowType.Utf8(), new DictionaryEncoding(1, ArrowType.Int.INT16, false), null, null),
        new Field("udict", true, ArrowType.Int.INT64, new DictionaryEncoding(2, ArrowType.Int.UINT8, false), null, null),
        new Field("ldict", true, new ArrowType.List(), new DictionaryEncoding(3, ArrowType.Int.INT32, false),
            List.of(f("item", ArrowType.Int.INT32)), null));
    List<Object[]> rows = List.of(new Object[] {"red", 10L, List.of(1, 2)}, new Object[] {"green", 20L, List.of()},
        new Object[] {null, null, null}, new Object[] {"red", 10L, List.of(1, 2)});
    Path p = Fixtures.writeFile(dir.resolve("dict/d.arrow"), schema, rows);
    for (boolean hadoop : new boolean[] {false, true}) {
      List<Row> got = read(p, hadoop).collectAsList();
      assertEquals(4, got.size());
      assertEquals("red", got.get(0).get(0));
      assertEquals(10L, got.get(0).get(1));
      assertEquals(List.of(1, 2), got.get(0).getList(2));
      assertEquals("green", got.get(1).get(0));
      assertEquals(List.of(), got.get(1).getList(2));
      assertNull(got.get(2).get(0));
      assertNull(got.get(2).get(1));
      assertNull(got.get(2).get(2));
      assertEquals("red", got.get(3).get(0));
    }
    assertEquals(2L, read(p, false).where("dict = 'red'").count());
  }

  Dataset<Row> read(Path path, boolean hadoop) {
    return spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, hadoop).load(path.toString());
  }

  @Test
  void schemaMapping() {
    StructType s = read(file, false).schema();
    assertEquals(DataTypes.BooleanType, s.apply("b").dataType());
    assertEquals(DataTypes.ShortType, s.apply("u8").dataType());
    assertEquals(DataTypes.IntegerType, s.apply("u16").dataType());
    assertEquals(DataTypes.LongType, s.apply("u32").dataType());
    assertEquals(new DecimalType(20, 0), s.apply("u64").dataType());
    assertEquals(DataTypes.FloatType, s.apply("f16").dataType());
    assertEquals(new DecimalType(30, 5), s.apply("bigdec").dataType());
    assertEquals(DataTypes.StringType, s.apply("sv").dataType());
    assertEquals(DataTypes.BinaryType, s.apply("fsb").dataType());
    assertEquals(DataTypes.DateType, s.apply("d64").dataType());
    assertEquals(DataTypes.TimestampType, s.apply("ts_utc").dataType());
    assertEquals(DataTypes.TimestampNTZType, s.apply("ts_ntz").dataType());
    assertEquals(ArrowToSpark.timeType(), s.apply("t64").dataType());
    assertEquals(DataTypes.CalendarIntervalType, s.apply("mdn").dataType());
    assertEquals("struct<i:int,s:string>", s.apply("su").dataType().catalogString());
    assertEquals(DataTypes.StringType, s.apply("ree").dataType());
    assertEquals(DataTypes.NullType, s.apply("nul").dataType());
    assertEquals("arrow.uuid", s.apply("ext").metadata().getString(Field.EXTENSION_NAME));
  }

  @Test
  void valuesFromMappedFile() {
    check(read(file, false));
  }

  @Test
  void valuesFromHadoopReadFile() {
    check(read(file, true));
  }

  @Test
  void valuesFromStreamFormat() {
    check(read(stream, false));
    check(read(stream, true));
  }

  @Test
  void valuesThroughRowPath() {
    // no whole-stage codegen: Spark asks for rows, not batches
    spark.conf().set("spark.sql.codegen.wholeStage", "false");
    try {
      check(read(file, false));
      check(spark.sql("SELECT * FROM arrowfile.`" + file + "`"));
    } finally {
      spark.conf().unset("spark.sql.codegen.wholeStage");
    }
  }

  @Test
  void valuesThroughV1() {
    check(spark.sql("SELECT * FROM arrowfile.`" + file + "`"));
  }

  static void check(Dataset<Row> df) {
    List<Row> rows = df.collectAsList();
    assertEquals(3, rows.size());
    Row r = rows.get(0);
    assertEquals(true, r.getAs("b"));
    assertEquals((byte) 1, (byte) r.getAs("i8"));
    assertEquals((short) -2, (short) r.getAs("i16"));
    assertEquals(3, (int) r.getAs("i32"));
    assertEquals(4L, (long) r.getAs("i64"));
    assertEquals((short) 255, (short) r.getAs("u8"));
    assertEquals(65535, (int) r.getAs("u16"));
    assertEquals(4294967295L, (long) r.getAs("u32"));
    assertEquals(new BigDecimal("18446744073709551615"), r.getAs("u64"));
    assertEquals(1.5f, (float) r.getAs("f16"));
    assertEquals(2.25f, (float) r.getAs("f32"));
    assertEquals(3.125, (double) r.getAs("f64"));
    assertEquals(new BigDecimal("123.45"), r.getAs("dec"));
    assertEquals(new BigDecimal("1234567890123456789012.34567"), r.getAs("bigdec"));
    assertEquals(new BigDecimal("-12345678901234567.890"), r.getAs("dec256"));
    assertEquals(new BigDecimal("-12.3"), r.getAs("dec64"));
    assertEquals("hello", r.getAs("s"));
    assertEquals("large", r.getAs("ls"));
    assertEquals("a view string longer than 12", r.getAs("sv"));
    assertArrayEquals(bytes("bin"), (byte[]) r.getAs("bin"));
    assertArrayEquals(bytes("bv"), (byte[]) r.getAs("bv"));
    assertArrayEquals(bytes("abc"), (byte[]) r.getAs("fsb"));
    assertEquals(LocalDate.ofEpochDay(19000), r.getAs("d32"));
    assertEquals(LocalDate.ofEpochDay(19000), r.getAs("d64"));
    assertEquals(Instant.ofEpochMilli(1_700_000_000_123L), r.getAs("ts_utc"));
    assertEquals(LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_456_000), r.getAs("ts_ntz"));
    assertEquals(Instant.ofEpochSecond(1_700_000_000L), r.getAs("ts_s"));
    Object t32 = r.getAs("t32");
    Object t64 = r.getAs("t64");
    if (ArrowToSpark.hasTimeType()) {
      assertEquals(java.time.LocalTime.of(1, 2, 3, 4_000_000), t32);
      assertEquals(java.time.LocalTime.of(1, 2, 3, 5_000), t64);
    } else {
      assertEquals(3_723_004_000_000L, t32);
      assertEquals(3_723_000_005_000L, t64);
    }
    assertEquals(Duration.ofMillis(90_061_001L), r.getAs("dur"));
    assertEquals(Period.ofMonths(14).normalized(), ((Period) r.getAs("ym")).normalized());
    assertEquals(new CalendarInterval(0, 3, 4_005_000L), r.getAs("dt"));
    assertEquals(new CalendarInterval(1, 2, 3_000L), r.getAs("mdn"));
    assertEquals(List.of(1, 2, 3), r.getList(r.fieldIndex("list")));
    assertEquals(List.of("x", "y"), r.getList(r.fieldIndex("llist")));
    assertEquals(List.of(10L, 20L), r.getList(r.fieldIndex("fsl")));
    Row st = r.getStruct(r.fieldIndex("st"));
    assertEquals(7, st.getInt(0));
    assertEquals("seven", st.getString(1));
    Map<Object, Object> m = new LinkedHashMap<>(r.getJavaMap(r.fieldIndex("m")));
    assertEquals(2, m.size());
    assertEquals(1, m.get("k1"));
    assertTrue(m.containsKey("k2") && m.get("k2") == null);
    Row su = r.getStruct(r.fieldIndex("su"));
    assertEquals(42, su.get(0));
    assertNull(su.get(1));
    Row du = r.getStruct(r.fieldIndex("du"));
    assertNull(du.get(0));
    assertEquals("dense", du.get(1));
    assertEquals("run", r.getAs("ree"));
    assertNull(r.getAs("nul"));
    // arrow.uuid reads as its canonical string (CanonicalExtensionTypesTest): the 16 bytes of "0123456789abcdef"
    assertEquals("30313233-3435-3637-3839-616263646566", r.getAs("ext"));

    Row r1 = rows.get(1);
    assertEquals(false, r1.getAs("b"));
    assertEquals((byte) -128, (byte) r1.getAs("i8"));
    assertEquals(Long.MAX_VALUE, (long) r1.getAs("i64"));
    assertEquals(new BigDecimal("1"), r1.getAs("u64"));
    assertEquals(-0.5f, (float) r1.getAs("f16"));
    assertEquals(new BigDecimal("-0.01"), r1.getAs("dec"));
    assertEquals("", r1.getAs("s"));
    assertEquals("ü", r1.getAs("ls"));
    assertEquals("short", r1.getAs("sv"));
    assertArrayEquals(new byte[0], (byte[]) r1.getAs("bin"));
    assertArrayEquals(bytes("a longer binary view value"), (byte[]) r1.getAs("bv"));
    assertEquals(LocalDate.ofEpochDay(-1), r1.getAs("d32"));
    assertEquals(LocalDate.ofEpochDay(-1), r1.getAs("d64"));
    assertEquals(Instant.ofEpochMilli(-1), r1.getAs("ts_utc"));
    assertEquals(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), r1.getAs("ts_ntz"));
    assertEquals(new CalendarInterval(0, -1, -1000L), r1.getAs("dt"));
    assertEquals(new CalendarInterval(-1, -2, 0L), r1.getAs("mdn")); // -1 ns truncates toward zero
    assertEquals(List.of(), r1.getList(r1.fieldIndex("list")));
    assertEquals(0, r1.getJavaMap(r1.fieldIndex("m")).size());
    Row su1 = r1.getStruct(r1.fieldIndex("su"));
    assertNull(su1.get(0));
    assertEquals("str", su1.get(1));
    Row du1 = r1.getStruct(r1.fieldIndex("du"));
    assertEquals(9, du1.get(0));
    assertNull(du1.get(1));
    assertEquals("run", r1.getAs("ree"));

    Row r2 = rows.get(2);
    for (String name : List.of("b", "i8", "u64", "f16", "dec", "bigdec", "s", "sv", "bin", "fsb", "d64", "ts_ntz",
        "t32", "dur", "ym", "dt", "mdn", "list", "fsl", "st", "m", "nul", "ext")) {
      assertNull(r2.get(r2.fieldIndex(name)), name);
    }
    Row su2 = r2.getStruct(r2.fieldIndex("su"));
    assertNull(su2.get(0));
    assertNull(su2.get(1));
    assertEquals("other", r2.getAs("ree"));
  }
}
