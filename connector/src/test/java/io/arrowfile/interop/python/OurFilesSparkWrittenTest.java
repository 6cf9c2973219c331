package io.arrowfile.interop.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.LineCases;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkLine;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.YearMonthIntervalType;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the Spark writer makes, of every Spark type of docs/types.md's "Spark to Arrow (writing)" table and with every
 * write option, opened by pyarrow ({@code validate(full=True)}, the promised Arrow types, equal values) and by
 * Polars ({@code read_ipc}, {@code scan_ipc}: equal values). Expectations come from the rows Spark was given
 * ({@code collectAsList()} of the source DataFrame), never from reading our files back.
 *
 * <p>Two DataFrames per option set: {@code main} holds every type Polars 1.44 reads, and Polars must read each
 * of its files; {@code intervals} holds year-month intervals and CalendarInterval, which Polars cannot import
 * at all (it has no interval type and fails the whole file), so only pyarrow checks it. Polars' memory-mapped
 * reader is not asked about {@code main}: it panics on any file with a map column (pyarrow's files too).
 *
 * <p>Without the writer compressing every buffer, Polars fails {@code lz4-rows1}, {@code zstd-rows7},
 * {@code lz4-maxBatchBytes1k} and a {@code partitionBy-zstd} file here with
 * {@code TargetAlignmentGreaterAndInputNotAligned} on the Decimal128 columns.
 */
public class OurFilesSparkWrittenTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  /** Option sets: name, then key, value pairs. */
  private static final String[][] OPTIONS = {
      {"default"},
      {"lz4", "compression", "lz4"},
      {"zstd", "compression", "zstd"},
      {"zstd-level19", "compression", "zstd", "compressionLevel", "19"},
      {"zstd-fast5", "compression", "zstd", "compressionLevel", "-5"},
      {"uncompressed", "compression", "uncompressed"},
      {"rows1", "rowsPerBatch", "1"},
      {"lz4-rows1", "compression", "lz4", "rowsPerBatch", "1"},
      {"zstd-rows7", "compression", "zstd", "rowsPerBatch", "7"},
      {"maxBatchBytes1k", "maxBatchBytes", "1k"},
      {"lz4-maxBatchBytes1k", "compression", "lz4", "maxBatchBytes", "1k"},
      {"zstd-maxBatchBytes256kb", "compression", "zstd", "maxBatchBytes", "256kb"},
      {"none-maxBatchBytes256kb", "maxBatchBytes", "256kb"},
      {"statistics-false", "statistics", "false"},
      {"zstd-statistics-false", "compression", "zstd", "statistics", "false"},
      // the stream format (ipcFormat=stream, .arrows): pyarrow's open_stream and Polars' read_ipc_stream
      {"stream", "ipcFormat", "stream"},
      {"stream-lz4-rows7", "ipcFormat", "stream", "compression", "lz4", "rowsPerBatch", "7"},
      {"stream-uncompressed-maxBatchBytes1k", "ipcFormat", "stream", "compression", "none", "maxBatchBytes", "1k"},
  };

  /**
   * The option sets every Spark line writes: each codec (the lines ship different lz4-java and zstd-jni) and the
   * stream format. Batch sizes and statistics are our writer's alone: the default line covers them.
   */
  private static final Set<String> ON_EVERY_LINE =
      Set.of("default", "lz4", "zstd-level19", "uncompressed", "stream-lz4-rows7");

  private static final StructType NESTED_ELEMENT = new StructType()
      .add("x", DataTypes.createDecimalType(38, 0))
      .add("y", DataTypes.createMapType(DataTypes.IntegerType, DataTypes.createArrayType(DataTypes.LongType)));

  /** Every type of the write table Polars reads, with the Arrow type (pyarrow's name) docs/types.md promises. */
  public static final Object[][] MAIN = {
      {"b", DataTypes.BooleanType, "bool"},
      {"i8", DataTypes.ByteType, "int8"},
      {"i16", DataTypes.ShortType, "int16"},
      {"i32", DataTypes.IntegerType, "int32"},
      {"i64", DataTypes.LongType, "int64"},
      {"f32", DataTypes.FloatType, "float"},
      {"f64", DataTypes.DoubleType, "double"},
      {"d9", DataTypes.createDecimalType(9, 2), "decimal128(9, 2)"},
      {"d18", DataTypes.createDecimalType(18, 4), "decimal128(18, 4)"},
      {"d38", DataTypes.createDecimalType(38, 10), "decimal128(38, 10)"},
      {"s", DataTypes.StringType, "string"},
      {"bin", DataTypes.BinaryType, "binary"},
      {"dt", DataTypes.DateType, "date32[day]"},
      {"ts", DataTypes.TimestampType, "timestamp[us, tz=UTC]"},
      {"ntz", DataTypes.TimestampNTZType, "timestamp[us]"},
      {"dti", DayTimeIntervalType.apply(), "duration[us]"},
      {"dth", DayTimeIntervalType.apply(DayTimeIntervalType.DAY(), DayTimeIntervalType.HOUR()), "duration[us]"},
      {"n", DataTypes.NullType, "null"},
      {"arr", DataTypes.createArrayType(DataTypes.IntegerType), "list<item: int32>"},
      {"arrs", DataTypes.createArrayType(DataTypes.StringType), "list<item: string>"},
      {"m", DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType), "map<string, int32>"},
      {"st", new StructType().add("a", DataTypes.IntegerType).add("b", DataTypes.StringType),
          "struct<a: int32, b: string>"},
      {"nested", DataTypes.createArrayType(NESTED_ELEMENT), null},
      {"part", DataTypes.IntegerType, "int32"},
  };

  /** The types Polars cannot import: only pyarrow reads these files. */
  public static final Object[][] INTERVALS = {
      {"id", DataTypes.IntegerType, "int32"},
      {"ym", YearMonthIntervalType.apply(), "month_interval"},
      {"y", YearMonthIntervalType.apply(YearMonthIntervalType.YEAR(), YearMonthIntervalType.YEAR()), "month_interval"},
  };

  /** CalendarIntervalType, which Spark lets through only some write paths (see calendarInterval...). */
  private static final Object[][] CALENDAR = {
      {"id", DataTypes.IntegerType, "int32"},
      {"ci", DataTypes.CalendarIntervalType, "month_day_nano_interval"},
      {"cis", DataTypes.createArrayType(DataTypes.CalendarIntervalType), "list<item: month_day_nano_interval>"},
  };

  private static final Map<String, JsonNode> REPORT = new LinkedHashMap<>();
  private static final List<String> CASES = new ArrayList<>();
  private static final Map<String, Boolean> POLARS_MUST_READ = new LinkedHashMap<>();
  private static final java.util.Set<String> STREAMS = new java.util.HashSet<>();

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("our-files-spark-written")
      .into(s -> spark = s);

  @BeforeAll
  static void writeAndCheck() throws IOException {
    spark.conf().set("spark.sql.datetime.java8API.enabled", "true");
    if (!PythonPeers.available()) {
      return;
    }
    List<Canonical.Case> cases = new ArrayList<>();
    Dataset<Row> main = frame(MAIN, mainRows(600, 1)).coalesce(1);
    Dataset<Row> intervals = frame(INTERVALS, intervalRows(200, 2)).coalesce(1);
    List<Row> mainRows = main.collectAsList();
    List<Row> intervalRows = intervals.collectAsList();
    for (String[] o : LineCases.of(List.of(OPTIONS), o -> ON_EVERY_LINE.contains(o[0]))) {
      String name = o[0];
      cases.addAll(write(name + "/main", main, mainRows, MAIN, o, null, true));
      cases.addAll(write(name + "/intervals", intervals, intervalRows, INTERVALS, o, null, false));
    }
    String[] zstd = {"partitionBy-zstd", "compression", "zstd"};
    cases.addAll(write("partitionBy-zstd/main", main, mainRows, MAIN, zstd, "part", true));
    cases.addAll(write("partitionBy-zstd/intervals", intervals, intervalRows, INTERVALS, zstd, "id", false));
    Dataset<Row> emptyMain = main.limit(0);
    cases.addAll(write("empty/main", emptyMain, List.of(), MAIN, new String[] {"empty"}, null, true));
    Dataset<Row> emptyIntervals = intervals.limit(0);
    cases.addAll(write("empty/intervals", emptyIntervals, List.of(), INTERVALS, new String[] {"empty"}, null, false));
    Dataset<Row> calendar = frame(CALENDAR, calendarRows(200, 3)).coalesce(1);
    cases.addAll(tablePaths(calendar, calendar.collectAsList()));
    JsonNode report = Canonical.check(dir, cases);
    for (Canonical.Case c : cases) {
      REPORT.put(c.name(), report.get(c.name()));
      CASES.add(c.name());
    }
  }

  /** Write paths docs/writing.md promises besides save(path), for the intervals DataFrame (CalendarInterval included). */
  private static final Map<String, String> TABLE_PATH_ERRORS = new LinkedHashMap<>();

  private static List<Canonical.Case> tablePaths(Dataset<Row> df, List<Row> rows) throws IOException {
    List<Canonical.Case> cases = new ArrayList<>();
    String ddl = "id INT, ci INTERVAL, cis ARRAY<INTERVAL>";
    Map<String, Runnable> paths = new LinkedHashMap<>();
    Path save = dir.resolve("save");
    paths.put("save", () -> df.write().format("arrowfile").save(save.toString()));
    Path saveAsTable = dir.resolve("saveAsTable");
    paths.put("saveAsTable", () -> df.write().format("arrowfile").option("path", saveAsTable.toString())
        .saveAsTable("our_files_save_as_table"));
    Path insertInto = dir.resolve("insertInto");
    paths.put("insertInto", () -> {
      spark.sql("CREATE TABLE our_files_insert_into (" + ddl + ") USING arrowfile LOCATION '" + insertInto + "'");
      df.write().insertInto("our_files_insert_into");
    });
    Path writeTo = dir.resolve("writeTo");
    paths.put("writeTo", () -> {
      try {
        df.writeTo("our_files_write_to").using("arrowfile").tableProperty("location", writeTo.toString()).create();
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    });
    for (Map.Entry<String, Runnable> p : paths.entrySet()) {
      try {
        p.getValue().run();
      } catch (Exception e) { // AnalysisException is checked, thrown through the lambda by Scala
        TABLE_PATH_ERRORS.put(p.getKey(), SparkTesting.messages(e));
        continue;
      }
      Path out = dir.resolve(p.getKey());
      List<Path> files = DataFiles.arrow(out);
      assertEquals(1, files.size(), p.getKey() + " " + files);
      List<String> names = new ArrayList<>();
      List<String> types = new ArrayList<>();
      for (Object[] c : CALENDAR) {
        names.add((String) c[0]);
        types.add((String) c[2]);
      }
      String name = "calendarInterval/" + p.getKey();
      POLARS_MUST_READ.put(name, false);
      cases.add(Canonical.expect(name, files.get(0), "file", names, types,
          Canonical.sparkRows(rows, df.schema(), names), true, Map.of()));
    }
    return cases;
  }

  /**
   * CalendarIntervalType per write path. Spark 4.2 itself refuses it before arrowfile is asked, whatever the
   * format's {@code supportDataType} says, in {@code DataSource.planForWriting} ({@code save(path)}) and
   * {@code DataSource.writeAndRead} ({@code saveAsTable}, CTAS, {@code writeTo(...).create()}), both through
   * {@code disallowWritingIntervals}. {@code insertInto} a table declared with the column goes through
   * {@code InsertIntoHadoopFsRelationCommand} without that check, and its file is checked like the others.
   */
  private static final Map<String, Boolean> CALENDAR_PATH_WORKS = Map.of(
      "save", false, "saveAsTable", false, "writeTo", false, "insertInto", true);

  @TestFactory
  Stream<DynamicTest> calendarIntervalWritePaths() {
    PythonPeers.require();
    return Stream.of("save", "saveAsTable", "writeTo", "insertInto").map(path -> {
      boolean works = CALENDAR_PATH_WORKS.get(path);
      return DynamicTest.dynamicTest(path + (works ? " writes CalendarInterval" : " is refused by Spark"), () -> {
        String error = TABLE_PATH_ERRORS.get(path);
        if (works) {
          if (error != null) {
            throw new AssertionError(path + " failed:\n" + error);
          }
          Canonical.assertOk(REPORT.get("calendarInterval/" + path).path("pyarrow").get("values"), path);
        } else {
          if (error == null || !error.contains(SparkLine.INTERVAL_WRITE_REFUSED)) {
            throw new AssertionError(path + " was expected to be refused by Spark's own interval check, got: "
                + error);
          }
        }
      });
    });
  }

  private static Dataset<Row> frame(Object[][] columns, List<Row> rows) {
    StructType schema = new StructType();
    for (Object[] c : columns) {
      schema = schema.add(new StructField((String) c[0], (DataType) c[1], true, Metadata.empty()));
    }
    return spark.createDataFrame(rows, schema);
  }

  /** Writes {@code df} with the options of {@code o}; one case per part file. */
  private static List<Canonical.Case> write(String name, Dataset<Row> df, List<Row> rows, Object[][] columns,
      String[] o, String partitionBy, boolean polars) throws IOException {
    Path out = dir.resolve(name.replace('/', '-'));
    DataFrameWriter<Row> w = df.write().format("arrowfile");
    for (int i = 1; i + 1 < o.length; i += 2) {
      w = w.option(o[i], o[i + 1]);
    }
    if (partitionBy != null) {
      w = w.partitionBy(partitionBy);
    }
    w.save(out.toString());
    StructType schema = df.schema();
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (Object[] c : columns) {
      if (!c[0].equals(partitionBy)) {
        names.add((String) c[0]);
        types.add((String) c[2]);
      }
    }
    boolean stream = Arrays.asList(o).contains("stream");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(out)) {
      String extension = stream ? ".arrows" : ".arrow";
      files = walk.filter(p -> p.getFileName().toString().endsWith(extension)).sorted().toList();
    }
    assertFalse(files.isEmpty(), name + " wrote no file");
    List<Canonical.Case> cases = new ArrayList<>();
    for (Path f : files) {
      List<Row> expected = rows;
      String caseName = name + (files.size() > 1 || partitionBy != null ? "/" + out.relativize(f) : "");
      if (partitionBy != null) {
        String dirName = f.getParent().getFileName().toString();
        assertEquals(partitionBy, dirName.substring(0, dirName.indexOf('=')), caseName);
        String value = dirName.substring(dirName.indexOf('=') + 1);
        int index = schema.fieldIndex(partitionBy);
        Object partition = value.equals("__HIVE_DEFAULT_PARTITION__") ? null : value;
        expected = rows.stream().filter(r -> partition == null ? r.isNullAt(index)
            : String.valueOf(r.get(index)).equals(partition)).toList();
        caseName = name + "/" + dirName;
      } else {
        assertEquals(1, files.size(), name + ": coalesce(1) writes one file, got " + files);
      }
      POLARS_MUST_READ.put(caseName, polars);
      cases.add(Canonical.expect(caseName, f, stream ? "stream" : "file", names, types,
          Canonical.sparkRows(expected, schema, names), partitionBy != null, Map.of()));
      if (stream) {
        STREAMS.add(caseName);
      }
    }
    return cases;
  }

  @TestFactory
  Stream<DynamicTest> pyarrowAndPolarsReadWhatSparkWrote() {
    PythonPeers.require();
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : CASES) {
      JsonNode r = REPORT.get(name);
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow validate(full=True)",
          () -> Canonical.assertOk(r.path("pyarrow").get("validate"), name)));
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow schema is docs/types.md's",
          () -> Canonical.assertOk(r.path("pyarrow").get("schema"), name)));
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow values", () -> {
        Canonical.assertOk(r.path("pyarrow").get("values"), name);
        // pyarrow has no Python class for interval[months]: only validate(full=True) sees those bytes.
        r.path("pyarrow").path("python_cannot").fieldNames().forEachRemaining(c -> {
          if (!c.equals("ym") && !c.equals("y")) {
            throw new AssertionError(name + ": pyarrow cannot hand column " + c + " to Python");
          }
        });
      }));
      if (!STREAMS.contains(name)) { // Feather is the file format
        tests.add(DynamicTest.dynamicTest(name + ": pyarrow.feather values",
            () -> Canonical.assertOk(r.path("pyarrow").get("feather"), name)));
      }
      if (POLARS_MUST_READ.get(name)) {
        for (String reader : STREAMS.contains(name) ? List.of("read_ipc_stream")
            : List.of("read_ipc", "read_ipc_mmap", "scan_ipc")) {
          tests.add(DynamicTest.dynamicTest(name + ": Polars " + reader + " values",
              () -> Canonical.assertOk(reader.equals("read_ipc_mmap") && r.path("polars").has("read_ipc_mmap_skipped")
                  && !r.path("polars").has("crash") ? Canonical.JSON.createObjectNode().put("ok", true)
                  : r.path("polars").has("crash") ? r.path("polars").get("crash") : r.path("polars").get(reader), name)));
        }
      } else {
        tests.add(DynamicTest.dynamicTest(name + ": Polars not asked (it has no interval type)", () -> {
          JsonNode p = r.path("polars");
          assertFalse(p.path("unsupported").isEmpty(), name + ": " + p);
          p.path("unsupported").properties().forEach(e -> {
            if (!e.getValue().asText().contains("interval")) {
              throw new AssertionError(name + ": Polars skipped for another reason: " + e);
            }
          });
        }));
      }
    }
    return tests.stream();
  }

  // ------------------------------------------------------------------ data

  public static List<Row> mainRows(int n, long seed) {
    Random r = new Random(seed);
    List<Row> rows = new ArrayList<>();
    rows.add(RowFactory.create(new Object[MAIN.length])); // all null
    rows.add(RowFactory.create(true, Byte.MIN_VALUE, Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE,
        Float.NaN, Double.NEGATIVE_INFINITY, new BigDecimal("-9999999.99"), new BigDecimal("-99999999999999.9999"),
        new BigDecimal("-9999999999999999999999999999.9999999999"), "", new byte[0],
        LocalDate.of(1, 1, 1), Instant.parse("0001-01-01T00:00:00Z"), LocalDateTime.of(1, 1, 1, 0, 0),
        Duration.ofDays(-106751990), Duration.ofHours(-7), null, List.of(), List.of(), Map.of(),
        RowFactory.create(null, null), List.of(), 0));
    rows.add(RowFactory.create(false, Byte.MAX_VALUE, Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE,
        Float.POSITIVE_INFINITY, -0.0d, new BigDecimal("9999999.99"), new BigDecimal("99999999999999.9999"),
        new BigDecimal("9999999999999999999999999999.9999999999"), "héllo wörld 中文 😀",
        new byte[] {0, (byte) 0xff, 1}, LocalDate.of(9999, 12, 31), Instant.parse("9999-12-31T23:59:59.999999Z"),
        LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000), Duration.ofDays(106751990), Duration.ofHours(7),
        null, Arrays.asList(1, null, 3), Arrays.asList("a", null, ""), map("k", null, "l", 2),
        RowFactory.create(1, "x"),
        List.of(RowFactory.create(new BigDecimal("-99999999999999999999999999999999999999"),
            Map.of(1, Arrays.asList(1L, null), 2, List.of()))), 1));
    for (int i = rows.size(); i < n; i++) {
      rows.add(RowFactory.create(
          maybe(r, r.nextBoolean()), maybe(r, (byte) r.nextInt()), maybe(r, (short) r.nextInt()),
          maybe(r, r.nextInt()), maybe(r, r.nextLong()), maybe(r, (float) r.nextGaussian() * 1e6f),
          maybe(r, r.nextGaussian() * 1e12), maybe(r, BigDecimal.valueOf(r.nextInt(1_999_999_999) - 999_999_999, 2)),
          maybe(r, BigDecimal.valueOf(r.nextLong() % 1_000_000_000_000_000L, 4)),
          maybe(r, new BigDecimal(new java.math.BigInteger(120, r), 10).negate()),
          maybe(r, string(r, r.nextInt(300))), maybe(r, bytes(r, r.nextInt(200))),
          maybe(r, LocalDate.ofEpochDay(r.nextInt(200_000) - 100_000)),
          maybe(r, Instant.ofEpochSecond(r.nextInt(), r.nextInt(1_000_000) * 1000L)),
          maybe(r, LocalDateTime.ofEpochSecond(r.nextInt(), r.nextInt(1_000_000) * 1000, java.time.ZoneOffset.UTC)),
          maybe(r, Duration.ofNanos(r.nextLong() / 1000 * 1000 / 1000)), maybe(r, Duration.ofHours(r.nextInt(100_000))),
          null, maybe(r, Arrays.asList(r.nextInt(), null, r.nextInt(10))),
          maybe(r, Arrays.asList(string(r, r.nextInt(20)), string(r, 3))),
          maybe(r, map("a" + r.nextInt(5), r.nextInt(), "b", null)),
          maybe(r, RowFactory.create(maybe(r, r.nextInt()), maybe(r, string(r, 5)))),
          maybe(r, List.of(RowFactory.create(maybe(r, new BigDecimal(r.nextLong())),
              maybe(r, Map.of(r.nextInt(), Arrays.asList(r.nextLong(), null)))))),
          r.nextInt(3)));
    }
    return rows;
  }

  public static List<Row> intervalRows(int n, long seed) {
    Random r = new Random(seed);
    List<Row> rows = new ArrayList<>();
    rows.add(RowFactory.create(0, null, null));
    rows.add(RowFactory.create(1, Period.ofMonths(Integer.MAX_VALUE), Period.ofYears(-178956970)));
    for (int i = rows.size(); i < n; i++) {
      rows.add(RowFactory.create(i % 3, maybe(r, Period.ofMonths(r.nextInt(20000) - 10000)),
          maybe(r, Period.ofYears(r.nextInt(2000) - 1000))));
    }
    return rows;
  }

  private static List<Row> calendarRows(int n, long seed) {
    Random r = new Random(seed);
    List<Row> rows = new ArrayList<>();
    rows.add(RowFactory.create(0, null, null));
    rows.add(RowFactory.create(1, new CalendarInterval(Integer.MIN_VALUE, Integer.MIN_VALUE, -9_223_372_036_854_775L),
        Arrays.asList(new CalendarInterval(1, 2, 3), null)));
    for (int i = rows.size(); i < n; i++) {
      rows.add(RowFactory.create(i, maybe(r, new CalendarInterval(r.nextInt(), r.nextInt(), r.nextLong() / 1000)),
          maybe(r, List.of(new CalendarInterval(r.nextInt(100), r.nextInt(100), r.nextInt())))));
    }
    return rows;
  }

  private static Object maybe(Random r, Object v) {
    return r.nextInt(8) == 0 ? null : v;
  }

  private static Map<Object, Object> map(Object... kv) {
    Map<Object, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 _-éüß€中文😀";

  private static String string(Random r, int n) {
    int[] cps = ALPHABET.codePoints().toArray();
    return Arrays.stream(new int[n]).map(x -> cps[r.nextInt(cps.length)])
        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
  }

  private static byte[] bytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

  static String joined(List<String> l) {
    return l.stream().collect(Collectors.joining(", "));
  }
}
