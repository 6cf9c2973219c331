package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.LineCases;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * LIMIT and ORDER BY ... LIMIT (top-N) pushed into the DSv2 scan: the rows equal Parquet's and the same query with
 * pushdown made impossible (a filter that keeps every row stays above the scan, and Spark then pushes no limit), and
 * the scan metrics show the record batches read.
 */
class LimitAndTopNTest {
  static SparkSession spark;
  @TempDir
  static Path dir;
  static String arrow;
  static String parquet;
  static String files;

  /**
   * 100,000 rows in batches of 1,000 (100 batches); id sorted, r unsorted, n null every 7th row, x a NaN every
   * 10,000th.
   */
  static final String[] COLUMNS = {"id", "CAST(PMOD(HASH(id), 1000) AS BIGINT) AS r",
      "IF(id % 7 = 0, NULL, id) AS n", "IF(id % 11 = 0, NULL, CAST(id * 0.5 AS DOUBLE)) AS d",
      "IF(id % 10000 = 5, CAST('NaN' AS DOUBLE), CAST(id AS DOUBLE)) AS x", "CAST(id AS STRING) AS s",
      "DATE_ADD(DATE'2020-01-01', CAST(id / 1000 AS INT)) AS day", "CAST(id AS DECIMAL(12, 2)) AS dec"};

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-limit-topn-test")
      .into(s -> spark = s);

  @BeforeAll
  static void setUp() {
    spark.conf().set("spark.sql.adaptive.enabled", "false");
    arrow = dir.resolve("arrow").toString();
    parquet = dir.resolve("parquet").toString();
    files = dir.resolve("files").toString();
    Dataset<Row> data = spark.range(0, 100_000, 1, 1).selectExpr(COLUMNS);
    data.write().format("arrowfile").option("rowsPerBatch", "1000").save(arrow);
    data.write().parquet(parquet);
    // 4 files of 25 batches each
    spark.range(0, 100_000, 1, 4).selectExpr(COLUMNS).write().format("arrowfile").option("rowsPerBatch", "1000")
        .save(files);
  }

  static Dataset<Row> query(String path, String format, String sql) {
    spark.read().format(format).load(path).createOrReplaceTempView("t");
    return spark.sql(sql);
  }

  /** The record batches {@code q}'s scan read (runs it). */
  static long batchesRead(Dataset<Row> q) {
    q.collectAsList();
    return SparkTesting.scanMetrics(q).get(ScanMetrics.BATCHES_READ).value();
  }

  static String plan(Dataset<Row> q) {
    return q.queryExecution().executedPlan().toString();
  }

  @Test
  void limitReadsOnlyTheFirstBatches() {
    Dataset<Row> q = query(arrow, "arrowfile", "SELECT * FROM t LIMIT 10");
    List<Row> rows = q.collectAsList();
    assertEquals(10, rows.size());
    assertTrue(plan(q).contains("PushedLimit: 10"), plan(q));
    assertEquals(1, batchesRead(q));

    Dataset<Row> more = query(arrow, "arrowfile", "SELECT id, s FROM t LIMIT 2500");
    assertEquals(2500, more.collectAsList().size());
    assertEquals(3, batchesRead(more), "2,500 rows are in the first 3 batches of 1,000");

    Dataset<Row> many = query(files, "arrowfile", "SELECT id FROM t LIMIT 30000");
    assertEquals(30000, many.collectAsList().size());
    assertEquals(30, batchesRead(many), "all 25 batches of one file and 5 of the next");

    Dataset<Row> all = query(arrow, "arrowfile", "SELECT id FROM t LIMIT 200000");
    assertEquals(100_000, all.collectAsList().size());
    assertEquals(100, batchesRead(all));
  }

  @Test
  void limitWithAFilterIsNotPushed() {
    Dataset<Row> q = query(arrow, "arrowfile", "SELECT id FROM t WHERE s IS NOT NULL LIMIT 10");
    assertEquals(10, q.collectAsList().size());
    assertFalse(plan(q).contains("PushedLimit"), plan(q));
  }

  @Test
  void offsetIsLeftToSpark() {
    // one task reads the batches in file order, so the rows of LIMIT/OFFSET are those of the file
    Dataset<Row> q = query(arrow, "arrowfile", "SELECT id FROM t LIMIT 10 OFFSET 2995");
    List<Row> rows = q.collectAsList();
    assertEquals(10, rows.size());
    assertEquals(2995L, rows.get(0).getLong(0));
    assertFalse(plan(q).contains("PushedOffset"), plan(q));
    assertEquals(4, batchesRead(q), "rows 2995..3004 are in batch 4");
  }

  /** Top-N queries, with a second key where the first has ties, so that the result is one. */
  static final String[] TOP_N = {
      "SELECT id, s FROM t ORDER BY id LIMIT 10",
      "SELECT id, s FROM t ORDER BY id DESC LIMIT 10",
      "SELECT * FROM t ORDER BY n NULLS LAST, id LIMIT 20",
      "SELECT * FROM t ORDER BY n NULLS FIRST, id LIMIT 20",
      "SELECT * FROM t ORDER BY n DESC NULLS LAST, id LIMIT 20",
      "SELECT * FROM t ORDER BY n DESC NULLS FIRST, id LIMIT 20000",
      "SELECT id, d FROM t ORDER BY d DESC, id LIMIT 1500",
      "SELECT id, d FROM t ORDER BY d, id LIMIT 1500",
      "SELECT id, r FROM t ORDER BY r, id LIMIT 50",
      "SELECT id, x FROM t ORDER BY x DESC, id LIMIT 15",
      "SELECT id, x FROM t ORDER BY x, id LIMIT 15",
      "SELECT id, day FROM t ORDER BY day DESC, id LIMIT 5",
      "SELECT id, dec FROM t ORDER BY dec DESC, id LIMIT 3000",
  };

  @Test
  void topNGivesParquetsRowsAndThoseWithoutPushdown() {
    // one file and a directory of files: the second differs only in our planning, run on the default line
    for (String path : LineCases.ALL ? new String[] {arrow, files} : new String[] {arrow}) {
      for (String sql : TOP_N) {
        Dataset<Row> q = query(path, "arrowfile", sql);
        List<Row> rows = q.collectAsList();
        assertTrue(plan(q).contains("PushedTopN: ORDER BY"), sql + "\n" + plan(q));
        assertEquals(query(parquet, "parquet", sql).collectAsList(), rows, sql);
        String unpushed = sql.replace("FROM t", "FROM t WHERE s IS NOT NULL");
        Dataset<Row> u = query(path, "arrowfile", unpushed);
        assertFalse(plan(u).contains("PushedTopN"), plan(u));
        assertEquals(u.collectAsList(), rows, sql);
      }
    }
  }

  @Test
  void topNOnASortedColumnReadsFewBatches() {
    assertEquals(1, batchesRead(query(arrow, "arrowfile", "SELECT id FROM t ORDER BY id LIMIT 10")));
    assertEquals(1, batchesRead(query(arrow, "arrowfile", "SELECT id FROM t ORDER BY id DESC LIMIT 10")));
    assertEquals(3, batchesRead(query(arrow, "arrowfile", "SELECT id FROM t ORDER BY id DESC LIMIT 2500")));
    assertEquals(1, batchesRead(query(files, "arrowfile", "SELECT id FROM t ORDER BY id LIMIT 10")));
    // nulls last: the smallest values are in the first batch
    assertEquals(1, batchesRead(query(arrow, "arrowfile", "SELECT n FROM t ORDER BY n NULLS LAST LIMIT 20")));
    // nulls first: every batch holds nulls, any of them may hold the first rows
    assertEquals(100, batchesRead(query(arrow, "arrowfile", "SELECT n FROM t ORDER BY n NULLS FIRST LIMIT 20")));
    // unsorted: every batch has values 0..999
    assertEquals(100, batchesRead(query(arrow, "arrowfile", "SELECT r FROM t ORDER BY r LIMIT 50")));
    // NaN, above every number, is counted apart from min/max: a column holding any is not pruned
    assertEquals(100, batchesRead(query(arrow, "arrowfile", "SELECT x FROM t ORDER BY x LIMIT 5")));
    // a sort key without usable statistics (strings are truncated) is not pushed
    Dataset<Row> strings = query(arrow, "arrowfile", "SELECT s FROM t ORDER BY s LIMIT 5");
    assertEquals(5, strings.collectAsList().size());
    assertFalse(plan(strings).contains("PushedTopN"), plan(strings));
  }

  @Test
  void topNOverAFileWithoutStatisticsReadsEverything() throws Exception {
    Path p = ReadPathTest.writeLongs(dir.resolve("nostats/longs.arrow"), 20, 100, false);
    Dataset<Row> q = query(p.toString(), "arrowfile", "SELECT id FROM t ORDER BY id DESC LIMIT 3");
    List<Row> rows = q.collectAsList();
    assertEquals(1999L, rows.get(0).getLong(0));
    assertEquals(20, batchesRead(q));
    Dataset<Row> l = query(p.toString(), "arrowfile", "SELECT id FROM t LIMIT 150");
    assertEquals(150, l.collectAsList().size());
    assertEquals(2, batchesRead(l), "row counts come from the batches' metadata");
  }

  @Test
  void partitionedTablesKeepTheirPartitionValues() {
    String arrowParts = dir.resolve("parts-arrow").toString();
    String parquetParts = dir.resolve("parts-parquet").toString();
    Dataset<Row> data = spark.range(0, 20_000, 1, 2).selectExpr("id", "CAST(id % 3 AS INT) AS p");
    data.write().format("arrowfile").option("rowsPerBatch", "500").partitionBy("p").save(arrowParts);
    data.write().partitionBy("p").parquet(parquetParts);
    for (String sql : new String[] {"SELECT id, p FROM t ORDER BY id DESC LIMIT 7",
        "SELECT p, id FROM t ORDER BY id LIMIT 700", "SELECT * FROM t WHERE p = 2 ORDER BY id DESC LIMIT 3"}) {
      Dataset<Row> q = query(arrowParts, "arrowfile", sql);
      assertTrue(plan(q).contains("PushedTopN"), plan(q));
      assertEquals(query(parquetParts, "parquet", sql).collectAsList(), q.collectAsList(), sql);
    }
    // a partition filter only chooses files: the limit is still pushed
    Dataset<Row> q = query(arrowParts, "arrowfile", "SELECT id, p FROM t WHERE p = 1 LIMIT 5");
    List<Row> rows = q.collectAsList();
    assertEquals(5, rows.size());
    for (Row r : rows) {
      assertEquals(1, r.getInt(1));
      assertEquals(1, r.getLong(0) % 3);
    }
    assertTrue(plan(q).contains("PushedLimit: 5"), plan(q));
    assertEquals(1, batchesRead(q));
  }

  @Test
  void pushedLimitsAreNotReusedForOtherLimits() {
    Dataset<Row> a = query(arrow, "arrowfile", "SELECT id FROM t LIMIT 10");
    Dataset<Row> b = query(arrow, "arrowfile", "SELECT id FROM t LIMIT 2000");
    Dataset<Row> union = a.union(b);
    assertEquals(2010, union.collectAsList().size());
    assertTrue(Files.exists(Path.of(arrow)));
  }
}
