package io.arrowfile.distribution;

import io.arrowfile.testing.SparkLine;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * What a user's job does with only Spark's jars and ours on the class path: write and read through
 * {@code arrowfile}, then use Spark's own Arrow-based code, which must not see our flatbuffers classes.
 * Prints {@code OK} lines that {@link SparkJarsOnlyIT} checks; any failure exits non-zero.
 */
public final class FreshJvmDriver {
  private FreshJvmDriver() {}

  public static void main(String[] args) throws Exception {
    String path = args[0];
    SparkSession spark = SparkSession.builder().master("local[2]").appName("fresh JVM")
        .config("spark.ui.enabled", "false").getOrCreate();
    try {
      Dataset<Row> df = spark.range(0, 10_000).selectExpr("id", "cast(id % 7 as int) as k",
          "concat('s', id) as s", "array(id, id + 1) as a", "cast(id as decimal(18, 2)) as d");
      df.write().format("arrowfile").mode(SaveMode.Overwrite).partitionBy("k").save(path);
      Dataset<Row> back = spark.read().format("arrowfile").load(path);
      long rows = back.count();
      long sum = back.selectExpr("sum(id)").first().getLong(0);
      check(rows == 10_000 && sum == 49_995_000L, "read back " + rows + " rows, sum " + sum);
      String plan = back.queryExecution().executedPlan().toString();
      check(plan.contains("arrowfile") || plan.contains("Arrow"), "plan: " + plan);
      System.out.println("OK arrowfile read and write");

      spark.sql("CREATE TABLE t USING arrowfile AS SELECT * FROM range(100)");
      long tableRows = spark.table("t").count();
      check(tableRows == 100, "table rows " + tableRows);
      System.out.println("OK arrowfile table");

      // Spark's own Arrow path: rows to Arrow IPC batches with Spark's Arrow and flatbuffers.
      List<byte[]> batches = SparkLine.arrowBatches(df);
      check(!batches.isEmpty() && batches.get(0).length > 0, "Spark's Arrow batches: " + batches.size());
      System.out.println("OK spark arrow batches " + batches.size());
    } finally {
      spark.stop();
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
  }
}
