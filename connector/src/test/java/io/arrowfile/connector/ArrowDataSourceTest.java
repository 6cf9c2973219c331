package io.arrowfile.connector;

import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Routing (V2 BatchScan, V1 FileScan), tables, directories, partitions, pruning, schemas, errors. */
class ArrowDataSourceTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  static final Schema WIDE = Schema.of(Field.nullable("id", ArrowType.Int.INT64),
      Field.nullable("name", new ArrowType.Utf8()), Field.nullable("score", ArrowType.Int.INT32),
      Field.nullable("flag", new ArrowType.Bool()));

  static List<Object[]> rows(long from, int n) {
    List<Object[]> rows = new ArrayList<>();
    for (long i = from; i < from + n; i++) {
      rows.add(new Object[] {i, "n" + i, (int) (i * 10), i % 2 == 0});
    }
    return rows;
  }

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(Fixtures::spark).into(s -> spark = s);

  static String explain(Dataset<Row> df) {
    return df.queryExecution().executedPlan().toString();
  }

  @Test
  void dataFrameReadIsBatchScanAndSqlOnPathIsBatchedFileScan() throws Exception {
    Path p = Fixtures.writeFile(dir.resolve("route/a.arrow"), WIDE, rows(0, 5), rows(5, 5));
    Dataset<Row> df = spark.read().format("arrowfile").load(p.toString());
    assertEquals(10, df.count());
    String v2 = explain(df);
    assertTrue(v2.contains("BatchScan"), v2);
    Dataset<Row> sql = spark.sql("SELECT * FROM arrowfile.`" + p + "`");
    String v1 = explain(sql).toLowerCase(Locale.ROOT);
    assertTrue(v1.contains("filescan arrowfile") && v1.contains("batched: true"), v1);
    assertEquals(10, sql.collectAsList().size());
    assertEquals(45L, sql.selectExpr("sum(id)").first().getLong(0));
  }

  @Test
  void createTableUsingLocation() throws Exception {
    Path d = dir.resolve("table");
    Fixtures.writeFile(d.resolve("part-0.arrow"), WIDE, rows(0, 3));
    Fixtures.writeFile(d.resolve("part-1.arrow"), WIDE, rows(3, 4));
    spark.sql("CREATE TABLE arrow_t USING arrowfile LOCATION '" + d.toUri() + "'");
    try {
      Dataset<Row> df = spark.sql("SELECT id, name FROM arrow_t WHERE score >= 20 ORDER BY id");
      List<Row> got = df.collectAsList();
      assertEquals(5, got.size());
      assertEquals(2L, got.get(0).getLong(0));
      assertEquals("n6", got.get(4).getString(1));
      assertTrue(explain(df).toLowerCase(Locale.ROOT).contains("batched: true"));
    } finally {
      spark.sql("DROP TABLE arrow_t");
    }
  }

  @Test
  void directoryIgnoresHiddenAndUnderscoreFiles() throws Exception {
    Path d = dir.resolve("parts");
    Fixtures.writeFile(d.resolve("part-0.arrow"), WIDE, rows(0, 3));
    Fixtures.writeStream(d.resolve("part-1.arrows"), WIDE, rows(3, 2));
    Files.writeString(d.resolve("_SUCCESS"), "");
    Files.writeString(d.resolve(".hidden.arrow"), "garbage");
    Files.writeString(d.resolve("_metadata"), "not arrow");
    Dataset<Row> df = spark.read().format("arrowfile").load(d.toString());
    assertEquals(5, df.count());
    assertEquals(10L, df.selectExpr("sum(id)").first().getLong(0));
  }

  @Test
  void partitionDirectoriesAreDiscovered() throws Exception {
    Path d = dir.resolve("partitioned");
    Fixtures.writeFile(d.resolve("year=2023/region=eu/a.arrow"), WIDE, rows(0, 2));
    Fixtures.writeFile(d.resolve("year=2024/region=us/b.arrow"), WIDE, rows(2, 3));
    Dataset<Row> df = spark.read().format("arrowfile").load(d.toString());
    StructType s = df.schema();
    assertEquals(DataTypes.IntegerType, s.apply("year").dataType());
    assertEquals(DataTypes.StringType, s.apply("region").dataType());
    List<Row> got = df.where("year = 2024").select("id", "region", "year").orderBy("id").collectAsList();
    assertEquals(3, got.size());
    assertEquals(2L, got.get(0).getLong(0));
    assertEquals("us", got.get(0).getString(1));
    assertEquals(2024, got.get(0).getInt(2));
    Dataset<Row> v1 = spark.sql("SELECT id, region FROM arrowfile.`" + d + "` WHERE region = 'eu'");
    assertEquals(2, v1.count());
  }

  @Test
  void columnPruningReadsOneColumn() throws Exception {
    Path p = Fixtures.writeFile(dir.resolve("prune/a.arrow"), WIDE, rows(0, 4));
    Dataset<Row> df = spark.read().format("arrowfile").load(p.toString()).select("name");
    String plan = explain(df);
    assertTrue(plan.contains("ReadSchema: struct<name:string>"), plan);
    List<Row> got = df.collectAsList();
    assertEquals(4, got.size());
    assertEquals("n3", got.get(3).getString(0));
    assertEquals(1, got.get(0).size());
  }

  @Test
  void userSchemaSelectsByNameAndAbsentColumnsAreNull() throws Exception {
    Path p = Fixtures.writeFile(dir.resolve("user/a.arrow"), WIDE, rows(0, 3));
    StructType schema = new StructType().add("score", DataTypes.IntegerType).add("missing", DataTypes.StringType)
        .add("id", DataTypes.LongType);
    Dataset<Row> df = spark.read().format("arrowfile").schema(schema).load(p.toString());
    List<Row> got = df.collectAsList();
    assertEquals(3, got.size());
    assertEquals(20, got.get(2).getInt(0));
    assertNull(got.get(2).get(1));
    assertEquals(2L, got.get(2).getLong(2));
  }

  @Test
  void disagreeingFilesFailWithClearErrorUnlessMerged() throws Exception {
    Path d = dir.resolve("disagree");
    Fixtures.writeFile(d.resolve("a.arrow"), WIDE, rows(0, 2));
    Schema other = Schema.of(Field.nullable("id", ArrowType.Int.INT64), Field.nullable("extra", new ArrowType.Utf8()));
    Fixtures.writeFile(d.resolve("b.arrow"), other, List.<Object[]>of(new Object[] {9L, "x"}));
    Exception e = assertThrows(Exception.class, () -> spark.read().format("arrowfile").load(d.toString()).count());
    String msg = messages(e);
    assertTrue(msg.contains("a.arrow") && msg.contains("b.arrow") && msg.contains("'name'"), msg);
    assertTrue(msg.contains("set option mergeSchema=true"), msg);

    Dataset<Row> merged = spark.read().format("arrowfile").option("mergeSchema", "true").load(d.toString());
    assertEquals(List.of("id", "name", "score", "flag", "extra"), List.of(merged.schema().fieldNames()));
    List<Row> got = merged.orderBy("id").collectAsList();
    assertEquals(3, got.size());
    assertNull(got.get(0).get(4));
    assertEquals("x", got.get(2).getString(4));
    assertNull(got.get(2).get(1));

    Path t = dir.resolve("typeclash");
    Fixtures.writeFile(t.resolve("a.arrow"), WIDE, rows(0, 2));
    Fixtures.writeFile(t.resolve("b.arrow"), Schema.of(Field.nullable("id", new ArrowType.Utf8())),
        List.<Object[]>of(new Object[] {"x"}));
    Exception clash = assertThrows(Exception.class,
        () -> spark.read().format("arrowfile").option("mergeSchema", "true").load(t.toString()).count());
    String cm = messages(clash);
    assertTrue(cm.contains("'id'") && cm.contains("bigint") && cm.contains("string"), cm);
    // mergeSchema is already set and cannot reconcile types: the hint must not send the user back to it.
    assertTrue(cm.contains("mergeSchema does not reconcile types") && !cm.contains("set option mergeSchema"), cm);
  }

  @Test
  void hadoopReadPathForFilesAndStreams() throws Exception {
    Path d = dir.resolve("hadoop");
    Fixtures.writeFile(d.resolve("a.arrow"), WIDE, rows(0, 100), rows(100, 50));
    Fixtures.writeStream(d.resolve("b.arrows"), WIDE, rows(150, 10));
    Dataset<Row> df = spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, "true").load(d.toString());
    assertEquals(160, df.count());
    Row agg = df.selectExpr("sum(id)", "count(name)", "max(name)").first();
    assertEquals(159L * 160 / 2, agg.getLong(0));
    assertEquals(160L, agg.getLong(1));
    assertEquals("n99", agg.getString(2));
    Dataset<Row> v1 = spark.sql("SELECT count(*), sum(score) FROM arrowfile.`" + d + "`");
    assertEquals(160L, v1.first().getLong(0));
  }

  // FileSystem.getStatistics(scheme, class) is deprecated for the StorageStatistics view, which is kept per scheme
  // and so does not single out the raw local file system's own counter, the one a Hadoop read of a local file adds to.
  @SuppressWarnings("deprecation")
  @Test
  void hadoopReadOfSomeColumnsFetchesOnlyTheirBytes() throws Exception {
    Schema schema = Schema.of(Field.nullable("small", ArrowType.Int.INT32), Field.nullable("big", new ArrowType.Utf8()),
        Field.nullable("tail", ArrowType.Int.INT64));
    List<Object[]> rows = new ArrayList<>();
    String filler = "x".repeat(1000);
    for (int i = 0; i < 3000; i++) {
      rows.add(new Object[] {i, filler + i, (long) -i});
    }
    Path p = Fixtures.writeFile(dir.resolve("pruned/a.arrow"), schema, rows, rows);
    long fileSize = Files.size(p);
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    org.apache.hadoop.fs.Path hp = new org.apache.hadoop.fs.Path(p.toUri());
    // The raw local file system's own class: the tests' core-site.xml names a subclass (ForklessLocalFileSystem).
    org.apache.hadoop.fs.FileSystem.Statistics stats = org.apache.hadoop.fs.FileSystem.getStatistics("file",
        org.apache.hadoop.fs.FileSystem.getLocal(conf).getRawFileSystem().getClass());
    long before = stats.getBytesRead();
    long sum = 0;
    int n = 0;
    try (io.arrowfile.ipc.BatchReader r = ArrowFiles.open(conf, hp, io.arrowfile.connector.files.ReadMode.HADOOP, io.arrowfile.ipc.ReadOptions.DEFAULT,
        s -> new int[] {0, 2})) {
      assertEquals(List.of("small", "tail"), r.schema().fields().stream().map(Field::name).toList());
      io.arrowfile.columnar.RecordBatch b;
      while ((b = r.next()) != null) {
        io.arrowfile.columnar.array.IntArray ints =
            (io.arrowfile.columnar.array.IntArray) io.arrowfile.columnar.array.ArrowArray.of(b.column(0));
        for (int i = 0; i < b.length(); i++) {
          sum += ((Number) ints.getObject(i)).longValue();
          n++;
        }
      }
    }
    long read = stats.getBytesRead() - before;
    assertEquals(6000, n);
    assertEquals(2L * (2999L * 3000 / 2), sum);
    assertTrue(read < fileSize / 10, "read " + read + " of " + fileSize + " bytes");

    Dataset<Row> df = spark.read().format("arrowfile").option(ArrowFiles.FORCE_HADOOP_READ, "true").load(p.toString());
    Row agg = df.selectExpr("sum(small)", "min(tail)", "count(*)").first();
    assertEquals(2L * (2999L * 3000 / 2), agg.getLong(0));
    assertEquals(-2999L, agg.getLong(1));
    assertEquals(6000L, agg.getLong(2));
    assertEquals(filler + "999", df.selectExpr("max(big)").first().getString(0));
  }

  @Test
  void decimal256BeyondSparkPrecisionReadsAsText() throws Exception {
    Path p = Fixtures.writeFile(dir.resolve("dec256/a.arrow"),
        Schema.of(Field.nullable("huge", new ArrowType.Decimal(60, 0, 256))), List.<Object[]>of(new Object[] {null}),
        List.<Object[]>of(new Object[] {new java.math.BigDecimal("-1" + "0".repeat(59))}));
    Dataset<Row> df = spark.read().format("arrowfile").load(p.toString());
    assertEquals(org.apache.spark.sql.types.DataTypes.StringType, df.schema().apply("huge").dataType());
    assertEquals(2L, df.count());
    assertEquals("-1" + "0".repeat(59), df.where("huge IS NOT NULL").first().getString(0));
  }

  @Test
  void writtenByArrowfileReadsBack() {
    String out = dir.resolve("out").toString();
    spark.range(3).toDF().write().format("arrowfile").save(out);
    Dataset<Row> back = spark.read().format("arrowfile").load(out);
    assertEquals(3L, back.count());
    assertEquals(3L, back.selectExpr("sum(id)").first().getLong(0));
  }
}
