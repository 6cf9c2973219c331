package io.arrowfile.connector.tables;

import static io.arrowfile.connector.tables.Tables.ARROW;
import static io.arrowfile.connector.tables.Tables.FORMATS;
import static io.arrowfile.connector.tables.Tables.PARQUET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partitioned writes, file splitting, catalog tables and SQL DDL/DML with {@code USING arrowfile}: each example is
 * run with {@code parquet} and with {@code arrowfile}, and must give the same rows, directories and files.
 */
class TableWriteParityTest {
  @TempDir
  static Path warehouse;

  private static SparkSession spark;

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> Tables.spark("local[2]", warehouse))
      .into(s -> spark = s);

  @AfterEach
  void dropTables() {
    for (Row t : spark.sql("SHOW TABLES").collectAsList()) {
      spark.sql("DROP TABLE IF EXISTS " + t.getString(1));
    }
    spark.conf().unset("spark.sql.sources.partitionOverwriteMode");
  }

  private static Dataset<Row> people() {
    return spark.range(12).selectExpr("id", "CAST(id % 3 AS INT) AS p", "IF(id % 2 = 0, 'even', 'odd') AS q",
        "concat('name', id) AS name");
  }

  @Test
  void partitionByWritesHiveStyleDirectoriesReadBackWithDiscovery() throws IOException {
    Map<String, Object> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      people().write().format(f).partitionBy("p", "q").save(out.toString());
      Dataset<Row> back = spark.read().format(f).load(out.toString());
      seen.put(f, List.of(Tables.partitionDirs(out), back.schema().simpleString(), Tables.rows(back),
          Tables.rows(back.where("p = 1 AND q = 'odd'"))));
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
    assertTrue(Tables.partitionDirs(tmp.resolve(ARROW)).contains("p=1/q=odd"), seen.toString());
  }

  @Test
  void maxRecordsPerFileSplitsFilesLikeParquet() throws IOException {
    Map<String, Integer> files = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      spark.range(100).coalesce(1).write().format(f).option("maxRecordsPerFile", 30).save(out.toString());
      files.put(f, DataFiles.any(out).size());
      assertEquals(100, spark.read().format(f).load(out.toString()).count());
    }
    assertEquals(Map.of(PARQUET, 4, ARROW, 4), files);
  }

  @Test
  void saveAsTableAndInsertInto() {
    Map<String, List<List<String>>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      String t = "people_" + f;
      List<List<String>> steps = new ArrayList<>();
      people().write().format(f).saveAsTable(t);
      steps.add(Tables.rows(spark.table(t)));
      people().limit(2).write().insertInto(t); // by position, appends
      steps.add(Tables.rows(spark.table(t)));
      people().limit(1).write().mode(SaveMode.Overwrite).insertInto(t);
      steps.add(Tables.rows(spark.table(t)));
      people().limit(3).write().format(f).mode(SaveMode.Append).saveAsTable(t);
      steps.add(Tables.rows(spark.table(t)));
      people().limit(2).write().format(f).mode(SaveMode.Overwrite).saveAsTable(t);
      steps.add(Tables.rows(spark.table(t)));
      spark.range(1).write().format(f).mode(SaveMode.Ignore).saveAsTable(t); // table exists: nothing happens
      steps.add(Tables.rows(spark.table(t)));
      steps.add(List.of(Tables.errorClass(org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
          () -> people().write().format(f).saveAsTable(t)))));
      seen.put(f, steps);
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
    assertEquals(2, seen.get(ARROW).get(4).size());
  }

  @Test
  void partitionedSaveAsTableAndInsertInto() {
    Map<String, List<List<String>>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      String t = "pp_" + f;
      List<List<String>> steps = new ArrayList<>();
      people().write().format(f).partitionBy("p").saveAsTable(t);
      steps.add(Tables.rows(spark.table(t)));
      steps.add(Tables.rows(spark.sql("SHOW PARTITIONS " + t)));
      // insertInto is by position: the table's columns are (id, q, name, p), partition column last
      spark.table(t).where("p = 0").selectExpr("id + 100", "q", "name", "p").write().insertInto(t);
      steps.add(Tables.rows(spark.table(t)));
      seen.put(f, steps);
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
  }

  @Test
  void bucketByAndSortByWithSaveAsTable() throws IOException {
    Map<String, Object> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      String t = "bucketed_" + f;
      people().repartition(2).write().format(f).bucketBy(4, "id").sortBy("id").saveAsTable(t);
      Path dir = warehouse.resolve(t);
      List<String> bucketIds = DataFiles.any(dir).stream()
          .map(p -> p.getFileName().toString().replaceAll("^part-\\d+-[0-9a-f-]+_(\\d+)\\..*$", "$1"))
          .distinct().sorted().toList();
      String plan = spark.sql("SELECT id, count(*) FROM " + t + " GROUP BY id").queryExecution().executedPlan()
          .toString();
      seen.put(f, List.of(Tables.rows(spark.table(t)), bucketIds,
          spark.sql("DESCRIBE TABLE EXTENDED " + t).where("col_name LIKE '%Bucket%' OR col_name LIKE 'Sort%'")
              .collectAsList().toString(),
          "shuffle=" + plan.contains("Exchange")));
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
    assertEquals("shuffle=false", ((List<?>) seen.get(ARROW)).get(3), "bucketed scan avoids the shuffle");
  }

  /** Runs SQL statements with {@code FMT} and {@code T} replaced; collects every result as sorted rows. */
  private static List<List<String>> script(String format, String... statements) {
    List<List<String>> results = new ArrayList<>();
    for (String s : statements) {
      String sql = s.replace("FMT", format).replace("T_", "t_" + format + "_");
      results.add(Tables.rows(spark.sql(sql)));
    }
    return results;
  }

  @Test
  void sqlCreateInsertAndSelect() {
    String[] statements = {
        "CREATE TABLE T_plain (id BIGINT, name STRING) USING FMT",
        "INSERT INTO T_plain VALUES (1, 'a'), (2, 'b')",
        "INSERT INTO T_plain SELECT id, concat('r', id) FROM range(3, 5)",
        "SELECT * FROM T_plain",
        "INSERT OVERWRITE TABLE T_plain SELECT 9, 'z'",
        "SELECT * FROM T_plain",
        "CREATE TABLE T_ctas USING FMT AS SELECT id, id % 2 AS k, array(id) AS a FROM range(5)",
        "SELECT * FROM T_ctas WHERE k = 1",
        "CREATE TABLE T_ctasp USING FMT PARTITIONED BY (k) AS SELECT id, id % 2 AS k FROM range(5)",
        "SHOW PARTITIONS T_ctasp",
        "SELECT * FROM T_ctasp",
        "DESCRIBE T_ctas",
    };
    assertEquals(script(PARQUET, statements), script(ARROW, statements));
    assertEquals(List.of("[a,array<bigint>]", "[id,bigint]", "[k,bigint]"),
        Tables.rows(spark.sql("DESCRIBE t_arrowfile_ctas").select("col_name", "data_type")));
  }

  @Test
  void sqlPartitionedTableWithStaticAndDynamicOverwrite() {
    String[] statements = {
        "CREATE TABLE T_sales (id BIGINT, amount DECIMAL(10, 2), day STRING) USING FMT PARTITIONED BY (day)",
        "INSERT INTO T_sales VALUES (1, 1.50, 'mon'), (2, 2.25, 'tue'), (3, 3.00, 'wed')",
        "INSERT INTO T_sales PARTITION (day = 'mon') VALUES (4, 4.00)",
        "SELECT * FROM T_sales",
        // static partition overwrite: only day=tue is replaced
        "INSERT OVERWRITE T_sales PARTITION (day = 'tue') VALUES (20, 20.00)",
        "SELECT * FROM T_sales",
        // static (default) mode, dynamic partitions: every partition is replaced by the query's output
        "INSERT OVERWRITE T_sales PARTITION (day) SELECT 30, 30.00, 'wed'",
        "SELECT * FROM T_sales",
        "SHOW PARTITIONS T_sales",
        "DESCRIBE T_sales",
    };
    assertEquals(script(PARQUET, statements), script(ARROW, statements));

    spark.conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
    String[] dynamic = {
        "CREATE TABLE T_dyn (id BIGINT, day STRING) USING FMT PARTITIONED BY (day)",
        "INSERT INTO T_dyn VALUES (1, 'mon'), (2, 'tue'), (3, 'wed')",
        // dynamic mode: only the partitions the query writes (tue, thu) are replaced
        "INSERT OVERWRITE T_dyn PARTITION (day) VALUES (20, 'tue'), (40, 'thu')",
        "SELECT * FROM T_dyn",
        "SHOW PARTITIONS T_dyn",
    };
    List<List<String>> arrow = script(ARROW, dynamic);
    assertEquals(script(PARQUET, dynamic), arrow);
    assertEquals(List.of("[1,mon]", "[20,tue]", "[3,wed]", "[40,thu]"), arrow.get(3));
  }

  @Test
  void dynamicPartitionOverwriteThroughTheDataFrameApi() {
    spark.conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
    Map<String, List<String>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      String path = tmp.resolve(f).toString();
      people().write().format(f).partitionBy("p").save(path);
      spark.range(100, 102).selectExpr("id", "1 AS p", "'new' AS q", "'n' AS name").write().format(f)
          .partitionBy("p").mode(SaveMode.Overwrite).save(path);
      seen.put(f, Tables.rows(spark.read().format(f).load(path)));
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
    assertEquals(10, seen.get(ARROW).size()); // 8 rows of p=0,2 kept, p=1 replaced by 2 rows
  }

  @Test
  void describeAndExplainShowColumnsAndAColumnarScan() {
    spark.sql("CREATE TABLE t_explain (id BIGINT, s STRING, p INT) USING arrowfile PARTITIONED BY (p)");
    spark.sql("INSERT INTO t_explain VALUES (1, 'a', 1), (2, 'b', 2)");
    List<String> columns = spark.sql("DESCRIBE t_explain").collectAsList().stream().map(r -> r.getString(0))
        .toList();
    assertTrue(columns.containsAll(List.of("id", "s", "p", "# Partition Information")), columns.toString());
    String explain = spark.sql("EXPLAIN SELECT id, s FROM t_explain WHERE p = 1").collectAsList().get(0)
        .getString(0);
    assertTrue(explain.contains("Batched: true") || explain.contains("ColumnarToRow"), explain);
    assertTrue(explain.contains("PartitionFilters: [isnotnull(p"), explain);
    String pathExplain = spark.sql("EXPLAIN SELECT * FROM arrowfile.`" + warehouse.resolve("t_explain") + "`")
        .collectAsList().get(0).getString(0);
    assertTrue(pathExplain.contains("ColumnarToRow"), pathExplain);
    assertEquals(List.of("[1,a,1]", "[2,b,2]"),
        Tables.rows(spark.sql("SELECT * FROM arrowfile.`" + warehouse.resolve("t_explain") + "`")));
  }
}
