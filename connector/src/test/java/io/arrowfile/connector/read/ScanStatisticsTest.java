package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.colstats.ColumnStatistics;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.types.Decimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The statistics the DSv2 scan gives Spark's optimizer, checked against the data they describe. */
class ScanStatisticsTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-scan-statistics-test")
      .into(s -> spark = s);

  /** 100,000 rows in 3 files: every type with exact statistics, nulls, a string column. */
  static String table() {
    String out = dir.resolve("table").toString();
    if (!java.nio.file.Files.exists(Path.of(out))) {
      spark.range(0, 100_000, 1, 3).selectExpr("id", "CAST(id % 1000 AS INT) AS i", "IF(id % 7 = 0, NULL, id) AS n",
          "CAST(id * 0.5 - 10 AS DOUBLE) AS d", "CAST(id AS DECIMAL(12, 2)) AS dec", "CAST(id AS STRING) AS s",
          "DATE_ADD(DATE'2020-01-01', CAST(id / 1000 AS INT)) AS day", "id % 2 = 0 AS b")
          .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "4096").save(out);
    }
    return out;
  }

  static ScanStatistics statistics(Dataset<Row> df) {
    List<ScanStatistics> found = new ArrayList<>();
    LogicalPlan plan = df.queryExecution().optimizedPlan();
    plan.foreach(p -> {
      if (p instanceof DataSourceV2ScanRelation r) {
        found.add((ScanStatistics) ((ArrowScan) r.scan()).estimateStatistics());
      }
      return null;
    });
    assertEquals(1, found.size(), plan.toString());
    return found.get(0);
  }

  static ColumnStatistics column(ScanStatistics s, String name) {
    Map<NamedReference, ColumnStatistics> columns = s.columnStats();
    ColumnStatistics c = columns.get(Expressions.column(name));
    assertTrue(c != null, name + " in " + columns.keySet());
    return c;
  }

  @Test
  void rowsAndExactColumnStatistics() {
    ScanStatistics s = statistics(spark.read().format("arrowfile").load(table()));
    assertEquals(100_000, s.numRows().getAsLong());
    assertFalse(s.sampled());
    assertEquals(0L, column(s, "id").min().get());
    assertEquals(99_999L, column(s, "id").max().get());
    assertEquals(0, column(s, "id").nullCount().getAsLong());
    assertEquals(0, column(s, "i").min().get());
    assertEquals(999, column(s, "i").max().get());
    assertEquals(14_286, column(s, "n").nullCount().getAsLong()); // multiples of 7 below 100,000
    assertEquals(1L, column(s, "n").min().get());
    assertEquals(-10.0, column(s, "d").min().get());
    assertEquals(49_989.5, column(s, "d").max().get());
    assertEquals(Decimal.apply(new java.math.BigDecimal("99999.00"), 12, 2), column(s, "dec").max().get());
    // days since the epoch: 2020-01-01 is 18262, plus 99
    assertEquals(18_262 + 99, column(s, "day").max().get());
    assertEquals(false, column(s, "b").min().get());
    assertEquals(true, column(s, "b").max().get());
    // strings: null count only (their min/max are truncated)
    assertEquals(0, column(s, "s").nullCount().getAsLong());
    assertFalse(column(s, "s").min().isPresent());
    // the optimizer's figures agree, with the cost-based optimizer on
    spark.conf().set("spark.sql.cbo.enabled", "true");
    try {
      var stats = spark.read().format("arrowfile").load(table()).queryExecution().optimizedPlan().stats();
      assertEquals(100_000L, stats.rowCount().get().longValue());
    } finally {
      spark.conf().unset("spark.sql.cbo.enabled");
    }
  }

  @Test
  void sizeIsTheBytesOfTheColumnsRead() {
    Dataset<Row> all = spark.read().format("arrowfile").load(table());
    long dec = statistics(all.select("dec")).sizeInBytes().getAsLong();
    long decAndN = statistics(all.select("dec", "n")).sizeInBytes().getAsLong();
    long id = statistics(all.select("id")).sizeInBytes().getAsLong();
    long everything = statistics(all).sizeInBytes().getAsLong();
    // decimals take 16 bytes a value (no validity buffer without nulls), twice their default size of 8; n adds 8
    // bytes and a validity bit a row
    assertTrue(dec >= 1_600_000 && dec < 1_620_000, "dec: " + dec);
    assertTrue(decAndN - dec >= 812_500 && decAndN - dec < 840_000, "n: " + (decAndN - dec));
    long onDisk = 0;
    for (var f : all.inputFiles()) {
      onDisk += new java.io.File(java.net.URI.create(f)).length();
    }
    // id's 800,000 bytes are less than what Parquet's relation is sized by for files of these bytes: the read
    // columns' share of the row with its 8 bytes per row, (8 + 8) / (8 + 61) of the default sizes
    assertEquals((long) (onDisk * ((double) (8 + 8) / (8 + 61))), id);
    // all columns: the measured bytes are a little under the files' (metadata, footer); the estimate is never
    // below Spark's own for the files, their bytes times the read columns' share of the row, here all of it
    assertEquals(onDisk, everything);
    // a filter does not change the scan's estimate (Spark estimates the filter above it)
    assertEquals(id, statistics(all.where("id > 5").select("id")).sizeInBytes().getAsLong());
  }

  @Test
  void filesWithoutStatisticsGiveRowsFromTheirBatchHeaders() throws Exception {
    Path p = ReadPathTest.writeLongs(dir.resolve("nostats/longs.arrow"), 7, 300, false);
    ScanStatistics s = statistics(spark.read().format("arrowfile").load(p.toString()));
    assertEquals(2100, s.numRows().getAsLong());
    assertTrue(s.columnStats().isEmpty(), s.columnStats().toString());
  }

  @Test
  void streamsLeaveTheRowCountUnknown() throws Exception {
    Path p = ReadPathTest.writeLongs(dir.resolve("stream/longs.arrows"), 3, 100, true);
    ScanStatistics s = statistics(spark.read().format("arrowfile").load(p.toString()));
    assertFalse(s.numRows().isPresent());
    assertTrue(s.sizeInBytes().getAsLong() > 0);
  }

  @Test
  void manyFilesAreSampled() {
    String out = dir.resolve("many").toString();
    spark.range(0, 30_000, 1, 300).selectExpr("id").write().format("arrowfile").save(out);
    ScanStatistics s = statistics(spark.read().format("arrowfile").load(out));
    assertTrue(s.sampled());
    assertEquals(ScanStatistics.MAX_FILES, s.footersRead());
    // the files are of one size: the estimate is the count
    assertEquals(30_000, s.numRows().getAsLong(), 300);
    assertTrue(s.columnStats().isEmpty());
    // the same files are not read again: the cache answers, and the answer is the same
    assertEquals(s.numRows(), statistics(spark.read().format("arrowfile").load(out)).numRows());
  }
}
