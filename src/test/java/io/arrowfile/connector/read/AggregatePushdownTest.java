package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.SparkTesting;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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

  @BeforeAll
  static void setUp() {
    spark = SparkTesting.local("arrowfile-aggregate-pushdown");
    spark.conf().set("spark.sql.adaptive.enabled", "false");
  }

  @AfterAll
  static void tearDown() {
    spark.stop();
  }

  static Dataset<Row> rows(long from, long to) {
    return spark.range(from, to, 1, 3).selectExpr(COLUMNS);
  }

  static String answer(Dataset<Row> df, String query) {
    df.createOrReplaceTempView("t");
    return spark.sql(query).collectAsList().toString();
  }

  static Dataset<Row> pushed(String path, String query) {
    spark.read().format("arrowfile").load(path).createOrReplaceTempView("t");
    return spark.sql(query);
  }

  @Test
  void answersFromStatisticsEqualSparksOwn() {
    String path = dir.resolve("stats").toString();
    rows(0, 3000).write().format("arrowfile").option("rowsPerBatch", "250").save(path);
    Dataset<Row> q = pushed(path, QUERY);
    assertEquals(answer(rows(0, 3000), QUERY), q.collectAsList().toString());
    String plan = q.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("PushedAggregation: [COUNT(*), COUNT(i), MIN(i), MAX(i)"), plan);
    // Only the string column (whose statistics are truncated) is read, for COUNT(s)... which statistics answer.
    assertEquals(0, ReadPathTest.scanMetrics(q).get(ScanMetrics.BATCHES_READ).value(), "no record batch is read");
  }

  @Test
  void filesWithoutStatisticsAreReadAndMixedFilesAgree() {
    String path = dir.resolve("mixed").toString();
    rows(0, 1500).write().format("arrowfile").option("rowsPerBatch", "250").save(path);
    rows(1500, 3000).write().mode("append").format("arrowfile").option("statistics", "false").save(path);
    Dataset<Row> q = pushed(path, QUERY);
    assertEquals(answer(rows(0, 3000), QUERY), q.collectAsList().toString());
    assertTrue(q.queryExecution().executedPlan().toString().contains("PushedAggregation"));
    assertTrue(ReadPathTest.scanMetrics(q).get(ScanMetrics.BATCHES_READ).value() > 0,
        "the files without statistics are read");
  }

  @Test
  void groupedByPartitionColumns() {
    String path = dir.resolve("partitioned").toString();
    rows(0, 3000).write().format("arrowfile").option("rowsPerBatch", "250").partitionBy("p").save(path);
    String query = "SELECT p, count(*), count(d), min(d), max(d), min(dec), max(ts) FROM t GROUP BY p ORDER BY p";
    Dataset<Row> q = pushed(path, query);
    List<Row> got = q.collectAsList();
    assertEquals(answer(rows(0, 3000), query), got.toString());
    assertTrue(q.queryExecution().executedPlan().toString().contains("PushedGroupBy: [p]"));
  }

  @Test
  void aColumnSomeFilesLackCountsAsNull() {
    String path = dir.resolve("merged").toString();
    spark.range(0, 100, 1, 1).selectExpr("id", "id * 2 AS x").write().format("arrowfile").save(path);
    spark.range(100, 200, 1, 1).selectExpr("id").write().mode("append").format("arrowfile").save(path);
    String query = "SELECT count(*), count(x), min(x), max(x), min(id), max(id) FROM t";
    Dataset<Row> q = spark.read().format("arrowfile").option("mergeSchema", "true").load(path);
    q.createOrReplaceTempView("t");
    Dataset<Row> result = spark.sql(query);
    assertEquals("[[200,100,0,198,0,199]]", result.collectAsList().toString());
    assertTrue(result.queryExecution().executedPlan().toString().contains("PushedAggregation"));
  }

  @Test
  void stringMinMaxAndSumAreNotPushed() {
    String path = dir.resolve("strings").toString();
    rows(0, 1000).write().format("arrowfile").save(path);
    String query = "SELECT min(s), max(s), sum(i) FROM t";
    Dataset<Row> q = pushed(path, query);
    assertEquals(answer(rows(0, 1000), query), q.collectAsList().toString());
    assertTrue(!q.queryExecution().executedPlan().toString().contains("PushedAggregation"));
  }
}
