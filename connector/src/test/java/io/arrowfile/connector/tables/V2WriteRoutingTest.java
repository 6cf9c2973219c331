package io.arrowfile.connector.tables;

import io.arrowfile.testing.SparkLine;
import static io.arrowfile.connector.tables.Tables.ARROW;
import static io.arrowfile.connector.tables.Tables.FORMATS;
import static io.arrowfile.connector.tables.Tables.PARQUET;
import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.util.QueryExecutionListener;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which user actions reach arrowfile's DataSource V2 write ({@code ArrowTable.newWriteBuilder}, {@code ArrowWrite})
 * and which Spark sends to the V1 {@code ArrowFileFormat}, each run with {@code parquet} too, whose V2 table
 * ({@code ParquetTable}/{@code ParquetWrite}) must behave the same. The route is read off the executed plans:
 * {@code AppendData} is the V2 write, {@code InsertIntoHadoopFsRelationCommand} the V1 one.
 */
class V2WriteRoutingTest {
  @TempDir
  static Path warehouse;

  @TempDir
  static Path catalogRoot;

  @TempDir
  Path tmp;

  private static SparkSession spark;
  private static final List<String> PLANS = new ArrayList<>();

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> Tables.spark("local[2]", warehouse,
      "spark.sql.catalog.cat", PathCatalog.class.getName(), "spark.sql.catalog.cat.root", catalogRoot.toString()))
      .into(s -> spark = s);

  @BeforeAll
  static void start() {
    spark.listenerManager().register(new QueryExecutionListener() {
      @Override
      public void onSuccess(String funcName, QueryExecution qe, long durationNs) {
        synchronized (PLANS) {
          PLANS.add(qe.executedPlan().toString());
        }
      }

      @Override
      public void onFailure(String funcName, QueryExecution qe, Exception exception) {}
    });
  }

  /** The write route of the queries run since the last call: V2, V1, both or none ("-"). */
  private static String route() throws Exception {
    spark.sparkContext().listenerBus().waitUntilEmpty();
    synchronized (PLANS) {
      boolean v2 = PLANS.stream().anyMatch(p -> p.contains("AppendData"));
      boolean v1 = PLANS.stream().anyMatch(p -> p.contains("InsertIntoHadoopFsRelationCommand"));
      PLANS.clear();
      return v2 && v1 ? "V1+V2" : v2 ? "V2" : v1 ? "V1" : "-";
    }
  }

  private static Dataset<Row> data(long from, long to) {
    return spark.range(from, to).selectExpr("id", "CAST(id AS STRING) AS s");
  }

  private interface Action {
    void run(String format, String table) throws Exception;
  }

  @Test
  void v2CatalogWritesReachTheV2WriteAsParquetsDo() throws Exception {
    Map<String, Action> actions = new LinkedHashMap<>();
    actions.put("writeTo.create", (f, t) -> data(0, 3).writeTo(t).using(f).create());
    actions.put("writeTo.append", (f, t) -> data(3, 5).writeTo(t).append());
    actions.put("writeTo.overwrite", (f, t) -> data(5, 6).writeTo(t).overwrite(functions.lit(true)));
    actions.put("writeTo.overwritePartitions", (f, t) -> data(5, 6).writeTo(t).overwritePartitions());
    actions.put("saveAsTable.append", (f, t) -> data(6, 7).write().mode("append").saveAsTable(t));
    actions.put("insertInto", (f, t) -> data(7, 8).write().insertInto(t));
    actions.put("sql.insertInto", (f, t) -> spark.sql("INSERT INTO " + t + " SELECT 8, '8'"));
    actions.put("sql.insertOverwrite", (f, t) -> spark.sql("INSERT OVERWRITE " + t + " SELECT 9, '9'"));
    actions.put("sql.ctas", (f, t) -> spark.sql("CREATE TABLE " + t + "_ctas USING " + f + " AS SELECT 1L AS id, 'a' AS s"));
    actions.put("saveAsTable.overwrite", (f, t) -> data(20, 22).write().format(f).mode("overwrite").saveAsTable(t));
    Map<String, List<String>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      String t = "cat.ns.t_" + f;
      route();
      List<String> transcript = new ArrayList<>();
      for (Map.Entry<String, Action> a : actions.entrySet()) {
        String outcome;
        try {
          a.getValue().run(f, t);
          outcome = "ok";
        } catch (Exception e) {
          outcome = "error " + Tables.errorClass(e);
        }
        String route = route();
        String table = a.getKey().equals("sql.ctas") ? t + "_ctas" : t;
        String rows;
        try {
          rows = Tables.rows(spark.table(table)).toString();
        } catch (Exception e) {
          rows = Tables.errorClass(e);
        }
        route();
        transcript.add(a.getKey() + " " + outcome + " " + route + " " + rows);
      }
      seen.put(f, transcript);
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
    assertEquals(List.of(
        "writeTo.create ok V2 [[0,0], [1,1], [2,2]]",
        "writeTo.append ok V2 [[0,0], [1,1], [2,2], [3,3], [4,4]]",
        // no TRUNCATE, OVERWRITE_BY_FILTER or OVERWRITE_DYNAMIC capability on Spark's FileTable (4.2)
        "writeTo.overwrite error " + SparkLine.UNSUPPORTED_TABLE_OPERATION + " - [[0,0], [1,1], [2,2], [3,3], [4,4]]",
        "writeTo.overwritePartitions error " + SparkLine.UNSUPPORTED_TABLE_OPERATION
            + " - [[0,0], [1,1], [2,2], [3,3], [4,4]]",
        "saveAsTable.append ok V2 [[0,0], [1,1], [2,2], [3,3], [4,4], [6,6]]",
        "insertInto ok V2 [[0,0], [1,1], [2,2], [3,3], [4,4], [6,6], [7,7]]",
        // SQL INSERT on a V2 file table: Spark's FallBackFileSourceV2 rule hands it to the V1 format
        "sql.insertInto ok V1 [[0,0], [1,1], [2,2], [3,3], [4,4], [6,6], [7,7], [8,8]]",
        "sql.insertOverwrite ok V1 [[9,9]]",
        "sql.ctas ok V2 [[1,a]]",
        // a non-atomic catalog's replace drops the table, then cannot truncate the new one: Spark's behaviour
        "saveAsTable.overwrite error " + SparkLine.UNSUPPORTED_TABLE_OPERATION + " - TABLE_OR_VIEW_NOT_FOUND"),
        seen.get(ARROW));
  }

  @Test
  void pathWritesGoToTheV1FormatEvenWhenNoSourceIsListedAsV1() throws Exception {
    Map<String, List<String>> routes = new LinkedHashMap<>();
    for (String v1List : List.of("default", "")) {
      if (v1List.equals("default")) {
        spark.conf().unset("spark.sql.sources.useV1SourceList");
      } else {
        spark.conf().set("spark.sql.sources.useV1SourceList", v1List);
      }
      try {
        route();
        List<String> r = new ArrayList<>();
        String path = tmp.resolve("v1list" + v1List.length()).toString();
        for (String mode : List.of("errorifexists", "append", "overwrite", "ignore")) {
          data(0, 2).write().format(ARROW).mode(mode).save(path);
          r.add(mode + " " + route());
        }
        data(0, 2).write().format(ARROW).partitionBy("s").mode("overwrite").save(path);
        r.add("partitionBy " + route());
        routes.put(v1List, r);
      } finally {
        spark.conf().unset("spark.sql.sources.useV1SourceList");
      }
    }
    // DataFrameWriter never looks up a FileDataSourceV2 as V2 (SPARK-28396), whatever useV1SourceList says
    List<String> expected = List.of("errorifexists V1", "append V1", "overwrite V1", "ignore V1", "partitionBy V1");
    assertEquals(Map.of("default", expected, "", expected), routes);
  }

  @Test
  void theV2WriteWritesTheSameBytesAsTheV1Write() throws Exception {
    Path v1 = tmp.resolve("v1");
    // options reach the V2 write as they reach V1's (sortWithinFiles: s sorts as strings, unlike id)
    data(0, 1000).coalesce(1).write().format(ARROW).option("compression", "zstd").option("rowsPerBatch", "100")
        .option("sortWithinFiles", "s").save(v1.toString());
    data(0, 1000).coalesce(1).writeTo("cat.ns.same").using(ARROW).option("compression", "zstd")
        .option("rowsPerBatch", "100").option("sortWithinFiles", "s").create();
    assertEquals("V1+V2", route());
    Path v2 = catalogRoot.resolve("same");
    List<Path> v1Files = DataFiles.any(v1);
    List<Path> v2Files = DataFiles.any(v2);
    assertEquals(1, v1Files.size(), v1Files.toString());
    assertEquals(1, v2Files.size(), v2Files.toString());
    assertTrue(v2Files.get(0).toString().endsWith(".arrow"), v2Files.toString());
    assertArrayEquals(Files.readAllBytes(v1Files.get(0)), Files.readAllBytes(v2Files.get(0)));
    Dataset<Row> back = spark.read().format(ARROW).load(v2.toString());
    assertEquals(Tables.rows(data(0, 1000)), Tables.rows(back));
    assertEquals(back.orderBy("s").collectAsList(), back.collectAsList());
  }

  @Test
  void theTablesOptionsApplyToItsV2WritesUnderTheWritesOwn() throws Exception {
    spark.sql("CREATE TABLE cat.ns.opts (id BIGINT, s STRING) USING arrowfile"
        + " OPTIONS (sortWithinFiles 's', rowsPerBatch '10')");
    data(0, 100).coalesce(1).writeTo("cat.ns.opts").append();
    data(95, 195).coalesce(1).writeTo("cat.ns.opts").option("sortWithinFiles", "id").option("rowsPerBatch", "50")
        .append();
    assertEquals("V2", route());
    Map<Long, String> firstIdToOrder = new java.util.TreeMap<>();
    for (Path f : DataFiles.any(catalogRoot.resolve("opts"))) {
      Dataset<Row> file = spark.read().format(ARROW).load(f.toString());
      List<Row> rows = file.collectAsList();
      boolean byS = rows.equals(file.orderBy("s").collectAsList());
      boolean byId = rows.equals(file.orderBy("id").collectAsList());
      int batches;
      try (ArrowFileReader r = ArrowFileReader.open(f, ReadOptions.DEFAULT)) {
        batches = r.recordBatchCount();
      }
      firstIdToOrder.put(file.agg(functions.min("id")).first().getLong(0),
          (byS ? "by s" : byId ? "by id" : "unsorted") + ", " + rows.size() + " rows in " + batches + " batches");
    }
    // (strings sort "10" before "2" and "100" before "95": sorted by s is not sorted by id)
    assertEquals(Map.of(0L, "by s, 100 rows in 10 batches", 95L, "by id, 100 rows in 2 batches"), firstIdToOrder);
  }

  @Test
  void theV2WriteChecksOptionsOnTheDriverLikeTheV1Write() throws Exception {
    data(0, 1).writeTo("cat.ns.checked").using(ARROW).create();
    Exception bad = assertThrows(Exception.class,
        () -> data(1, 2).writeTo("cat.ns.checked").option("compression", "snappy").append());
    assertTrue(messages(bad).contains("invalid arrowfile write option compression='snappy'; valid values: none,"),
        messages(bad));
    Exception typo = assertThrows(Exception.class,
        () -> data(1, 2).writeTo("cat.ns.checked").option("compresion", "zstd").append());
    assertTrue(messages(typo).contains("unknown option 'compresion'; did you mean 'compression'?"), messages(typo));
    Exception sort = assertThrows(Exception.class,
        () -> data(1, 2).writeTo("cat.ns.checked").option("sortWithinFiles", "nope").append());
    assertTrue(messages(sort).contains("no column 'nope' among the columns written into files: id, s"),
        messages(sort));
    assertEquals(List.of("[0,0]"), Tables.rows(spark.table("cat.ns.checked")));
  }
}
