package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import io.arrowfile.spark.ScalaCollections;

/**
 * Dynamic partition pruning on DataFrame reads (V2): a star join whose dimension filter selects a few date keys
 * reads only those partitions of the fact table, as Parquet's scan does; on a data column, the selected keys skip
 * record batches.
 */
class DynamicPartitionPruningTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  /** 36 date keys, 3 per month: a filter on one month selects 3. */
  static final int DAYS = 36;
  static final String DPP = "spark.sql.optimizer.dynamicPartitionPruning.enabled";

  static String factArrow;
  static String factParquet;
  static String dimArrow;
  static String dimParquet;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-runtime-filtering")
      .into(s -> spark = s);

  @BeforeAll
  static void setUp() {
    // store_sales-like: one file per date partition, as a table partitioned by day is written
    Dataset<Row> fact = spark.range(0, DAYS * 500L)
        .selectExpr("CAST(2451000 + id % " + DAYS + " AS INT) AS sold_date_sk", "CAST(id % 100 AS INT) AS item_sk",
            "id AS amount")
        .repartition(org.apache.spark.sql.functions.col("sold_date_sk"));
    factArrow = dir.resolve("fact_arrow").toString();
    factParquet = dir.resolve("fact_parquet").toString();
    fact.write().format("arrowfile").partitionBy("sold_date_sk").save(factArrow);
    fact.write().partitionBy("sold_date_sk").parquet(factParquet);
    // date_dim-like
    Dataset<Row> dim = spark.range(0, DAYS, 1, 1)
        .selectExpr("CAST(2451000 + id AS INT) AS date_sk", "CAST(id / 3 % 12 + 1 AS INT) AS moy");
    dimArrow = dir.resolve("dim_arrow").toString();
    dimParquet = dir.resolve("dim_parquet").toString();
    dim.write().format("arrowfile").save(dimArrow);
    dim.write().parquet(dimParquet);
  }

  static final String STAR_JOIN = "SELECT f.sold_date_sk, count(*) AS n, sum(f.amount) AS total FROM fact f "
      + "JOIN dim d ON f.sold_date_sk = d.date_sk WHERE d.moy = 5 GROUP BY f.sold_date_sk ORDER BY f.sold_date_sk";

  static Dataset<Row> query(String sql, Dataset<Row> fact, Dataset<Row> dim) {
    fact.createOrReplaceTempView("fact");
    dim.createOrReplaceTempView("dim");
    return spark.sql(sql);
  }

  static Dataset<Row> arrow(String sql, String factPath, String dimPath) {
    return query(sql, spark.read().format("arrowfile").load(factPath), spark.read().format("arrowfile").load(dimPath));
  }

  /** As {@link #arrow}, the fact table offering its data columns to runtime filters too (off by default). */
  static Dataset<Row> arrowDataKeys(String sql, String factPath, String dimPath) {
    return query(sql, spark.read().format("arrowfile").option(ArrowOptions.RUNTIME_FILTER_DATA_COLUMNS, "true")
        .load(factPath), spark.read().format("arrowfile").load(dimPath));
  }

  /** The metrics of the query's BatchScan of the fact table (the one reading {@code amount}). */
  static Map<String, SQLMetric> factScanMetrics(Dataset<Row> df) {
    for (SparkPlan p : SparkTesting.batchScans(df)) {
      if (List.of(((BatchScanExec) p).scan().readSchema().fieldNames()).contains("amount")) {
        return ScalaCollections.toJava(p.metrics());
      }
    }
    throw new AssertionError("no fact scan in " + df.queryExecution().executedPlan());
  }

  static long metric(Map<String, SQLMetric> m, String name) {
    return m.get(name).value();
  }

  @Test
  void starJoinReadsOnlyTheSelectedDatePartitions() {
    Dataset<Row> q = arrow(STAR_JOIN, factArrow, dimArrow);
    List<Row> rows = q.collectAsList();
    assertEquals(3, rows.size(), rows.toString());

    String plan = q.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("dynamicpruningexpression"), plan);
    Map<String, SQLMetric> m = factScanMetrics(q);
    assertEquals(3, metric(m, ScanMetrics.PARTITIONS_PLANNED), "the 3 days of May");
    assertEquals(DAYS - 3, metric(m, ScanMetrics.PARTITIONS_PRUNED));
    assertEquals(3, metric(m, ScanMetrics.FILES_PLANNED), "one file per day");
    assertEquals(DAYS - 3, metric(m, ScanMetrics.FILES_PRUNED));
    assertEquals(3, metric(m, ScanMetrics.FILES_READ));
    assertEquals(3, metric(m, ScanMetrics.BATCHES_READ), "one record batch per file");

    // Parquet (V1) prunes the same way, and gives the same rows
    Dataset<Row> parquet = query(STAR_JOIN, spark.read().parquet(factParquet), spark.read().parquet(dimParquet));
    assertEquals(parquet.collectAsList(), rows);
    assertTrue(parquet.queryExecution().executedPlan().toString().contains("dynamicpruningexpression"));
  }

  @Test
  void withoutDynamicPruningEveryPartitionIsReadForTheSameRows() {
    List<Row> pruned = arrow(STAR_JOIN, factArrow, dimArrow).collectAsList();
    spark.conf().set(DPP, "false");
    try {
      Dataset<Row> q = arrow(STAR_JOIN, factArrow, dimArrow);
      assertEquals(pruned, q.collectAsList());
      assertFalse(q.queryExecution().executedPlan().toString().contains("dynamicpruningexpression"));
      Map<String, SQLMetric> m = factScanMetrics(q);
      assertEquals(DAYS, metric(m, ScanMetrics.PARTITIONS_PLANNED));
      assertEquals(0, metric(m, ScanMetrics.PARTITIONS_PRUNED));
      assertEquals(DAYS, metric(m, ScanMetrics.FILES_READ));
    } finally {
      spark.conf().unset(DPP);
    }
  }

  /** Partition values of other types prune alike: dates and strings, as tables partitioned by day or region are. */
  @Test
  void dateAndStringPartitionsArePrunedAlike() {
    String fact = dir.resolve("by_day_region").toString();
    spark.range(0, 2400).selectExpr("DATE_ADD(DATE'2024-01-01', CAST(id % 12 AS INT)) AS day",
            "CONCAT('r', CAST(id / 12 AS INT) % 4) AS region", "id AS amount")
        .write().format("arrowfile").partitionBy("day", "region").save(fact);
    String dim = dir.resolve("days").toString();
    spark.range(0, 12, 1, 1).selectExpr("DATE_ADD(DATE'2024-01-01', CAST(id AS INT)) AS d",
        "CONCAT('r', id % 4) AS r", "IF(id IN (2, 7), 'holiday', 'workday') AS kind")
        .write().format("arrowfile").save(dim);
    String sql = "SELECT count(*), sum(amount) FROM fact f JOIN dim d ON f.day = d.d AND f.region = d.r "
        + "WHERE d.kind = 'holiday'";
    Dataset<Row> q = arrow(sql, fact, dim);
    List<Row> rows = q.collectAsList();
    assertEquals(100L, rows.get(0).getLong(0), "50 rows in each of (day 2, r2) and (day 7, r3)");
    Map<String, SQLMetric> m = factScanMetrics(q);
    // one runtime filter per join key: days 2 and 7, regions r2 and r3
    assertEquals(4, metric(m, ScanMetrics.PARTITIONS_PLANNED));
    assertEquals(44, metric(m, ScanMetrics.PARTITIONS_PRUNED));
    spark.conf().set(DPP, "false");
    try {
      assertEquals(rows, arrowDataKeys(sql, fact, dim).collectAsList());
    } finally {
      spark.conf().unset(DPP);
    }
  }

  // ------------------------------------------------------------------ data columns

  static final String ITEM_JOIN = "SELECT count(*) AS n, sum(f.amount) AS total, min(f.item_sk) AS lo, "
      + "max(f.item_sk) AS hi FROM fact f JOIN dim d ON f.item_sk = d.item_sk WHERE d.category = 'x'";

  @Test
  void keysOfADataColumnSkipRecordBatchesOfASortedTable() {
    // sorted on item_sk, 100 record batches of 1,000 rows; the dimension's filter selects items 41,000 and 45,001
    String fact = dir.resolve("items_arrow").toString();
    String factPq = dir.resolve("items_parquet").toString();
    Dataset<Row> f = spark.range(0, 100_000, 1, 1).selectExpr("id AS item_sk", "id % 7 AS amount");
    f.write().format("arrowfile").option("rowsPerBatch", "1000").save(fact);
    f.write().parquet(factPq);
    String dim = dir.resolve("items_dim_arrow").toString();
    String dimPq = dir.resolve("items_dim_parquet").toString();
    Dataset<Row> d = spark.range(0, 200, 1, 1)
        .selectExpr("id * 500 + IF(id = 82, 0, 1) AS item_sk", "IF(id = 82 OR id = 90, 'x', 'y') AS category");
    d.write().format("arrowfile").save(dim);
    d.write().parquet(dimPq);

    // By default only partition columns take runtime filters, as with Parquet: no runtime filter, every batch read.
    Dataset<Row> plain = arrow(ITEM_JOIN, fact, dim);
    List<Row> rows = plain.collectAsList();
    assertFalse(plain.queryExecution().executedPlan().toString().contains("dynamicpruningexpression"));
    assertEquals(100, metric(factScanMetrics(plain), ScanMetrics.BATCHES_READ));

    Dataset<Row> q = arrowDataKeys(ITEM_JOIN, fact, dim);
    assertEquals(rows, q.collectAsList());
    assertEquals(2L, rows.get(0).getLong(0), rows.toString());
    assertTrue(q.queryExecution().executedPlan().toString().contains("dynamicpruningexpression"));
    Map<String, SQLMetric> m = factScanMetrics(q);
    assertEquals(2, metric(m, ScanMetrics.BATCHES_READ), "the batches of items 41,000 and 45,001");
    assertEquals(98, metric(m, ScanMetrics.BATCHES_SKIPPED));
    assertEquals(1, metric(m, ScanMetrics.FILES_READ));
    assertEquals(0, metric(m, ScanMetrics.PARTITIONS_PLANNED), "not partitioned");

    assertEquals(query(ITEM_JOIN, spark.read().parquet(factPq), spark.read().parquet(dimPq)).collectAsList(), rows);
    spark.conf().set(DPP, "false");
    try {
      Dataset<Row> off = arrowDataKeys(ITEM_JOIN, fact, dim);
      assertEquals(rows, off.collectAsList());
      assertEquals(0, metric(factScanMetrics(off), ScanMetrics.BATCHES_SKIPPED));
      assertEquals(100, metric(factScanMetrics(off), ScanMetrics.BATCHES_READ));
    } finally {
      spark.conf().unset(DPP);
    }
  }

  /** Thousands of keys (a range of a large dimension) decide each batch by one binary search, as few keys do. */
  @Test
  void thousandsOfKeysSkipAsFewDo() {
    String fact = dir.resolve("many_keys_arrow").toString();
    // uncompressed: Spark offers a runtime filter where the fact side is large enough for it to pay
    spark.range(0, 100_000, 1, 1).selectExpr("id AS item_sk", "id % 7 AS amount")
        .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "1000").save(fact);
    String dim = dir.resolve("many_keys_dim").toString();
    spark.range(0, 100_000, 1, 2).selectExpr("id AS item_sk",
        "IF(id BETWEEN 20000 AND 20999 OR id BETWEEN 70500 AND 71499, 'x', 'y') AS category")
        .write().format("arrowfile").save(dim);
    String sql = ITEM_JOIN;
    Dataset<Row> q = arrowDataKeys(sql, fact, dim);
    List<Row> rows = q.collectAsList();
    assertEquals(2000L, rows.get(0).getLong(0), rows.toString());
    Map<String, SQLMetric> m = factScanMetrics(q);
    assertEquals(3, metric(m, ScanMetrics.BATCHES_READ), "batches 20, 70 and 71");
    assertEquals(97, metric(m, ScanMetrics.BATCHES_SKIPPED));
    spark.conf().set(DPP, "false");
    try {
      assertEquals(rows, arrowDataKeys(sql, fact, dim).collectAsList());
    } finally {
      spark.conf().unset(DPP);
    }
  }
}
