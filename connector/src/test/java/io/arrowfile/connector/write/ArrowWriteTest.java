package io.arrowfile.connector.write;

import io.arrowfile.testing.SparkLine;
import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.connector.types.SparkToArrow;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The Spark write path end to end: Spark writes, our reader and Arrow's Java library read back. */
class ArrowWriteTest {
  private static SparkSession spark;

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-write-test",
      "spark.sql.timeType.enabled", "true").into(s -> spark = s);

  static final String ALL_TYPES = String.join(",\n",
      "SELECT id",
      "CASE id WHEN 0 THEN true WHEN 2 THEN false END AS bool",
      "CAST(CASE WHEN id <> 1 THEN id * 10 - 5 END AS TINYINT) AS i8",
      "CAST(CASE WHEN id <> 1 THEN id * 1000 - 300 END AS SMALLINT) AS i16",
      "CAST(CASE WHEN id <> 1 THEN id * 100000 - 7 END AS INT) AS i32",
      "CASE WHEN id <> 1 THEN id * 10000000000 - 1 END AS i64",
      "CAST(CASE WHEN id <> 1 THEN id + 0.5 END AS FLOAT) AS f32",
      "CAST(CASE WHEN id <> 1 THEN id / 4.0 END AS DOUBLE) AS f64",
      "CAST(CASE WHEN id <> 1 THEN id * 1.25 - 1 END AS DECIMAL(10, 2)) AS dec",
      "CASE id WHEN 0 THEN CAST('-12345678901234567890.0123456789' AS DECIMAL(38, 10))"
          + " WHEN 2 THEN CAST('1.5' AS DECIMAL(38, 10)) END AS dec38",
      "CASE id WHEN 0 THEN 'héllo' WHEN 2 THEN '' END AS str",
      "CASE id WHEN 0 THEN X'00FF' WHEN 2 THEN X'' END AS bin",
      "CASE id WHEN 0 THEN DATE'2024-02-29' WHEN 2 THEN DATE'1969-12-31' END AS date",
      "CASE id WHEN 0 THEN TIMESTAMP'1970-01-01 00:00:01' WHEN 2 THEN TIMESTAMP'1969-12-31 23:59:59.999999' END AS ts",
      "CASE id WHEN 0 THEN TIMESTAMP_NTZ'2000-01-01 00:00:00.000001' WHEN 2 THEN TIMESTAMP_NTZ'1970-01-01 00:00:00' END"
          + " AS ntz",
      "CASE id WHEN 0 THEN INTERVAL '1 02:03:04.5' DAY TO SECOND WHEN 2 THEN INTERVAL '-0 00:00:00.000001' DAY TO SECOND"
          + " END AS dti",
      "CASE id WHEN 0 THEN INTERVAL '1-2' YEAR TO MONTH WHEN 2 THEN INTERVAL '-0-1' YEAR TO MONTH END AS ymi",
      "CASE id WHEN 0 THEN INTERVAL '3' HOUR END AS hour_iv",
      "NULL AS nul",
      "CASE id WHEN 0 THEN array(1, NULL, 3) WHEN 2 THEN array() END AS arr",
      "CASE id WHEN 0 THEN map('a', 1, 'b', NULL) WHEN 2 THEN map() END AS m",
      "CASE id WHEN 0 THEN named_struct('x', 1, 's', 'q') WHEN 2 THEN named_struct('x', NULL, 's', NULL) END AS st",
      "CASE id WHEN 0 THEN array(named_struct('k', map('z', array(1.5D, NULL)))) END AS nested",
      "CASE id WHEN 0 THEN parse_json('{\"a\":1}') WHEN 2 THEN parse_json('null') END AS var",
      "CASE id WHEN 0 THEN TIME'12:34:56.789' WHEN 2 THEN TIME'00:00:00' END AS tm",
      "CASE id WHEN 0 THEN 'abc' COLLATE UNICODE_CI WHEN 2 THEN 'B' COLLATE UNICODE_CI END AS coll")
      + "\nFROM range(3)";

  private Dataset<Row> allTypes() {
    org.junit.jupiter.api.Assumptions.assumeTrue(io.arrowfile.connector.types.ArrowToSpark.sparkHasTimeType(),
        "needs Spark's TIME type (4.1+; this Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION() + " lacks it): ALL_TYPES has TIME literals");
    return spark.sql(ALL_TYPES).coalesce(1);
  }

  /** All rows of a file as lists of column objects (our object model). */
  private static List<List<Object>> rows(ArrowFileReader r) throws IOException {
    List<List<Object>> out = new ArrayList<>();
    for (int k = 0; k < r.recordBatchCount(); k++) {
      RecordBatch b = r.recordBatch(k);
      for (long i = 0; i < b.length(); i++) {
        List<Object> row = new ArrayList<>();
        for (int c = 0; c < b.columns().size(); c++) {
          row.add(ArrowArray.of(b.column(c)).getObject(i));
        }
        out.add(row);
      }
    }
    return out;
  }

  private static Object col(Schema s, List<Object> row, String name) {
    int i = s.indexOf(name);
    assertTrue(i >= 0, name);
    return row.get(i);
  }

  @Test
  void everySparkTypeRoundTripsThroughOurReader() throws IOException {
    Path out = tmp.resolve("all");
    allTypes().write().format("arrowfile").save(out.toString());
    Path file = DataFiles.single(out);
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      Schema s = r.schema();
      assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), s.field(s.indexOf("ts")).type());
      assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), s.field(s.indexOf("ntz")).type());
      assertEquals(new ArrowType.Decimal(38, 10, 128), s.field(s.indexOf("dec38")).type());
      assertEquals(new ArrowType.Time(TimeUnit.NANOSECOND, 64), s.field(s.indexOf("tm")).type());
      Field var = s.field(s.indexOf("var"));
      assertEquals(SparkToArrow.VARIANT_EXTENSION_NAME, var.extensionName());
      assertEquals(List.of("metadata", "value"), var.children().stream().map(Field::name).toList());
      assertEquals("item", s.field(s.indexOf("arr")).child(0).name());
      Field m = s.field(s.indexOf("m"));
      assertEquals("entries", m.child(0).name());
      assertFalse(m.child(0).child(0).nullable());
      assertFalse(s.field(s.indexOf("id")).nullable());
      // lossy types carry the exact Spark type
      assertNotNull(s.field(s.indexOf("coll")).metadata().get(SparkToArrow.SPARK_TYPE_KEY));
      // a variant needs no spark.type: its canonical extension type says variant to every reader
      assertNull(s.field(s.indexOf("var")).metadata().get(SparkToArrow.SPARK_TYPE_KEY));
      assertEquals(DataType.fromJson(s.field(s.indexOf("hour_iv")).metadata().get(SparkToArrow.SPARK_TYPE_KEY)),
          spark.sql(ALL_TYPES).schema().apply("hour_iv").dataType());
      assertNull(s.field(s.indexOf("dti")).metadata().get(SparkToArrow.SPARK_TYPE_KEY));
      assertNull(s.field(s.indexOf("str")).metadata().get(SparkToArrow.SPARK_TYPE_KEY));

      assertEquals(ArrowOutputWriter.WRITER_NAME, r.customMetadata().get(ArrowOutputWriter.WRITER_KEY));
      List<List<Object>> rows = rows(r);
      assertEquals(3, rows.size());
      List<Object> a = rows.get(0);
      List<Object> n = rows.get(1);
      List<Object> c = rows.get(2);
      for (int i = 1; i < n.size(); i++) {
        assertNull(n.get(i), "row 1 column " + s.field(i).name());
      }
      assertEquals(true, col(s, a, "bool"));
      assertEquals(false, col(s, c, "bool"));
      assertEquals((byte) -5, col(s, a, "i8"));
      assertEquals((byte) 15, col(s, c, "i8"));
      assertEquals((short) -300, col(s, a, "i16"));
      assertEquals(199993, col(s, c, "i32"));
      assertEquals(-1L, col(s, a, "i64"));
      assertEquals(19999999999L, col(s, c, "i64"));
      assertEquals(0.5f, col(s, a, "f32"));
      assertEquals(0.5d, col(s, c, "f64"));
      assertEquals(new BigDecimal("-1.00"), col(s, a, "dec"));
      assertEquals(new BigDecimal("1.50"), col(s, c, "dec"));
      assertEquals(new BigDecimal("-12345678901234567890.0123456789"), col(s, a, "dec38"));
      assertEquals(new BigDecimal("1.5000000000"), col(s, c, "dec38"));
      assertEquals("héllo", col(s, a, "str"));
      assertEquals("", col(s, c, "str"));
      assertArrayEquals(new byte[] {0, (byte) 0xFF}, (byte[]) col(s, a, "bin"));
      assertArrayEquals(new byte[0], (byte[]) col(s, c, "bin"));
      assertEquals(19782, col(s, a, "date"));
      assertEquals(-1, col(s, c, "date"));
      assertEquals(1_000_000L, col(s, a, "ts"));
      assertEquals(-1L, col(s, c, "ts"));
      assertEquals(946684800000001L, col(s, a, "ntz"));
      assertEquals(0L, col(s, c, "ntz"));
      assertEquals(93_784_500_000L, col(s, a, "dti"));
      assertEquals(-1L, col(s, c, "dti"));
      assertEquals(14, col(s, a, "ymi"));
      assertEquals(-1, col(s, c, "ymi"));
      assertEquals(3L * 3600 * 1_000_000, col(s, a, "hour_iv"));
      assertNull(col(s, a, "nul"));
      assertEquals(java.util.Arrays.asList(1, null, 3), col(s, a, "arr"));
      assertEquals(List.of(), col(s, c, "arr"));
      assertEquals(List.of(Map.entry("a", 1), new java.util.AbstractMap.SimpleEntry<>("b", null)),
          col(s, a, "m"));
      assertEquals(List.of(), col(s, c, "m"));
      assertEquals(List.of(1, "q"), col(s, a, "st"));
      assertEquals(java.util.Arrays.asList(null, null), col(s, c, "st"));
      assertEquals(List.of(List.of(List.of(Map.entry("z", java.util.Arrays.asList(1.5d, null))))),
          col(s, a, "nested"));
      assertNull(col(s, c, "nested"));
      @SuppressWarnings("unchecked")
      List<Object> variant = (List<Object>) col(s, a, "var");
      List<Row> sparkVariant = spark.sql("SELECT parse_json('{\"a\":1}') v").collectAsList();
      byte[][] vv = SparkLine.variantParts(sparkVariant.get(0).get(0));
      assertArrayEquals(vv[0], (byte[]) variant.get(0));
      assertArrayEquals(vv[1], (byte[]) variant.get(1));
      assertEquals(45_296_789_000_000L, col(s, a, "tm"));
      assertEquals(0L, col(s, c, "tm"));
      assertEquals("abc", col(s, a, "coll"));
    }
  }

  @Test
  void arrowJavaReadsWhatSparkWrote() throws IOException {
    for (String codec : List.of("none", "lz4", "zstd")) {
      Path out = tmp.resolve("arrowjava-" + codec);
      allTypes().write().format("arrowfile").option("compression", codec).save(out.toString());
      Path file = DataFiles.single(out);
      try (BufferAllocator alloc = new RootAllocator();
          FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
          org.apache.arrow.vector.ipc.ArrowFileReader r = new org.apache.arrow.vector.ipc.ArrowFileReader(ch, alloc,
              CommonsCompressionFactory.INSTANCE)) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        List<ArrowBlock> blocks = r.getRecordBlocks();
        assertEquals(1, blocks.size());
        assertTrue(r.loadRecordBatch(blocks.get(0)));
        assertEquals(3, root.getRowCount());
        FieldVector i64 = root.getVector("i64");
        assertEquals(-1L, i64.getObject(0));
        assertTrue(i64.isNull(1));
        assertEquals("héllo", root.getVector("str").getObject(0).toString());
        assertEquals(new BigDecimal("-12345678901234567890.0123456789"), root.getVector("dec38").getObject(0));
        assertEquals("[1,null,3]", root.getVector("arr").getObject(0).toString());
        assertEquals(45_296_789_000_000L, root.getVector("tm").getObject(0));
        assertEquals(ArrowOutputWriter.WRITER_NAME, r.getMetaData().get(ArrowOutputWriter.WRITER_KEY));
        assertEquals(2, ((List<?>) root.getVector("m").getObject(0)).size());
      }
    }
  }

  @Test
  void compressionOptionsShrinkCompressibleData() throws IOException {
    String[] codecs = {"uncompressed", "LZ4", "Zstd", "zstd"};
    String[] levels = {null, null, "9", "-3"}; // -3: one of zstd's fast levels
    long[] sizes = new long[codecs.length];
    for (int i = 0; i < codecs.length; i++) {
      Path out = tmp.resolve("c" + i);
      spark.range(20000).selectExpr("id % 7 AS k", "repeat('x', 50) AS s").coalesce(1).write()
          .format("arrowfile").option("COMPRESSION", codecs[i])
          .option("compressionLevel", levels[i]).save(out.toString());
      Path file = DataFiles.single(out);
      sizes[i] = Files.size(file);
      try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
        List<List<Object>> rows = rows(r);
        assertEquals(20000, rows.size());
        assertEquals(6L, rows.get(6).get(0));
        assertEquals("x".repeat(50), rows.get(19999).get(1));
      }
    }
    assertTrue(sizes[1] * 3 < sizes[0], "lz4 " + sizes[1] + " vs " + sizes[0]);
    assertTrue(sizes[2] * 3 < sizes[0], "zstd " + sizes[2] + " vs " + sizes[0]);
    assertTrue(sizes[3] * 3 < sizes[0], "zstd -3 " + sizes[3] + " vs " + sizes[0]);
  }

  @Test
  void batchesAreCutByRowsAndStatisticsDescribeEachBatch() throws IOException {
    Path out = tmp.resolve("rows");
    spark.range(1000).selectExpr("id", "CASE WHEN id % 10 = 0 THEN NULL ELSE CAST(id AS STRING) END AS s",
            "CAST(id AS DOUBLE) / 2 AS d", "id % 2 = 0 AS b", "CAST(id AS DECIMAL(12, 1)) AS dec",
            "DATE_ADD(DATE'2020-01-01', CAST(id AS INT)) AS dt", "array(id) AS arr")
        .coalesce(1).write().format("arrowfile").option("rowsPerBatch", "300")
        .save(out.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(out), ReadOptions.DEFAULT)) {
      assertEquals(4, r.recordBatchCount());
      assertEquals(300, r.recordBatch(0).length());
      assertEquals(100, r.recordBatch(3).length());
      String json = r.customMetadata().get(ArrowOutputWriter.STATISTICS_KEY);
      assertNotNull(json);
      Map<String, Object> stats = Json.parseObject(json);
      assertEquals(1L, stats.get("version"));
      List<?> columns = (List<?>) stats.get("columns");
      assertEquals(Map.of("name", "id", "type", "int64"), columns.get(0));
      List<?> batches = (List<?>) stats.get("batches");
      assertEquals(4, batches.size());
      Map<?, ?> b1 = (Map<?, ?>) batches.get(1);
      assertEquals(300L, b1.get("rows"));
      List<?> c = (List<?>) b1.get("columns");
      assertEquals(Map.of("nullCount", 0L, "min", 300L, "max", 599L), c.get(0));
      // strings: byte order ("301" < ... < "599"), 30 nulls (multiples of 10)
      assertEquals(Map.of("nullCount", 30L, "min", "301", "max", "599"), c.get(1));
      assertEquals(Map.of("nullCount", 0L, "min", 150.0, "max", 299.5), c.get(2));
      assertEquals(Map.of("nullCount", 0L, "min", false, "max", true), c.get(3));
      assertEquals(Map.of("nullCount", 0L, "min", "300.0", "max", "599.0"), c.get(4));
      assertEquals(Map.of("nullCount", 0L, "min", 18262L + 300, "max", 18262L + 599), c.get(5));
      assertEquals(Map.of("nullCount", 0L), c.get(6));
      Map<?, ?> b3 = (Map<?, ?>) batches.get(3);
      assertEquals(Map.of("nullCount", 0L, "min", 900L, "max", 999L), ((List<?>) b3.get("columns")).get(0));
    }
  }

  @Test
  void longStringStatisticsAreTruncatedToBounds() throws IOException {
    Path out = tmp.resolve("longstr");
    String big = "a".repeat(70);
    spark.sql("SELECT * FROM VALUES ('" + big + "'), ('" + "z".repeat(63) + "é" + "') AS t(s)").coalesce(1).write()
        .format("arrowfile").save(out.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(out), ReadOptions.DEFAULT)) {
      Map<String, Object> stats = Json.parseObject(r.customMetadata().get(ArrowOutputWriter.STATISTICS_KEY));
      Map<?, ?> c = (Map<?, ?>) ((List<?>) ((Map<?, ?>) ((List<?>) stats.get("batches")).get(0)).get("columns")).get(0);
      assertEquals("a".repeat(64), c.get("min"));
      assertEquals(true, c.get("minTruncated"));
      assertEquals("z".repeat(62) + "{", c.get("max")); // 'é' needs 2 bytes: prefix is 63 z, last bumped
      assertEquals(true, c.get("maxTruncated"));
    }
  }

  @Test
  void batchesAreCutByBytes() throws IOException {
    Path out = tmp.resolve("bytes");
    // plain strings (a dictionary would hold the one value once and its rows 4 bytes each)
    spark.range(200).selectExpr("repeat('y', 1000) AS s").coalesce(1).write().format("arrowfile")
        .option("maxBatchBytes", "16k").option("dictionary", "never").save(out.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(out), ReadOptions.DEFAULT)) {
      assertTrue(r.recordBatchCount() >= 200 / 16, "batches: " + r.recordBatchCount());
      long total = 0;
      for (int k = 0; k < r.recordBatchCount(); k++) {
        long n = r.recordBatch(k).length();
        assertTrue(n <= 16, "rows in batch " + k + ": " + n);
        total += n;
      }
      assertEquals(200, total);
    }
  }

  @Test
  void statisticsCanBeTurnedOff() throws IOException {
    Path out = tmp.resolve("nostats");
    spark.range(10).coalesce(1).write().format("arrowfile").option("Statistics", "FALSE")
        .save(out.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(out), ReadOptions.DEFAULT)) {
      assertNull(r.customMetadata().get(ArrowOutputWriter.STATISTICS_KEY));
      assertEquals(ArrowOutputWriter.WRITER_NAME, r.customMetadata().get(ArrowOutputWriter.WRITER_KEY));
      assertEquals(10, rows(r).size());
    }
  }

  @Test
  void invalidOptionsFailBeforeAnyTaskRuns() {
    Path out = tmp.resolve("bad");
    Exception e = assertThrows(Exception.class, () -> spark.range(10).write().format("arrowfile")
        .option("compression", "snappy").save(out.toString()));
    assertTrue(messages(e).contains("valid values: none, uncompressed, lz4, zstd"), messages(e));
    e = assertThrows(Exception.class, () -> spark.range(10).write().format("arrowfile")
        .option("rowsPerBatch", "0").save(out.toString()));
    assertTrue(messages(e).contains("rowsPerBatch"), messages(e));
    e = assertThrows(Exception.class, () -> spark.range(10).write().format("arrowfile")
        .option("dictionary", "maybe").save(out.toString()));
    assertTrue(messages(e).contains("valid values: never, auto, always"), messages(e));
    assertFalse(Files.exists(out.resolve("_SUCCESS")));
  }

  @Test
  void emptyDataFrameWritesSchemaOnlyFile() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(io.arrowfile.connector.types.ArrowToSpark.sparkHasTimeType(),
        "needs Spark's TIME type (4.1+; this Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION() + " lacks it): ALL_TYPES has TIME literals");
    Path out = tmp.resolve("empty");
    spark.sql(ALL_TYPES).where("id < 0").write().format("arrowfile").save(out.toString());
    List<Path> files = DataFiles.arrow(out);
    assertFalse(files.isEmpty());
    for (Path f : files) {
      try (ArrowFileReader r = ArrowFileReader.open(f, ReadOptions.DEFAULT)) {
        assertEquals(0, r.recordBatchCount());
        assertEquals(spark.sql(ALL_TYPES).schema().size(), r.schema().fields().size());
        String json = r.customMetadata().get(ArrowOutputWriter.STATISTICS_KEY);
        assertEquals(List.of(), Json.parseObject(json).get("batches"));
      }
    }
    // and the read side sees the schema
    Dataset<Row> back = spark.read().format("arrowfile").load(out.toString());
    assertEquals(0, back.count());
    assertEquals(List.of(spark.sql(ALL_TYPES).schema().fieldNames()), List.of(back.schema().fieldNames()));
  }

  @Test
  void saveModesWork() throws IOException {
    Path out = tmp.resolve("modes");
    String f = "arrowfile";
    spark.range(5).coalesce(1).write().format(f).save(out.toString());
    assertThrows(Exception.class, () -> spark.range(5).write().format(f).save(out.toString()));
    spark.range(7).coalesce(1).write().format(f).mode(SaveMode.Ignore).save(out.toString());
    assertEquals(5, countRows(out));
    spark.range(3).coalesce(1).write().format(f).mode(SaveMode.Append).save(out.toString());
    assertEquals(8, countRows(out));
    spark.range(2).coalesce(1).write().format(f).mode(SaveMode.Overwrite).save(out.toString());
    assertEquals(2, countRows(out));
    assertEquals(2, spark.read().format(f).load(out.toString()).count());
  }

  @Test
  void partitionByWritesOneDirectoryPerValue() throws IOException {
    Path out = tmp.resolve("parts");
    spark.range(10).selectExpr("id", "CAST(id % 3 AS INT) AS p", "CAST(id AS STRING) AS s").write()
        .format("arrowfile").partitionBy("p").save(out.toString());
    for (int p = 0; p < 3; p++) {
      assertTrue(Files.isDirectory(out.resolve("p=" + p)));
    }
    for (Path file : DataFiles.arrow(out)) {
      try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
        assertEquals(List.of("id", "s"), r.schema().fields().stream().map(Field::name).toList());
      }
    }
    assertEquals(10, countRows(out));
    Dataset<Row> back = spark.read().format("arrowfile").load(out.toString());
    assertEquals(4, back.where("p = 0").count());
    assertEquals(45L, back.selectExpr("sum(id)").collectAsList().get(0).getLong(0));
  }

  private static long countRows(Path dir) throws IOException {
    long n = 0;
    for (Path file : DataFiles.arrow(dir)) {
      try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
        n += rows(r).size();
      }
    }
    return n;
  }

  @Test
  void utf8StringsAreCopiedByteForByte() throws IOException {
    Path out = tmp.resolve("utf8");
    String s = "😀 ünï ✓";
    spark.sql("SELECT concat(s, CAST(id AS STRING)) AS s FROM (SELECT '" + s + "' AS s, id FROM range(3))")
        .coalesce(1).write().format("arrowfile").save(out.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(out), ReadOptions.DEFAULT)) {
      List<List<Object>> rows = rows(r);
      assertEquals(s + "2", rows.get(2).get(0));
      assertEquals((s + "2").getBytes(StandardCharsets.UTF_8).length,
          ((String) rows.get(2).get(0)).getBytes(StandardCharsets.UTF_8).length);
    }
  }
}
