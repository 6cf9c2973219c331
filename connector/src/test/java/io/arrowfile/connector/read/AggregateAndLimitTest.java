package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.connector.files.MappedFile;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** COUNT(*) pushed into the scan, LIMIT releasing the file, stream files not split. */
class AggregateAndLimitTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-aggregate-test")
      .into(s -> spark = s);

  @BeforeAll
  static void setUp() {
    // The scan metrics are read from the executed plan; adaptive execution would hide the scan in its stages.
    spark.conf().set("spark.sql.adaptive.enabled", "false");
  }

  /**
   * p=1 and p=2 written by Spark (5000 rows each, batches of 500, with statistics), p=3 one file of 5 batches of
   * 1000 rows written by the IPC writer (no statistics: rows come from the batches' metadata messages).
   */
  static String partitioned() throws Exception {
    Path out = dir.resolve("counted");
    if (!Files.exists(out)) {
      spark.range(0, 10_000, 1, 3).selectExpr("id", "CAST(id % 2 + 1 AS INT) AS p")
          .write().format("arrowfile").option("rowsPerBatch", "500").partitionBy("p").save(out.toString());
      ReadPathTest.writeLongs(out.resolve("p=3/extra.arrow"), 5, 1000, false);
    }
    return out.toString();
  }

  static Dataset<Row> sql(String table, String query) {
    spark.read().format("arrowfile").load(table).createOrReplaceTempView("t");
    return spark.sql(query);
  }

  static String plan(Dataset<Row> q) {
    return q.queryExecution().executedPlan().toString();
  }

  @Test
  void countStarIsAnsweredFromFooters() throws Exception {
    String table = partitioned();
    Dataset<Row> q = sql(table, "SELECT count(*) FROM t");
    assertEquals(15_000L, q.collectAsList().get(0).getLong(0));
    assertTrue(plan(q).contains("PushedAggregation: [COUNT(*)]"), plan(q));
    Map<String, SQLMetric> m = SparkTesting.scanMetrics(q);
    assertEquals(0, m.get(ScanMetrics.BATCHES_READ).value(), "no record batch is decoded");
    // Only the 5 metadata messages of the file without statistics are read: a few hundred bytes each.
    long bytes = m.get(ScanMetrics.BYTES_READ).value();
    assertTrue(bytes > 0 && bytes < 5 * 1024, "bytes read: " + bytes);
    // COUNT(1) is the same aggregate; the DataFrame API too
    assertEquals(15_000L, sql(table, "SELECT count(1) FROM t").collectAsList().get(0).getLong(0));
    assertEquals(15_000L, spark.read().format("arrowfile").load(table).count());
  }

  @Test
  void countStarGroupedByPartitionColumnsAndWithPartitionFilters() throws Exception {
    String table = partitioned();
    Dataset<Row> q = sql(table, "SELECT p, count(*) FROM t GROUP BY p");
    Map<Integer, Long> counts = new HashMap<>();
    for (Row r : q.collectAsList()) {
      counts.put(r.getInt(0), r.getLong(1));
    }
    assertEquals(Map.of(1, 5000L, 2, 5000L, 3, 5000L), counts);
    assertTrue(plan(q).contains("PushedGroupBy: [p]"), plan(q));
    assertEquals(0, SparkTesting.scanMetrics(q).get(ScanMetrics.BATCHES_READ).value());

    Dataset<Row> filtered = sql(table, "SELECT count(*) FROM t WHERE p >= 2");
    assertEquals(10_000L, filtered.collectAsList().get(0).getLong(0));
    assertTrue(plan(filtered).contains("PushedAggregation: [COUNT(*)]"), plan(filtered));
  }

  @Test
  void dataFiltersAndOtherAggregatesAreNotPushedAndStayExact() throws Exception {
    String table = partitioned();
    // ids 0..9 from Spark's files and 0..9 from the extra file
    Dataset<Row> filtered = sql(table, "SELECT count(*) FROM t WHERE id < 10");
    assertEquals(20L, filtered.collectAsList().get(0).getLong(0));
    assertFalse(plan(filtered).contains("PushedAggregation"), plan(filtered));
    // COUNT, MIN and MAX of a column are pushed (AggregatePushdownTest); DISTINCT is not
    Dataset<Row> other = sql(table, "SELECT count(DISTINCT id) FROM t");
    assertEquals(10_000L, other.collectAsList().get(0).getLong(0));
    assertFalse(plan(other).contains("PushedAggregation"), plan(other));
    // grouping by a data column is not pushed either
    Dataset<Row> byData = sql(table, "SELECT id % 2, count(*) FROM t GROUP BY id % 2");
    assertEquals(2, byData.collectAsList().size());
    assertFalse(plan(byData).contains("PushedAggregation"), plan(byData));
  }

  @Test
  void countStarOfStreamsAndThroughHadoopReads() throws Exception {
    Path s = dir.resolve("countstream");
    ReadPathTest.writeLongs(s.resolve("a.arrows"), 3, 100, true);
    ReadPathTest.writeLongs(s.resolve("b.arrow"), 4, 100, true); // a stream under a file-format name
    Dataset<Row> q = sql(s.toString(), "SELECT count(*) FROM t");
    assertEquals(700L, q.collectAsList().get(0).getLong(0));
    assertTrue(plan(q).contains("PushedAggregation: [COUNT(*)]"), plan(q));

    String table = partitioned();
    spark.read().format("arrowfile").option("arrowfile.forceHadoopRead", "true").load(table)
        .createOrReplaceTempView("h");
    Dataset<Row> h = spark.sql("SELECT count(*) FROM h");
    assertEquals(15_000L, h.collectAsList().get(0).getLong(0));
    assertEquals(0, SparkTesting.scanMetrics(h).get(ScanMetrics.BATCHES_READ).value());
  }

  // ------------------------------------------------------------------ LIMIT

  static boolean mapped(Path file) throws Exception {
    Path maps = Path.of("/proc/self/maps");
    if (!Files.isReadable(maps)) {
      return false; // not Linux: the open-mapping counter is the check
    }
    String abs = file.toAbsolutePath().toString();
    for (String line : Files.readAllLines(maps)) {
      if (line.contains(abs)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void limitStopsEarlyAndReleasesTheFile() throws Exception {
    Path p = ReadPathTest.writeLongs(dir.resolve("limit/big.arrow"), 200, 5000, false); // 8 MB, 200 batches
    int before = MappedFile.openCount();
    Dataset<Row> q = spark.read().format("arrowfile").load(p.toString()).limit(1);
    List<Row> rows = q.collectAsList();
    assertEquals(1, rows.size());
    long read = SparkTesting.scanMetrics(q).get(ScanMetrics.BATCHES_READ).value();
    assertTrue(read >= 1 && read <= 2, "batches read: " + read);
    assertEquals(before, MappedFile.openCount(), "the mapping is closed when the query returns");
    assertFalse(mapped(p), "the file is no longer mapped");

    // V1 (SQL on the path) too, and with filters that keep the scan going past the first batch
    assertEquals(1, spark.sql("SELECT id FROM arrowfile.`" + p + "` WHERE id > 500000 LIMIT 1").collectAsList().size());
    assertEquals(before, MappedFile.openCount());
    assertFalse(mapped(p));

    Files.delete(p);
    assertFalse(Files.exists(p));
    assertFalse(mapped(p));
  }

  @Test
  void streamFilesNamedArrowsAreSplitToo() throws Exception {
    // split along record batches as the file format is (StreamSplitTest has the rest)
    Path s = ReadPathTest.writeLongs(dir.resolve("nosplit/a.arrows"), 40, 2000, true);
    spark.conf().set("spark.sql.files.maxPartitionBytes", "50000");
    spark.conf().set("spark.sql.files.openCostInBytes", "0");
    try {
      Dataset<Row> df = spark.read().format("arrowfile").load(s.toString());
      assertTrue(df.rdd().getNumPartitions() >= 5, "tasks: " + df.rdd().getNumPartitions());
      ReadPathTest.assertIds(df, 80_000);
      Dataset<Row> v1 = spark.sql("SELECT id FROM arrowfile.`" + s + "`");
      assertTrue(v1.rdd().getNumPartitions() >= 5, "V1 tasks: " + v1.rdd().getNumPartitions());
      ReadPathTest.assertIds(v1, 80_000);
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
      spark.conf().unset("spark.sql.files.openCostInBytes");
    }
  }
}
