package io.arrowfile.connector;

import io.arrowfile.testing.SparkLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read rules for what Spark has no exact type for (docs/types.md, "Arrow to Spark (reading)"): sub-microsecond
 * amounts truncate and points in time floor; times beyond one day; decimals wider than Spark's; repeated names.
 */
class ReadRulesTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(Fixtures::spark).into(s -> spark = s);

  static Field f(String name, ArrowType type, Field... children) {
    return Field.nullable(name, type, children);
  }

  static Dataset<Row> read(Path p) {
    return spark.read().format("arrowfile").load(p.toString());
  }

  static Dataset<Row> read(Path p, boolean hadoop) {
    return spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, hadoop).load(p.toString());
  }

  /** The rows of {@code df} in Spark's internal form: microseconds, CalendarIntervals, as Spark holds them. */
  static InternalRow[] internalRows(Dataset<Row> df) {
    return (InternalRow[]) df.queryExecution().executedPlan().executeCollect();
  }

  /** Runs {@code body} with Spark's TIME type on or off (it maps Arrow times at schema time). */
  static void withTimeType(boolean on, Runnable body) {
    spark.conf().set("spark.sql.timeType.enabled", String.valueOf(on));
    try {
      body.run();
    } finally {
      spark.conf().unset("spark.sql.timeType.enabled");
    }
  }

  /** An IPC file of one record batch per element of {@code batches}, with {@code footer} metadata. */
  @SafeVarargs
  static Path writeFile(String name, Schema schema, Map<String, String> footer, List<Object[]>... batches)
      throws Exception {
    Path path = dir.resolve(name + "/" + name + ".arrow");
    Files.createDirectories(path.getParent());
    try (ArrowFileWriter w = ArrowFileWriter.create(path, schema, WriteOptions.DEFAULT)) {
      w.setFooterMetadata(footer);
      for (List<Object[]> rows : batches) {
        w.write(Fixtures.batch(schema, rows));
      }
    }
    return path;
  }

  // ------------------------------------------------------------------ 1. sub-microsecond values

  /** Durations and intervals (amounts), timestamps and times (points), every unit, negative values first. */
  static final Schema TEMPORAL = Schema.of(
      f("dur_s", new ArrowType.Duration(TimeUnit.SECOND)),
      f("dur_ms", new ArrowType.Duration(TimeUnit.MILLISECOND)),
      f("dur_us", new ArrowType.Duration(TimeUnit.MICROSECOND)),
      f("dur_ns", new ArrowType.Duration(TimeUnit.NANOSECOND)),
      f("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")),
      f("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
      f("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
      f("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
      f("ntz_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
      f("t32_s", new ArrowType.Time(TimeUnit.SECOND, 32)),
      f("t32_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
      f("t64_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
      f("t64_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
      f("ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
      f("dt", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
      f("mdn", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)));

  static final long[] SECONDS = {-2, -1, 0, 1, 2};
  static final long[] MILLIS = {-1500, -1, 0, 1, 1500};
  static final long[] NANOS = {-1500, -999, -1, 1, 1500};

  static List<Object[]> temporalRows() {
    List<Object[]> rows = new ArrayList<>();
    for (int r = 0; r < 5; r++) {
      rows.add(new Object[] {SECONDS[r], MILLIS[r], MILLIS[r], NANOS[r],
          SECONDS[r], MILLIS[r], MILLIS[r], NANOS[r], NANOS[r],
          (int) SECONDS[r], (int) MILLIS[r], MILLIS[r], NANOS[r],
          (int) MILLIS[r] / 100, new IntervalDayTime((int) SECONDS[r], (int) MILLIS[r]),
          new IntervalMonthDayNano((int) SECONDS[r], (int) -SECONDS[r], NANOS[r])});
    }
    return rows;
  }

  @Test
  void subMicrosecondAmountsTruncateAndPointsInTimeFloor() throws Exception {
    Path p = writeFile("temporal", TEMPORAL, Map.of(), temporalRows());
    withTimeType(false, () -> {
      for (boolean hadoop : new boolean[] {false, true}) {
        InternalRow[] rows = internalRows(read(p, hadoop));
        assertEquals(5, rows.length);
        for (int r = 0; r < 5; r++) {
          InternalRow row = rows[r];
          String at = "row " + r + (hadoop ? " (hadoop)" : "");
          // durations, in microseconds: -1500 ns is -1 µs, the mirror of 1500 ns; -999 ns is 0
          assertEquals(SECONDS[r] * 1_000_000, row.getLong(0), at);
          assertEquals(MILLIS[r] * 1_000, row.getLong(1), at);
          assertEquals(MILLIS[r], row.getLong(2), at);
          assertEquals(new long[] {-1, 0, 0, 0, 1}[r], row.getLong(3), at);
          // timestamps, in microseconds: -1 ns is the microsecond before the epoch
          assertEquals(SECONDS[r] * 1_000_000, row.getLong(4), at);
          assertEquals(MILLIS[r] * 1_000, row.getLong(5), at);
          assertEquals(MILLIS[r], row.getLong(6), at);
          assertEquals(new long[] {-2, -1, -1, 0, 1}[r], row.getLong(7), at);
          assertEquals(new long[] {-2, -1, -1, 0, 1}[r], row.getLong(8), at);
          // times (BIGINT nanoseconds of the day with TIME off): exact, whatever the sign
          assertEquals(SECONDS[r] * 1_000_000_000, row.getLong(9), at);
          assertEquals(MILLIS[r] * 1_000_000, row.getLong(10), at);
          assertEquals(MILLIS[r] * 1_000, row.getLong(11), at);
          assertEquals(NANOS[r], row.getLong(12), at);
          // intervals: months exact, day-time milliseconds exact, month-day-nano nanoseconds truncated
          assertEquals((int) MILLIS[r] / 100, row.getInt(13), at);
          assertEquals(new CalendarInterval(0, (int) SECONDS[r], MILLIS[r] * 1_000), row.getInterval(14), at);
          assertEquals(new CalendarInterval((int) SECONDS[r], (int) -SECONDS[r], new long[] {-1, 0, 0, 0, 1}[r]),
              row.getInterval(15), at);
        }
      }
    });
    // Row values too: java.time.Duration of -1 µs, Instant one microsecond before the epoch
    withTimeType(false, () -> {
      List<Row> rows = read(p).collectAsList();
      assertEquals(java.time.Duration.ofNanos(-1_000), rows.get(0).getAs("dur_ns"));
      assertEquals(java.time.Duration.ZERO, rows.get(1).getAs("dur_ns"));
      assertEquals(java.time.Instant.ofEpochSecond(0, -2_000), rows.get(0).getAs("ts_ns"));
      assertEquals(java.time.Instant.ofEpochSecond(0, -1_000), rows.get(2).getAs("ts_ns"));
    });
  }

  /**
   * Where Spark's own Arrow reader ({@code ArrowColumnVector} over Arrow Java vectors) takes the type, it gives
   * what we give for the same values: MonthDayNano truncated, Duration/Timestamp in µs and Time in ns as they are.
   */
  @Test
  void sameValuesAsSparksArrowColumnVector() throws Exception {
    SparkLine.assumeArrowMonthDayNano();
    Path p = writeFile("temporal-acv", TEMPORAL, Map.of(), temporalRows());
    InternalRow[] ours = internalRows(read(p).select("dur_us", "ts_us", "ym", "mdn", "t64_ns"));
    try (BufferAllocator allocator = new RootAllocator();
        DurationVector dur = new DurationVector("dur_us", FieldType.nullable(
            new org.apache.arrow.vector.types.pojo.ArrowType.Duration(
                org.apache.arrow.vector.types.TimeUnit.MICROSECOND)), allocator);
        TimeStampMicroTZVector ts = new TimeStampMicroTZVector("ts_us", allocator, "UTC");
        IntervalYearVector ym = new IntervalYearVector("ym", allocator);
        IntervalMonthDayNanoVector mdn = new IntervalMonthDayNanoVector("mdn", allocator);
        TimeNanoVector time = new TimeNanoVector("t64_ns", allocator)) {
      for (int r = 0; r < 5; r++) {
        dur.setSafe(r, MILLIS[r]);
        ts.setSafe(r, MILLIS[r]);
        ym.setSafe(r, (int) MILLIS[r] / 100);
        mdn.setSafe(r, (int) SECONDS[r], (int) -SECONDS[r], NANOS[r]);
        time.setSafe(r, NANOS[r]);
      }
      for (org.apache.arrow.vector.ValueVector v : List.of(dur, ts, ym, mdn, time)) {
        v.setValueCount(5);
      }
      ArrowColumnVector sparkDur = new ArrowColumnVector(dur);
      ArrowColumnVector sparkTs = new ArrowColumnVector(ts);
      ArrowColumnVector sparkYm = new ArrowColumnVector(ym);
      ArrowColumnVector sparkMdn = new ArrowColumnVector(mdn);
      assertEquals(DataTypes.CalendarIntervalType, sparkMdn.dataType());
      for (int r = 0; r < 5; r++) {
        assertEquals(sparkDur.getLong(r), ours[r].getLong(0), "duration row " + r);
        assertEquals(sparkTs.getLong(r), ours[r].getLong(1), "timestamp row " + r);
        assertEquals(sparkYm.getInt(r), ours[r].getInt(2), "year-month row " + r);
        assertEquals(sparkMdn.getInterval(r), ours[r].getInterval(3), "month-day-nano row " + r);
      }
      assertEquals(new CalendarInterval(-2, 2, -1), sparkMdn.getInterval(0)); // Spark truncates -1500 ns too
      if (ArrowToSpark.sparkHasTimeType()) { // Spark 4.1+ maps Time64(ns) to TIME: nanoseconds as they are
        ArrowColumnVector sparkTime = new ArrowColumnVector(time);
        for (int r = 0; r < 5; r++) {
          assertEquals(sparkTime.getLong(r), ours[r].getLong(4), "time row " + r);
        }
      }
    }
  }

  // ------------------------------------------------------------------ 2. times beyond one day

  static final long DAY_NS = 86_400_000_000_000L;

  @Test
  void timesBeyondOneDayFailAtBatchLoadWithSparkTimeTypeAndReadAsNanosWithout() throws Exception {
    Schema schema = Schema.of(f("id", ArrowType.Int.INT32), f("t", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
        f("st", new ArrowType.Struct(), f("t", new ArrowType.Time(TimeUnit.MILLISECOND, 32))));
    // Arrow C++'s golden files hold 24:00:00 (one day exactly); a negative time is as foreign to TIME
    Path day = writeFile("time-day", schema, Map.of(), List.of(
        new Object[] {1, 0L, List.of(0)}, new Object[] {2, DAY_NS - 1, List.of(1)}, new Object[] {3, DAY_NS, null}));
    Path negative = writeFile("time-negative", schema, Map.of(), List.of(
        new Object[] {1, 5L, List.of(-1)}, new Object[] {2, null, null}));

    withTimeType(false, () -> {
      List<Row> rows = read(day).orderBy("id").collectAsList();
      assertEquals(DataTypes.LongType, read(day).schema().apply("t").dataType());
      assertEquals(DAY_NS - 1, rows.get(1).getLong(1));
      assertEquals(DAY_NS, rows.get(2).getLong(1));
      assertEquals(-1_000_000L, read(negative).collectAsList().get(0).getStruct(2).getLong(0));
    });

    Assumptions.assumeTrue(ArrowToSpark.sparkHasTimeType(), "Spark before 4.1 has no TIME type");
    withTimeType(true, () -> {
      // the schema, the other columns and count(*) read: nothing loads the time values
      assertEquals(ArrowToSpark.timeType(), read(day).schema().apply("t").dataType());
      assertEquals(3, read(day).count());
      assertEquals(List.of(1, 2, 3), read(day).select("id").orderBy("id").collectAsList().stream()
          .map(r -> r.getInt(0)).toList());
      assertEquals(2, read(day).where("id < 3").select("id").count());
      for (boolean hadoop : new boolean[] {false, true}) {
        assertTimeError(() -> read(day, hadoop).collectAsList(), day, "t", "time value 86400000000000 ns");
      }
      assertTimeError(() -> spark.sql("SELECT t FROM arrowfile.`" + day + "`").collectAsList(), day, "t",
          "time value 86400000000000 ns");
      // nested, and negative; a null slot is not a value
      assertTimeError(() -> read(negative).select("st").collectAsList(), negative, "st", "time value -1 ms");
      assertEquals(java.time.LocalTime.ofNanoOfDay(5), read(negative).select("t").collectAsList().get(0).get(0));
    });
  }

  /**
   * Seconds and milliseconds reach further than Spark's microseconds in a long: such a value fails as its batch
   * loads, naming it, instead of wrapping into another instant (seen on durations apache-arrow wrote).
   */
  @Test
  void timestampsAndDurationsBeyondSparksMicrosecondsFailAtBatchLoad() throws Exception {
    Schema schema = Schema.of(f("id", ArrowType.Int.INT32), f("ts", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")),
        f("dur", new ArrowType.Duration(TimeUnit.MILLISECOND)));
    long maxSeconds = Long.MAX_VALUE / 1_000_000L;
    long maxMillis = Long.MAX_VALUE / 1_000L;
    Path edge = writeFile("micros-edge", schema, Map.of(), List.of(
        new Object[] {1, maxSeconds, -maxMillis}, new Object[] {2, null, null}));
    Path tooLate = writeFile("micros-ts-beyond", schema, Map.of(), List.of(
        new Object[] {1, 0L, 0L}, new Object[] {2, maxSeconds + 1, 0L}));
    Path tooLong = writeFile("micros-dur-beyond", schema, Map.of(), List.<Object[]>of(
        new Object[] {1, 0L, -maxMillis - 1}));

    InternalRow[] rows = internalRows(read(edge).orderBy("id"));
    assertEquals(maxSeconds * 1_000_000L, rows[0].getLong(1));
    assertEquals(-maxMillis * 1_000L, rows[0].getLong(2));
    assertEquals(2, read(tooLate).select("id", "dur").collectAsList().size());
    assertTimeError(() -> read(tooLate).collectAsList(), tooLate, "ts",
        "timestamp value " + (maxSeconds + 1) + " s is beyond what Spark's TimestampType holds");
    assertTimeError(() -> read(tooLong).select("dur").collectAsList(), tooLong, "dur",
        "duration value " + (-maxMillis - 1) + " ms is beyond what Spark's DayTimeIntervalType holds");
  }

  static void assertTimeError(org.junit.jupiter.api.function.Executable read, Path file, String column,
      String value) {
    Exception e = assertThrows(Exception.class, read);
    String msg = SparkTesting.messages(e);
    assertTrue(msg.contains(io.arrowfile.columnar.ArrowFormatException.class.getName()), msg);
    assertTrue(msg.contains(file.getFileName().toString()), msg);
    assertTrue(msg.contains("field '" + column + "'"), msg);
    assertTrue(msg.contains(value), msg);
    assertFalse(msg.contains("EXPRESSION_DECODING_FAILED"), msg);
  }

  // ------------------------------------------------------------------ 3. decimals wider than Spark's

  static final String HUGE = "-1234567890123456789012345678901234567890123456789012345678901234567.001";

  @Test
  void decimalsSparkCannotHoldReadAsExactText() throws Exception {
    Schema schema = Schema.of(f("id", ArrowType.Int.INT64), f("wide", new ArrowType.Decimal(76, 3, 256)),
        f("neg", new ArrowType.Decimal(5, -2, 128)), f("ok", new ArrowType.Decimal(38, 2, 256)));
    List<Object[]> first = List.of(
        new Object[] {1L, new BigDecimal("-12345.678"), new BigDecimal(BigInteger.valueOf(123), -2),
            new BigDecimal("1.25")},
        new Object[] {2L, new BigDecimal(HUGE), null, new BigDecimal("-0.01")});
    List<Object[]> second = List.of(
        new Object[] {3L, null, new BigDecimal(BigInteger.valueOf(-5), -2), null},
        new Object[] {4L, new BigDecimal("0.000"), null, null});
    // statistics as our writer records them, for every column: lookups must not trip on the text column
    String stats = "{\"version\":1,\"columns\":[{\"name\":\"id\",\"type\":\"int64\"},"
        + "{\"name\":\"wide\",\"type\":\"decimal256(76, 3)\"},{\"name\":\"neg\",\"type\":\"decimal128(5, -2)\"},"
        + "{\"name\":\"ok\",\"type\":\"decimal256(38, 2)\"}],\"batches\":["
        + "{\"rows\":2,\"columns\":[{\"nullCount\":0,\"min\":1,\"max\":2},"
        + "{\"nullCount\":0,\"min\":\"" + HUGE + "\",\"max\":\"-12345.678\"},{\"nullCount\":1,\"min\":\"12300\","
        + "\"max\":\"12300\"},{\"nullCount\":0,\"min\":\"-0.01\",\"max\":\"1.25\"}]},"
        + "{\"rows\":2,\"columns\":[{\"nullCount\":0,\"min\":3,\"max\":4},"
        + "{\"nullCount\":1,\"min\":\"0.000\",\"max\":\"0.000\"},{\"nullCount\":1,\"min\":\"-500\",\"max\":\"-500\"},"
        + "{\"nullCount\":2}]}]}";
    Path p = writeFile("wide-decimal", schema, Map.of(FileStatistics.KEY, stats), first, second);

    StructType s = read(p).schema();
    assertEquals(DataTypes.StringType, s.apply("wide").dataType());
    assertEquals("decimal256(76, 3)", s.apply("wide").metadata().getString(ArrowToSpark.ARROW_TYPE_KEY));
    assertEquals(DataTypes.StringType, s.apply("neg").dataType());
    assertEquals("decimal128(5, -2)", s.apply("neg").metadata().getString(ArrowToSpark.ARROW_TYPE_KEY));
    assertEquals(DataTypes.createDecimalType(38, 2), s.apply("ok").dataType());
    assertFalse(s.apply("ok").metadata().contains(ArrowToSpark.ARROW_TYPE_KEY));

    for (boolean hadoop : new boolean[] {false, true}) {
      List<Row> rows = read(p, hadoop).orderBy("id").collectAsList();
      assertEquals("-12345.678", rows.get(0).getAs("wide")); // plain notation, every digit
      assertEquals("12300", rows.get(0).getAs("neg"));
      assertEquals(HUGE, rows.get(1).getAs("wide"));
      assertNull(rows.get(2).getAs("wide"));
      assertEquals("-500", rows.get(2).getAs("neg"));
      assertEquals("0.000", rows.get(3).getAs("wide"));
      assertEquals(new BigDecimal("-0.01"), rows.get(1).getAs("ok"));
      // not selecting it, filtering other columns (statistics skip the first batch), counting
      Dataset<Row> later = read(p, hadoop).where("id > 2").select("id", "wide");
      assertEquals(List.of(3L, 4L), longs(later));
      assertEquals(1, batchesSkipped(later));
      assertEquals(4, read(p, hadoop).count());
      assertEquals(2, read(p, hadoop).where("ok IS NOT NULL").count());
      // filters on it compare text
      assertEquals(1, read(p, hadoop).where("wide = '-12345.678'").count());
      assertEquals(List.of(2L), read(p, hadoop).where("wide = '" + HUGE + "'").select("id").collectAsList()
          .stream().map(r -> r.getLong(0)).toList());
      assertEquals(new BigDecimal("-12345.678"), read(p, hadoop).where("id = 1")
          .selectExpr("cast(wide as decimal(38, 3))").collectAsList().get(0).get(0));
    }
    assertEquals(4, spark.sql("SELECT count(*) FROM arrowfile.`" + p + "`").collectAsList().get(0).getLong(0));
    assertEquals(HUGE, spark.sql("SELECT wide FROM arrowfile.`" + p + "` WHERE id = 2").collectAsList().get(0)
        .get(0));
  }

  // ------------------------------------------------------------------ 4. repeated names

  /** Top-level a, A, a, a_2 (and a struct and a union with two x's), over two batches. */
  static final Schema REPEATED = Schema.of(
      f("a", ArrowType.Int.INT32),
      f("A", new ArrowType.Utf8()),
      f("a", ArrowType.Int.INT64),
      f("a_2", new ArrowType.Bool()),
      f("st", new ArrowType.Struct(), f("x", ArrowType.Int.INT32), f("x", new ArrowType.Utf8())),
      f("u", new ArrowType.Union(UnionMode.DENSE, null), f("x", ArrowType.Int.INT32), f("x", new ArrowType.Utf8())));

  static Path repeatedNamesFile() throws Exception {
    // Honest statistics for every column; column 0 and column 2 (both "a") have disjoint ranges, so looking up
    // the wrong one would skip a batch that matches and lose rows.
    String stats = "{\"version\":1,\"columns\":[{\"name\":\"a\",\"type\":\"int32\"},{\"name\":\"A\",\"type\":\"utf8\"},"
        + "{\"name\":\"a\",\"type\":\"int64\"},{\"name\":\"a_2\",\"type\":\"bool\"},{\"name\":\"st\",\"type\":\"struct\"},"
        + "{\"name\":\"u\",\"type\":\"dense_union\"}],\"batches\":["
        + "{\"rows\":1,\"columns\":[{\"nullCount\":0,\"min\":1,\"max\":1},{\"nullCount\":0,\"min\":\"one\",\"max\":\"one\"},"
        + "{\"nullCount\":0,\"min\":30,\"max\":30},{\"nullCount\":0,\"min\":true,\"max\":true},{\"nullCount\":0},{\"nullCount\":0}]},"
        + "{\"rows\":1,\"columns\":[{\"nullCount\":0,\"min\":2,\"max\":2},{\"nullCount\":0,\"min\":\"two\",\"max\":\"two\"},"
        + "{\"nullCount\":0,\"min\":10,\"max\":10},{\"nullCount\":0,\"min\":false,\"max\":false},{\"nullCount\":0},{\"nullCount\":0}]}]}";
    return writeFile("repeated", REPEATED, Map.of(FileStatistics.KEY, stats),
        List.<Object[]>of(new Object[] {1, "one", 30L, true, List.of(7, "seven"), new UnionValue((byte) 0, 42)}),
        List.<Object[]>of(new Object[] {2, "two", 10L, false, List.of(8, "eight"), new UnionValue((byte) 1, "s")}));
  }

  @Test
  void repeatedNamesAreMadeUniqueByPosition() throws Exception {
    Path p = repeatedNamesFile();
    StructType s = read(p).schema();
    // case-insensitive (Spark's default): A repeats a; a_2 is taken, so the later ones skip to free suffixes
    assertEquals(List.of("a", "A_3", "a_4", "a_2", "st", "u"), List.of(s.fieldNames()));
    assertEquals("A", s.apply("A_3").metadata().getString(ArrowToSpark.ARROW_NAME_KEY));
    assertEquals("a", s.apply("a_4").metadata().getString(ArrowToSpark.ARROW_NAME_KEY));
    assertFalse(s.apply("a").metadata().contains(ArrowToSpark.ARROW_NAME_KEY));
    assertEquals("struct<x:int,x_2:string>", s.apply("st").dataType().catalogString());
    assertEquals("struct<x:int,x_2:string>", s.apply("u").dataType().catalogString());
    StructField x2 = ((StructType) s.apply("st").dataType()).apply("x_2");
    assertEquals("x", x2.metadata().getString(ArrowToSpark.ARROW_NAME_KEY));

    for (boolean hadoop : new boolean[] {false, true}) {
      List<Row> rows = read(p, hadoop).orderBy("a").collectAsList();
      assertEquals(2, rows.size());
      Row r = rows.get(0);
      assertEquals(1, (int) r.getAs("a"));
      assertEquals("one", r.getAs("A_3"));
      assertEquals(30L, (long) r.getAs("a_4"));
      assertEquals(true, r.getAs("a_2"));
      assertEquals("seven", r.getStruct(4).getString(1));
      assertEquals(42, r.getStruct(5).get(0));
      assertNull(r.getStruct(5).get(1));
      assertEquals("s", rows.get(1).getStruct(5).get(1));
      // pruned to one renamed column: the right field is decoded (by position)
      assertEquals(List.of(10L, 30L), longs(read(p, hadoop).select("a_4").orderBy("a_4")));
      assertEquals(List.of("one", "two"), read(p, hadoop).select("A_3").orderBy("A_3").collectAsList().stream()
          .map(x -> x.getString(0)).toList());
      assertEquals("eight", read(p, hadoop).where("a = 2").selectExpr("st.x_2").collectAsList().get(0).get(0));
      // statistics by position: a_4 = 30 is in batch 0 only, where column 0 ("a") is 1
      Dataset<Row> q = read(p, hadoop).where("a_4 = 30").select("a_4");
      assertEquals(List.of(30L), longs(q));
      assertEquals(1, batchesSkipped(q));
      Dataset<Row> q2 = read(p, hadoop).where("a = 2").select("a_4");
      assertEquals(List.of(10L), longs(q2));
      assertEquals(1, batchesSkipped(q2));
      assertEquals(1, read(p, hadoop).where("a_4 < 20").count());
      assertEquals(2, read(p, hadoop).count());
    }
    assertEquals(List.of(30L), longs(spark.sql("SELECT a_4 FROM arrowfile.`" + p + "` WHERE a_4 > 20")));
  }

  @Test
  void repeatedNamesUnderCaseSensitiveAnalysis() throws Exception {
    Path p = repeatedNamesFile();
    spark.conf().set("spark.sql.caseSensitive", "true");
    try {
      StructType s = read(p).schema();
      // A differs from a; the second a skips a_2 (taken)
      assertEquals(List.of("a", "A", "a_3", "a_2", "st", "u"), List.of(s.fieldNames()));
      for (boolean hadoop : new boolean[] {false, true}) {
        assertEquals(List.of(30L), longs(read(p, hadoop).where("a_3 > 20").select("a_3")));
        assertEquals(List.of("two"), read(p, hadoop).where("a = 2").select("A").collectAsList().stream()
            .map(x -> x.getString(0)).toList());
      }
    } finally {
      spark.conf().unset("spark.sql.caseSensitive");
    }
  }

  @Test
  void uniqueNamesRule() {
    assertEquals(List.of("a", "b"), List.of(ArrowToSpark.uniqueNames(List.of("a", "b"), false)));
    assertEquals(List.of("x", "x_2", "x_3"), List.of(ArrowToSpark.uniqueNames(List.of("x", "x", "x"), false)));
    assertEquals(List.of("", "_2"), List.of(ArrowToSpark.uniqueNames(List.of("", ""), false)));
    assertEquals(List.of("a", "a_3", "a_2"), List.of(ArrowToSpark.uniqueNames(List.of("a", "a", "a_2"), false)));
    assertEquals(List.of("Id", "ID_2"), List.of(ArrowToSpark.uniqueNames(List.of("Id", "ID"), false)));
    assertEquals(List.of("Id", "ID"), List.of(ArrowToSpark.uniqueNames(List.of("Id", "ID"), true)));
  }

  static List<Long> longs(Dataset<Row> df) {
    return df.collectAsList().stream().map(r -> r.getLong(0)).toList();
  }

  /** The record batches the statistics let {@code df}'s scan skip, once {@code df} has run. */
  static long batchesSkipped(Dataset<Row> df) {
    List<org.apache.spark.sql.execution.SparkPlan> scans = SparkTesting.batchScans(df);
    assertEquals(1, scans.size(), df.queryExecution().executedPlan().toString());
    return scans.get(0).metrics().apply("batchesSkipped").value();
  }
}
