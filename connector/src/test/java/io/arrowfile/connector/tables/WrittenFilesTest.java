package io.arrowfile.connector.tables;

import static io.arrowfile.connector.tables.Tables.ARROW;
import static io.arrowfile.connector.tables.Tables.PARQUET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.connector.options.ArrowWriteOptions;
import io.arrowfile.connector.write.ArrowOutputWriter;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.Dataset;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.ValueAssertions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What our writer puts on disk: an empty DataFrame still gives a readable file with its schema, every file is
 * read by Arrow's own Java library (org.apache.arrow:arrow-vector) with the same values as by our reader and by
 * Spark, and the byte cap cuts batches long before a 32-bit offset could overflow.
 */
class WrittenFilesTest {
  @TempDir
  static Path warehouse;

  private static SparkSession spark;

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> Tables.spark("local[2]", warehouse,
      "spark.sql.timeType.enabled", "true")).into(s -> spark = s);

  /** Every Spark type the writer maps, with nulls at every level; 40 rows so nulls and values mix. */
  static final String ALL_TYPES = String.join(",\n",
      "SELECT id",
      "IF(id % 5 = 1, NULL, id % 2 = 0) AS bool",
      "CAST(IF(id % 5 = 1, NULL, id - 20) AS TINYINT) AS i8",
      "CAST(IF(id % 5 = 1, NULL, id * 500 - 7) AS SMALLINT) AS i16",
      "CAST(IF(id % 5 = 1, NULL, id * 100000 - 7) AS INT) AS i32",
      "IF(id % 5 = 1, NULL, id * 10000000000 - 1) AS i64",
      "CAST(IF(id % 5 = 1, NULL, id + 0.5) AS FLOAT) AS f32",
      "IF(id % 5 = 1, NULL, CASE id WHEN 2 THEN CAST('NaN' AS DOUBLE) WHEN 3 THEN -0.0D ELSE id / 4.0D END) AS f64",
      "CAST(IF(id % 5 = 1, NULL, id * 1.25 - 20) AS DECIMAL(10, 2)) AS dec",
      "IF(id % 5 = 1, NULL, CAST('-12345678901234567890.0123456789' AS DECIMAL(38, 10)) * id) AS dec38",
      "IF(id % 5 = 1, NULL, concat('héllo 😀 ', id)) AS str",
      "IF(id % 5 = 1, NULL, unhex(hex(id * 255))) AS bin",
      "IF(id % 5 = 1, NULL, date_add(DATE'1969-12-25', CAST(id AS INT))) AS date",
      "IF(id % 5 = 1, NULL, TIMESTAMP'1969-12-31 23:59:59.999999' + make_dt_interval(0, 0, 0, id)) AS ts",
      "IF(id % 5 = 1, NULL, TIMESTAMP_NTZ'2000-01-01 00:00:00.000001' + make_dt_interval(id)) AS ntz",
      "IF(id % 5 = 1, NULL, make_dt_interval(id, 2, 3, 4.5)) AS dti",
      "IF(id % 5 = 1, NULL, make_ym_interval(CAST(id AS INT), -1)) AS ymi",
      "NULL AS nul",
      "IF(id % 5 = 1, NULL, IF(id % 3 = 0, array(), array(id, NULL, id + 1))) AS arr",
      "IF(id % 5 = 1, NULL, map('a', id, 'b', NULL)) AS m",
      "IF(id % 5 = 1, NULL, named_struct('x', IF(id % 2 = 0, NULL, id), 's', concat('s', id))) AS st",
      "IF(id % 5 = 1, NULL, array(named_struct('k', map(CAST(id AS STRING), array(1.5D, NULL))))) AS nested",
      "IF(id % 5 = 1, NULL, parse_json(concat('{\"a\":', id, '}'))) AS var",
      "IF(id % 5 = 1, NULL, TIME'12:34:56.789') AS tm")
      + "\nFROM range(40)";

  /** All batches of a file read by our reader, as a Dataset of the testing kit. */
  private static Dataset readOurs(Path file) throws IOException {
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      List<List<List<Object>>> batches = new ArrayList<>();
      for (int k = 0; k < r.recordBatchCount(); k++) {
        RecordBatch b = r.recordBatch(k);
        List<List<Object>> columns = new ArrayList<>();
        for (int c = 0; c < b.columns().size(); c++) {
          ArrowArray a = ArrowArray.of(b.column(c));
          List<Object> values = new ArrayList<>();
          for (long i = 0; i < b.length(); i++) {
            values.add(a.getObject(i));
          }
          columns.add(values);
        }
        batches.add(columns);
      }
      return new Dataset(r.schema(), batches);
    }
  }

  @Test
  void emptyDataFrameWritesAValidSchemaOnlyFile() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(io.arrowfile.connector.types.ArrowToSpark.sparkHasTimeType(),
        "needs Spark's TIME type (4.1+; this Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION() + " lacks it): ALL_TYPES has TIME literals");
    org.apache.spark.sql.Dataset<Row> empty = spark.sql(ALL_TYPES).where("false");
    Path out = tmp.resolve("empty");
    empty.write().format(ARROW).save(out.toString());
    List<Path> files = DataFiles.any(out);
    assertEquals(1, files.size(), files.toString()); // like Parquet: one file carrying the schema
    Dataset javaSide = Dataset.fromFile(files.get(0));
    assertEquals(0, javaSide.batchCount());
    assertEquals(empty.schema().size(), javaSide.schema().fields().size());
    ValueAssertions.assertDatasetsEqual(readOurs(files.get(0)), javaSide);

    org.apache.spark.sql.Dataset<Row> back = spark.read().format(ARROW).load(out.toString());
    assertEquals(0, back.count());
    for (int i = 0; i < empty.schema().size(); i++) {
      StructField expected = empty.schema().fields()[i];
      StructField actual = back.schema().fields()[i];
      assertEquals(expected.name(), actual.name());
      // like Parquet, file sources read every column (and nested field) as nullable
      assertEquals(expected.dataType().asNullable(), actual.dataType(), expected.name());
    }
  }

  @Test
  void emptyDataFrameReadsBackLikeParquet() {
    for (String f : List.of(PARQUET, ARROW)) {
      Path out = tmp.resolve("empty-" + f);
      spark.range(0).selectExpr("id", "CAST(id AS STRING) AS s", "array(id) AS a").write().format(f)
          .save(out.toString());
      assertEquals("struct<id:bigint,s:string,a:array<bigint>>",
          spark.read().format(f).load(out.toString()).schema().simpleString(), f);
    }
  }

  /** Binary and variant values have no value-based toString: compare them as hex and JSON. */
  private static org.apache.spark.sql.Dataset<Row> comparable(org.apache.spark.sql.Dataset<Row> df) {
    return df.withColumn("bin", functions.hex(functions.col("bin")))
        .withColumn("var", functions.to_json(functions.col("var")));
  }

  @Test
  void arrowJavaReadsEveryTypeWithTheSameValuesForEveryCodec() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(io.arrowfile.connector.types.ArrowToSpark.sparkHasTimeType(),
        "needs Spark's TIME type (4.1+; this Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION() + " lacks it): ALL_TYPES has TIME literals");
    org.apache.spark.sql.Dataset<Row> source = spark.sql(ALL_TYPES).repartition(2);
    List<String> expectedRows = Tables.rows(comparable(source));
    for (String codec : List.of("none", "lz4", "zstd")) {
      Path out = tmp.resolve("codec-" + codec);
      source.write().format(ARROW).option("compression", codec).option("rowsPerBatch", "7").save(out.toString());
      List<Path> files = DataFiles.any(out);
      assertEquals(2, files.size(), files.toString());
      long rows = 0;
      for (Path file : files) {
        Dataset javaSide = Dataset.fromFile(file);
        assertTrue(javaSide.batchCount() >= 2, "batches of " + file);
        // Arrow Java and our reader agree on the schema and on every value of every batch
        ValueAssertions.assertDatasetsEqual(javaSide, readOurs(file));
        rows += javaSide.totalRows();
      }
      assertEquals(40, rows);
      // and Spark reads back the rows it wrote
      org.apache.spark.sql.Dataset<Row> back = spark.read().format(ARROW).load(out.toString());
      assertEquals(expectedRows, Tables.rows(comparable(back)), codec);
    }
  }

  @Test
  void arrowJavaSeesSparkValuesInArrowRepresentation() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(io.arrowfile.connector.types.ArrowToSpark.sparkHasTimeType(),
        "needs Spark's TIME type (4.1+; this Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION() + " lacks it): ALL_TYPES has TIME literals");
    Path out = tmp.resolve("spot");
    spark.sql(ALL_TYPES).where("id = 4").coalesce(1).write().format(ARROW).option("compression", "zstd")
        .save(out.toString());
    Dataset d = Dataset.fromFile(DataFiles.any(out).get(0));
    Map<String, Object> row = new java.util.HashMap<>();
    for (int c = 0; c < d.schema().fields().size(); c++) {
      row.put(d.schema().field(c).name(), d.column(c).get(0));
    }
    assertEquals(4L, row.get("id"));
    assertEquals(true, row.get("bool"));
    assertEquals((byte) -16, ((Number) row.get("i8")).byteValue());
    assertEquals(39_999_999_999L, row.get("i64"));
    assertEquals(new BigDecimal("-20.00").add(new BigDecimal("5.00")), row.get("dec"));
    assertEquals(new BigDecimal("-49382715604938271560.049383"), row.get("dec38"));
    assertEquals("héllo 😀 4", row.get("str"));
    assertEquals(-7L + 4, ((Number) row.get("date")).longValue()); // days since epoch (1969-12-25 is -7)
    assertEquals(-1L + 4_000_000, ((Number) row.get("ts")).longValue()); // µs since epoch
    assertEquals(4L * 86_400_000_000L + 2 * 3_600_000_000L + 3 * 60_000_000L + 4_500_000L,
        ((Number) row.get("dti")).longValue()); // Duration(µs)
    assertEquals(4 * 12 - 1, ((Number) row.get("ymi")).intValue()); // months
    assertEquals(45_296_789_000_000L, ((Number) row.get("tm")).longValue()); // Time64(ns)
    assertEquals(String.valueOf(java.util.Arrays.asList(4L, null, 5L)), String.valueOf(row.get("arr")));
    assertEquals("héllo 😀 4".getBytes(StandardCharsets.UTF_8).length,
        ((String) row.get("str")).getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void calendarIntervalsAreWrittenAsMonthDayNano() throws IOException {
    // Spark refuses CalendarIntervalType columns in every file source's DataFrame writes (Parquet too:
    // UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE), so the writer is driven directly here.
    StructType schema = new StructType().add("cal", DataTypes.CalendarIntervalType);
    Path file = tmp.resolve("cal.arrow");
    ArrowOutputWriter w = ArrowOutputWriter.create(file.toUri().toString(), schema, new Configuration(),
        ArrowWriteOptions.DEFAULT, "UTC");
    w.write(new GenericInternalRow(new Object[] {new CalendarInterval(14, -3, 1_000_001L)}));
    w.write(new GenericInternalRow(new Object[] {null}));
    w.close();
    Dataset d = Dataset.fromFile(file);
    assertEquals(new IntervalMonthDayNano(14, -3, 1_000_001_000L), d.column(0).get(0));
    assertEquals(null, d.column(0).get(1));
    ValueAssertions.assertDatasetsEqual(d, readOurs(file));
  }

  @Test
  void aLowByteCapCutsManyBatchesBeforeStringOffsetsCouldOverflow() throws IOException {
    // The byte cap is the 32-bit offset guard: a batch is closed before its buffered bytes pass maxBatchBytes
    // (at most 1 GiB, so Utf8/Binary/List offsets never reach 2^31). With the smallest cap (1k) it must still
    // cut correctly: many batches, no batch's string data beyond the cap, every value intact.
    Path out = tmp.resolve("cap");
    org.apache.spark.sql.Dataset<Row> df = spark.range(3000)
        .selectExpr("id", "repeat(concat('v', id, '|'), CAST(1 + id % 40 AS INT)) AS s", "array(CAST(id AS STRING)) AS a");
    df.coalesce(1).write().format(ARROW).option(ArrowWriteOptions.MAX_BATCH_BYTES, "1k").save(out.toString());
    Path file = DataFiles.any(out).get(0);
    Dataset ours = readOurs(file);
    assertTrue(ours.batchCount() > 300, "batches: " + ours.batchCount());
    for (int b = 0; b < ours.batchCount(); b++) {
      long stringBytes = 0;
      for (Object v : ours.batches().get(b).get(1)) {
        stringBytes += ((String) v).getBytes(StandardCharsets.UTF_8).length;
      }
      assertTrue(stringBytes <= 1024, "batch " + b + " holds " + stringBytes + " string bytes");
    }
    ValueAssertions.assertDatasetsEqual(Dataset.fromFile(file), ours);
    assertEquals(Tables.rows(df), Tables.rows(spark.read().format(ARROW).load(out.toString())));
  }

  @Test
  void theByteCapAlsoCutsBatchesOfRowsThatAreNotUnsafeRows() throws IOException {
    // Spark's writers hand over UnsafeRows (whose size is known before appending); other rows are cut right
    // after the row that reaches the cap.
    StructType schema = new StructType().add("s", DataTypes.StringType);
    ArrowWriteOptions options = ArrowWriteOptions.parse(Map.of("maxBatchBytes", "1k"));
    Path file = tmp.resolve("generic.arrow");
    String value = "x".repeat(300);
    ArrowOutputWriter w = ArrowOutputWriter.create(file.toUri().toString(), schema, new Configuration(), options,
        "UTC");
    for (int i = 0; i < 20; i++) {
      w.write(new GenericInternalRow(new Object[] {UTF8String.fromString(value + i)}));
    }
    w.close();
    assertEquals(20, w.rowCount());
    Dataset d = Dataset.fromFile(file);
    assertTrue(d.batchCount() >= 5, "batches: " + d.batchCount());
    for (int b = 0; b < d.batchCount(); b++) {
      assertTrue(d.rowCount(b) <= 4, "rows in batch " + b + ": " + d.rowCount(b));
    }
    assertEquals(value + 19, d.column(0).get(19));
    assertFalse(d.column(0).contains(null));
  }
}
