package io.arrowfile.connector.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.connector.read.ScanMetrics;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkTesting;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code COUNT(col)}, {@code MIN} and {@code MAX} answered per file, from the footer statistics where they are exact
 * and by reading the column where they are not (a file written without statistics, a string column): the answers
 * are those of the same query over the same rows computed by Spark without any file, including nulls, NaN, -0.0,
 * all-null and all-NaN columns, partition columns and a column some files lack.
 */
class AggregatePushdownTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  /** Every type MIN/MAX is pushed for, with nulls; d and f with NaN and -0.0; s is read (truncated stats). */
  static final String[] COLUMNS = {
      "CAST(id AS INT) AS i", "id * 1000003 - 5000000000 AS l",
      "CASE WHEN id % 7 = 0 THEN NULL WHEN id % 11 = 0 THEN CAST('NaN' AS DOUBLE) WHEN id % 13 = 0 THEN -0.0D"
          + " ELSE (id - 900) / 3.0D END AS d",
      "CASE WHEN id % 5 = 0 THEN NULL ELSE CAST((id - 500) / 7.0 AS FLOAT) END AS f",
      "CASE WHEN id % 3 = 0 THEN NULL ELSE CAST((id - 1000) / 100.0 AS DECIMAL(10,2)) END AS dec",
      "CASE WHEN id % 4 = 0 THEN NULL ELSE id % 3 = 0 END AS b",
      "CASE WHEN id % 6 = 0 THEN NULL ELSE date_add(DATE'2020-01-01', CAST(id % 400 AS INT) - 200) END AS dt",
      "CASE WHEN id % 9 = 0 THEN NULL ELSE timestamp_micros(1600000000000000 + id * 999983) END AS ts",
      "CAST(id % 100 AS SMALLINT) AS sh", "CAST(id % 100 - 50 AS TINYINT) AS by",
      "CASE WHEN id % 8 = 0 THEN NULL ELSE concat('s', id) END AS s",
      "CAST(NULL AS BIGINT) AS nothing", "CAST('NaN' AS DOUBLE) AS nan",
      "CAST(id % 3 AS INT) AS p"};

  static final String QUERY = "SELECT count(*), count(i), min(i), max(i), min(l), max(l), count(d), min(d), max(d),"
      + " min(f), max(f), count(dec), min(dec), max(dec), min(b), max(b), min(dt), max(dt), min(ts), max(ts),"
      + " min(sh), max(sh), min(by), max(by), count(s), count(nothing), min(nothing), max(nothing), min(nan),"
      + " max(nan) FROM t";

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-aggregate-pushdown")
      .into(s -> spark = s);

  @BeforeAll
  static void setUp() {
    spark.conf().set("spark.sql.adaptive.enabled", "false");
  }

  static Dataset<Row> rows(long from, long to) {
    return spark.range(from, to, 1, 3).selectExpr(COLUMNS);
  }

  static String answer(Dataset<Row> df, String query) {
    df.createOrReplaceTempView("t");
    return spark.sql(query).collectAsList().toString();
  }

  /** {@code query} over the files at {@code path}, answered on the driver where it can be, else by tasks. */
  static Dataset<Row> pushed(String path, String query) {
    spark.read().format("arrowfile").load(path).createOrReplaceTempView("t");
    return spark.sql(query);
  }

  /** {@code query} over the files at {@code path}, answered by the scan's tasks, one row per file. */
  static Dataset<Row> byTasks(String path, String query) {
    spark.read().format("arrowfile").option("arrowfile.aggregateOnDriver", "false").load(path)
        .createOrReplaceTempView("t");
    return spark.sql(query);
  }

  static String plan(Dataset<Row> q) {
    return q.queryExecution().executedPlan().toString();
  }

  /** Answered from footers on the driver: the plan reads no file, it holds the result. */
  static void assertOnDriver(Dataset<Row> q) {
    assertTrue(plan(q).contains("LocalTableScan") && !plan(q).contains("BatchScan"), plan(q));
  }

  @Test
  void answersFromStatisticsEqualSparksOwn() {
    String path = dir.resolve("stats").toString();
    rows(0, 3000).write().format("arrowfile").option("rowsPerBatch", "250").save(path);
    String expected = answer(rows(0, 3000), QUERY);
    // three files: the driver combines their footers (NaN above everything, -0.0 and 0.0, all-null columns)
    Dataset<Row> q = pushed(path, QUERY);
    assertEquals(expected, q.collectAsList().toString());
    assertOnDriver(q);
    // the same by tasks, each answering its file from the footer
    Dataset<Row> t = byTasks(path, QUERY);
    assertEquals(expected, t.collectAsList().toString());
    assertTrue(plan(t).contains("PushedAggregation: [COUNT(*), COUNT(i), MIN(i), MAX(i)"), plan(t));
    assertEquals(0, SparkTesting.scanMetrics(t).get(ScanMetrics.BATCHES_READ).value(), "no record batch is read");
  }

  @Test
  void filesWithoutStatisticsAreReadAndMixedFilesAgree() {
    String path = dir.resolve("mixed").toString();
    rows(0, 1500).write().format("arrowfile").option("rowsPerBatch", "250").save(path);
    rows(1500, 3000).write().mode("append").format("arrowfile").option("statistics", "false").save(path);
    // the driver cannot answer from these footers: tasks do, reading the files without statistics
    Dataset<Row> q = pushed(path, QUERY);
    assertEquals(answer(rows(0, 3000), QUERY), q.collectAsList().toString());
    assertTrue(plan(q).contains("PushedAggregation"), plan(q));
    assertTrue(SparkTesting.scanMetrics(q).get(ScanMetrics.BATCHES_READ).value() > 0,
        "the files without statistics are read");
  }

  @Test
  void groupedByPartitionColumns() {
    String path = dir.resolve("partitioned").toString();
    rows(0, 3000).write().format("arrowfile").option("rowsPerBatch", "250").partitionBy("p").save(path);
    String query = "SELECT p, count(*), count(d), min(d), max(d), min(dec), max(ts) FROM t GROUP BY p ORDER BY p";
    String expected = answer(rows(0, 3000), query);
    Dataset<Row> q = pushed(path, query);
    assertEquals(expected, q.collectAsList().toString());
    assertOnDriver(q);
    Dataset<Row> t = byTasks(path, query);
    assertEquals(expected, t.collectAsList().toString());
    assertTrue(plan(t).contains("PushedGroupBy: [p]"), plan(t));
    // partition filters choose the files; no file left: a global aggregate is one row, a grouped one none
    String none = "SELECT count(*), min(i), max(d) FROM t WHERE p = 7";
    assertEquals("[[0,null,null]]", pushed(path, none).collectAsList().toString());
    assertEquals("[[0,null,null]]", byTasks(path, none).collectAsList().toString());
    assertEquals("[]", pushed(path, "SELECT p, count(*) FROM t WHERE p = 7 GROUP BY p").collectAsList().toString());
    String some = "SELECT p, count(*), max(i) FROM t WHERE p >= 1 GROUP BY p ORDER BY p";
    assertEquals(answer(rows(0, 3000), some), pushed(path, some).collectAsList().toString());
  }

  @Test
  void aColumnSomeFilesLackCountsAsNull() {
    String path = dir.resolve("merged").toString();
    spark.range(0, 100, 1, 1).selectExpr("id", "id * 2 AS x").write().format("arrowfile").save(path);
    spark.range(100, 200, 1, 1).selectExpr("id").write().mode("append").format("arrowfile").save(path);
    String query = "SELECT count(*), count(x), min(x), max(x), min(id), max(id) FROM t";
    for (String onDriver : new String[] {"true", "false"}) {
      spark.read().format("arrowfile").option("mergeSchema", "true")
          .option("arrowfile.aggregateOnDriver", onDriver).load(path).createOrReplaceTempView("t");
      Dataset<Row> result = spark.sql(query);
      assertEquals("[[200,100,0,198,0,199]]", result.collectAsList().toString(), "on the driver: " + onDriver);
      assertTrue(plan(result).contains(onDriver.equals("true") ? "LocalTableScan" : "PushedAggregation"),
          plan(result));
    }
  }

  @Test
  void aFileChangedAfterListingIsLeftToTheTasks() throws Exception {
    String path = dir.resolve("changing").toString();
    spark.range(0, 100, 1, 1).selectExpr("id").write().format("arrowfile").save(path);
    Dataset<Row> df = spark.read().format("arrowfile").load(path);
    // the listing is cached by the DataFrame: rewrite the file behind it, so that footer and listing disagree
    Path file = DataFiles.first(Path.of(path));
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    java.nio.file.Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length + 8));
    df.createOrReplaceTempView("t");
    Dataset<Row> q = spark.sql("SELECT count(*) FROM t");
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, q::collectAsList);
    assertTrue(String.valueOf(e.getMessage()).contains("changed after the query was planned")
        || String.valueOf(e.getCause()).contains("changed after the query was planned"), String.valueOf(e));
  }

  @Test
  void stringMinMaxAndSumAreNotPushed() {
    String path = dir.resolve("strings").toString();
    rows(0, 1000).write().format("arrowfile").save(path);
    String query = "SELECT min(s), max(s), sum(i) FROM t";
    Dataset<Row> q = pushed(path, query);
    assertEquals(answer(rows(0, 1000), query), q.collectAsList().toString());
    assertTrue(!plan(q).contains("PushedAggregation") && !plan(q).contains("LocalTableScan"), plan(q));
  }
}
