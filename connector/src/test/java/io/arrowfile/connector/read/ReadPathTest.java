package io.arrowfile.connector.read;

import io.arrowfile.testing.SparkLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VarcharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import io.arrowfile.spark.ScalaCollections;

/** Schema restore, splits by record batch, statistics skipping and scan metrics, through Spark. */
class ReadPathTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-read-test",
      "spark.sql.datetime.java8API.enabled", "true").into(s -> spark = s);

  private static final Schema LONGS = Schema.of(Field.nullable("id", ArrowType.Int.INT64));

  /** {@code batches} record batches of {@code rows} consecutive longs each, file or stream format. */
  static Path writeLongs(Path path, int batches, int rows, boolean stream) throws Exception {
    Files.createDirectories(path.getParent());
    try (AutoCloseable w = stream ? ArrowStreamWriter.create(path, LONGS, WriteOptions.DEFAULT)
        : ArrowFileWriter.create(path, LONGS, WriteOptions.DEFAULT)) {
      for (int b = 0; b < batches; b++) {
        RecordBatchBuilder rb = RecordBatchBuilder.create(LONGS);
        for (int i = 0; i < rows; i++) {
          rb.appendRow((long) b * rows + i);
        }
        RecordBatch batch = rb.build();
        if (w instanceof ArrowFileWriter f) {
          f.write(batch);
        } else {
          ((ArrowStreamWriter) w).write(batch);
        }
      }
    }
    return path;
  }

  static void assertIds(Dataset<Row> df, long n) {
    List<Row> rows = df.orderBy("id").collectAsList();
    assertEquals(n, rows.size());
    for (int i = 0; i < n; i++) {
      assertEquals((long) i, rows.get(i).getLong(0));
    }
  }

  /** The tasks of {@code df}'s one arrowfile scan. */
  static List<FilePartition> filePartitions(Dataset<Row> df) {
    List<FilePartition> out = new ArrayList<>();
    BatchScanExec scan = (BatchScanExec) SparkTesting.batchScans(df).get(0);
    for (InputPartition p : ScalaCollections.toJava(scan.inputPartitions())) {
      out.add((FilePartition) p);
    }
    return out;
  }

  // ------------------------------------------------------------------ 1. schema restore

  @Test
  void sparkTypesAndMetadataRoundTrip() {
    SparkLine.assumeCharVarcharTypes();
    spark.conf().set("spark.sql.preserveCharVarcharTypeInfo", "true");
    try {
      Metadata md = new MetadataBuilder().putString("comment", "the key").putLong("weight", 3).build();
      Dataset<Row> df = spark.sql("SELECT CAST(id AS VARCHAR(10)) AS v, CAST('x' AS CHAR(5)) AS c, id, "
          + "INTERVAL '1' HOUR AS h FROM range(3)");
      df = df.withColumn("id", df.col("id").as("id", md));
      String out = dir.resolve("restore").toString();
      df.write().format("arrowfile").options(SparkTesting.PLAIN).mode("overwrite").save(out);
      StructType back = spark.read().format("arrowfile").load(out).schema();
      // Spark's write path marks char/varchar fields with __CHAR_VARCHAR_TYPE_STRING; it comes back, as with Parquet.
      assertEquals("varchar(10)", back.apply("v").metadata().getString("__CHAR_VARCHAR_TYPE_STRING"));
      assertEquals(df.schema().asNullable().json(), withoutCharMarker(back).asNullable().json());
      assertTrue(back.apply("v").dataType() instanceof VarcharType, back.toString());
      assertFalse(back.apply("v").metadata().contains("spark.type"));
      assertEquals(3L, spark.read().format("arrowfile").load(out).where("v = '2'").count() + 2);
      // SQL on the path (V1) sees the same schema
      assertEquals(df.schema().asNullable().json(),
          withoutCharMarker(spark.sql("SELECT * FROM arrowfile.`" + out + "`").schema()).asNullable().json());
    } finally {
      spark.conf().unset("spark.sql.preserveCharVarcharTypeInfo");
    }
  }

  static StructType withoutCharMarker(StructType t) {
    StructField[] fields = t.fields().clone();
    for (int i = 0; i < fields.length; i++) {
      Metadata md = new MetadataBuilder().withMetadata(fields[i].metadata()).remove("__CHAR_VARCHAR_TYPE_STRING")
          .build();
      fields[i] = new StructField(fields[i].name(), fields[i].dataType(), fields[i].nullable(), md);
    }
    return new StructType(fields);
  }

  @Test
  void foreignMetadataSurfacesAndSparkKeysAreHidden() throws Exception {
    SparkLine.assumeCharVarcharTypes();
    Schema schema = Schema.of(Field.nullable("s", new ArrowType.Utf8())
        .withMetadata(Map.of("owner", "ops", "spark.type", "\"varchar(3)\"", "spark.other", "x")));
    Path p = dir.resolve("foreign/a.arrow");
    Files.createDirectories(p.getParent());
    try (ArrowFileWriter w = ArrowFileWriter.create(p, schema, WriteOptions.DEFAULT)) {
      RecordBatchBuilder b = RecordBatchBuilder.create(schema);
      b.appendRow("abc");
      b.appendRow((Object) null);
      w.write(b.build());
    }
    spark.conf().set("spark.sql.preserveCharVarcharTypeInfo", "true");
    try {
      Dataset<Row> df = spark.read().format("arrowfile").load(p.toString());
      StructField f = df.schema().apply("s");
      assertEquals(VarcharType.apply(3), f.dataType());
      assertEquals("ops", f.metadata().getString("owner"));
      assertFalse(f.metadata().contains("spark.type"));
      assertFalse(f.metadata().contains("spark.other"));
      assertEquals(2, df.collectAsList().size());
      assertEquals("abc", df.where("s IS NOT NULL").first().getString(0));
    } finally {
      spark.conf().unset("spark.sql.preserveCharVarcharTypeInfo");
    }
  }

  @Test
  void wrongRecordedTypeFallsBackToTheData() throws Exception {
    Schema schema = Schema.of(Field.nullable("n", ArrowType.Int.INT32)
        .withMetadata(Map.of("spark.type", "\"string\"")));
    Path p = dir.resolve("wrongtype/a.arrow");
    Files.createDirectories(p.getParent());
    try (ArrowFileWriter w = ArrowFileWriter.create(p, schema, WriteOptions.DEFAULT)) {
      RecordBatchBuilder b = RecordBatchBuilder.create(schema);
      b.appendRow(7);
      w.write(b.build());
    }
    Dataset<Row> df = spark.read().format("arrowfile").load(p.toString());
    assertEquals(DataTypes.IntegerType, df.schema().apply("n").dataType());
    assertEquals(7, df.first().getInt(0));
  }

  // ------------------------------------------------------------------ 2. splits

  @Test
  void largeFileIsSplitAlongRecordBatches() throws Exception {
    Path p = writeLongs(dir.resolve("split/a.arrow"), 40, 2000, false); // ~16 KB per batch
    Path s = writeLongs(dir.resolve("splitstream/a.arrows"), 40, 2000, true);
    spark.conf().set("spark.sql.files.maxPartitionBytes", "50000");
    spark.conf().set("spark.sql.files.openCostInBytes", "0");
    try {
      Dataset<Row> df = spark.read().format("arrowfile").load(p.toString());
      assertTrue(df.rdd().getNumPartitions() >= 5, "partitions: " + df.rdd().getNumPartitions());
      List<Row> all = df.collectAsList();
      assertEquals(80_000, all.size());
      assertEquals(80_000, all.stream().mapToLong(r -> r.getLong(0)).distinct().count());
      Map<String, SQLMetric> m = SparkTesting.scanMetrics(df);
      assertEquals(40, m.get("batchesRead").value());
      // V1 (SQL on the path) splits too
      Dataset<Row> v1 = spark.sql("SELECT id FROM arrowfile.`" + p + "`");
      assertTrue(v1.rdd().getNumPartitions() >= 5);
      assertIds(v1, 80_000);
      // a stream is split too (StreamSplitTest)
      Dataset<Row> st = spark.read().format("arrowfile").load(s.toString());
      assertIds(st, 80_000);
      assertIds(spark.sql("SELECT id FROM arrowfile.`" + s + "`"), 80_000);
      // remote-style (non-mapped, column-pruned) reads split the same way
      Dataset<Row> hadoop = spark.read().format("arrowfile").option("arrowfile.forceHadoopRead", "true")
          .load(p.toString());
      assertIds(hadoop, 80_000);
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
      spark.conf().unset("spark.sql.files.openCostInBytes");
    }
  }

  @Test
  void narrowReadPacksSplitsByTheShareOfColumnsRead() {
    String out = dir.resolve("tencolumns").toString();
    // three files of ~2.1 MB: ten long columns, record batches of 2000 rows (160 KB)
    spark.range(0, 60_000, 1, 3)
        .selectExpr("id", "id AS a1", "id AS a2", "id AS a3", "id AS a4", "id AS a5", "id AS a6", "id AS a7",
            "id AS a8", "id AS a9")
        .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "2000").save(out);
    spark.conf().set("spark.sql.files.maxPartitionBytes", "400000");
    spark.conf().set("spark.sql.files.openCostInBytes", "0");
    try {
      int planned = spark.read().format("arrowfile").load(out).rdd().getNumPartitions();
      assertTrue(planned >= 12, "Spark's splits: " + planned);
      // a tenth of each split's bytes is read: Spark's 400 KB per task needs only ceil(480 KB / 400 KB) = 2
      // tasks, which is also local[2]'s parallelism
      Dataset<Row> narrow = spark.read().format("arrowfile").load(out).select("id");
      assertEquals(2, narrow.rdd().getNumPartitions());
      assertIds(narrow, 60_000);
      assertEquals(60_000, narrow.collectAsList().size());
      assertEquals(30, SparkTesting.scanMetrics(narrow).get("batchesRead").value(), "each record batch read once");
      // never fewer tasks than Spark's minimum
      spark.conf().set("spark.sql.files.minPartitionNum", "5");
      Dataset<Row> five = spark.read().format("arrowfile").load(out).select("id");
      assertEquals(5, five.rdd().getNumPartitions());
      assertIds(five, 60_000);
      // reading every column: as many tasks as 400 KB each needs, rounded up to a multiple of the 2 cores
      spark.conf().unset("spark.sql.files.minPartitionNum");
      Dataset<Row> all = spark.read().format("arrowfile").load(out);
      long bytes = filePartitions(all).stream()
          .flatMap(t -> Arrays.stream(t.files())).mapToLong(PartitionedFile::length).sum();
      long needed = (bytes + 399_999) / 400_000;
      assertEquals((needed + 1) / 2 * 2, all.rdd().getNumPartitions(), bytes + " bytes");
      assertEquals(60_000, all.where("a9 = id").count());
      assertEquals(60_000, all.collectAsList().size());
      assertEquals(30, SparkTesting.scanMetrics(all).get("batchesRead").value(), "each record batch read once");
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
      spark.conf().unset("spark.sql.files.openCostInBytes");
      spark.conf().unset("spark.sql.files.minPartitionNum");
    }
  }

  @Test
  void tasksAreEqualAndAMultipleOfTheCores() {
    String out = dir.resolve("twofiles").toString();
    // two files of about 1.6 MB (record batches of 1000 rows, 16 KB); Spark's 1 MB splits would make 4 tasks
    // of 1 MB and 0.6 MB, the last two of which wait for a core
    spark.range(0, 200_000, 1, 2).selectExpr("id", "id * 2 AS a")
        .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "1000").save(out);
    spark.conf().set("spark.sql.files.maxPartitionBytes", "1000000");
    spark.conf().set("spark.sql.files.openCostInBytes", "0");
    try {
      Dataset<Row> df = spark.read().format("arrowfile").load(out);
      List<FilePartition> tasks = filePartitions(df);
      assertEquals(4, tasks.size(), "ceil(3.2 MB / 1 MB) tasks, already a multiple of 2");
      long smallest = Long.MAX_VALUE;
      long largest = 0;
      for (FilePartition t : tasks) {
        long bytes = Arrays.stream(t.files()).mapToLong(PartitionedFile::length).sum();
        // a task that continues a file past one of Spark's splits holds it as one range, and opens it once
        assertEquals(t.files().length, Arrays.stream(t.files()).map(PartitionedFile::urlEncodedPath).distinct().count(),
            Arrays.toString(t.files()));
        smallest = Math.min(smallest, bytes);
        largest = Math.max(largest, bytes);
      }
      assertTrue(largest - smallest <= 20_000, "tasks within a record batch of each other: " + smallest + " .. "
          + largest);
      assertIds(df.select("id"), 200_000);
      df.collectAsList();
      assertEquals(200, SparkTesting.scanMetrics(df).get("batchesRead").value(), "each record batch read once");
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
      spark.conf().unset("spark.sql.files.openCostInBytes");
    }
  }

  // ------------------------------------------------------------------ 3, 4. statistics skipping, metrics

  static String sortedTable() {
    String out = dir.resolve("sorted").toString();
    if (!Files.exists(Path.of(out))) {
      spark.range(0, 100_000, 1, 1)
          .selectExpr("id", "CAST(id AS STRING) AS s", "id * 0.5 AS d", "IF(id % 7 = 0, NULL, id) AS n",
              "CAST(id AS DECIMAL(12, 2)) AS dec", "DATE_ADD(DATE'2020-01-01', CAST(id / 1000 AS INT)) AS day")
          .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "1000").save(out);
    }
    return out;
  }

  @Test
  void selectiveFilterSkipsBatchesByStatistics() {
    String out = sortedTable();
    Dataset<Row> df = spark.read().format("arrowfile").load(out).where("id >= 41000 AND id < 42000");
    assertEquals(1000, df.count());
    Dataset<Row> q = spark.read().format("arrowfile").load(out).where("id >= 41000 AND id < 42000").select("id");
    List<Row> rows = q.collectAsList();
    assertEquals(1000, rows.size());
    Map<String, SQLMetric> m = SparkTesting.scanMetrics(q);
    assertTrue(m.get("batchesSkipped").value() >= 98, "skipped " + m.get("batchesSkipped").value());
    assertTrue(m.get("batchesRead").value() <= 2, "read " + m.get("batchesRead").value());
    assertTrue(m.get("bytesRead").value() > 0);
    String explain = q.queryExecution().executedPlan().toString();
    assertTrue(explain.contains("PushedFilters: [IsNotNull(id), GreaterThanOrEqual(id,41000)"), explain);
    // V1 gives the same rows
    assertEquals(1000, spark.sql("SELECT id FROM arrowfile.`" + out + "` WHERE id >= 41000 AND id < 42000").count());
  }

  @Test
  void filtersOfEveryKindGiveExactResults() {
    String out = sortedTable();
    String[] predicates = {
        "id = 12345", "id IN (5, 50005, 99999)", "id > 99990", "id <= 3", "NOT (id < 99000)", "id < 10 OR id > 99995",
        "s = '777'", "s > '99998'", "s < '1'", "d = 10.5", "d >= 49999.0", "n IS NULL AND id < 100",
        "n IS NOT NULL AND id < 100", "n <=> 8", "dec = 512.00", "dec > 99998.5", "day = DATE'2020-01-05'",
        "NOT (id = 5)", "id IN (NULL, 3)", "NOT (n IS NULL)", "s LIKE '999%'"};
    Dataset<Row> reference = spark.range(0, 100_000, 1, 1)
        .selectExpr("id", "CAST(id AS STRING) AS s", "id * 0.5 AS d", "IF(id % 7 = 0, NULL, id) AS n",
            "CAST(id AS DECIMAL(12, 2)) AS dec", "DATE_ADD(DATE'2020-01-01', CAST(id / 1000 AS INT)) AS day")
        .cache();
    for (String p : predicates) {
      long expected = reference.where(p).count();
      assertEquals(expected, spark.read().format("arrowfile").load(out).where(p).count(), "V2: " + p);
      assertEquals(expected, spark.sql("SELECT * FROM arrowfile.`" + out + "` WHERE " + p).count(), "V1: " + p);
    }
  }

  @Test
  void metricsCountEveryBatchWithoutFilters() {
    String out = sortedTable();
    Dataset<Row> q = spark.read().format("arrowfile").load(out).select("id");
    assertEquals(100_000, q.collectAsList().size());
    Map<String, SQLMetric> m = SparkTesting.scanMetrics(q);
    assertEquals(100, m.get("batchesRead").value());
    assertEquals(0, m.get("batchesSkipped").value());
    assertTrue(m.get("bytesRead").value() >= 100_000 * 8L);
  }
}
