package io.arrowfile.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * arrowfile from SQL: catalog tables {@code USING arrowfile} (plain, partitioned, created from a query, over an
 * existing directory), {@code INSERT INTO} / {@code INSERT OVERWRITE} (static and dynamic partition overwrite),
 * {@code MSCK REPAIR TABLE}, and queries on a path ({@code arrowfile.`/path`}).
 *
 * <p>Run it with {@code mvn -q compile exec:exec -Dexec.mainClass=io.arrowfile.examples.SqlTables}; pass a
 * directory for the warehouse with {@code -Dexec.appArgs=/tmp/warehouse} (default: a new temporary directory, deleted at the end).
 */
public final class SqlTables {
  private SqlTables() {}

  public static void main(String[] args) throws Exception {
    Path temporary = args.length > 0 ? null : Files.createTempDirectory("arrowfile-sql");
    Path dir = temporary != null ? temporary : Path.of(args[0]);
    SparkSession spark = SparkSession.builder()
        .master("local[*]")
        .appName("arrowfile SQL tables")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.warehouse.dir", dir.resolve("warehouse").toUri().toString())
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      // A plain table; OPTIONS are the write options of every INSERT into it.
      sql(spark, "CREATE TABLE people (id BIGINT, name STRING, born DATE) USING arrowfile "
          + "OPTIONS (compression 'zstd')");
      sql(spark, "INSERT INTO people VALUES (1, 'Ada', DATE'1815-12-10'), (2, 'Alan', DATE'1912-06-23')");
      sql(spark, "INSERT INTO people SELECT id, concat('person ', id), DATE'2000-01-01' + CAST(id AS INT) "
          + "FROM range(3, 6)");
      expect(spark, "SELECT count(*) FROM people", 5L);

      // A partitioned table: one directory per value of `day`.
      sql(spark, "CREATE TABLE sales (id BIGINT, amount DECIMAL(10, 2), day STRING) USING arrowfile "
          + "PARTITIONED BY (day)");
      sql(spark, "INSERT INTO sales VALUES (1, 1.50, 'mon'), (2, 2.25, 'tue'), (3, 3.00, 'wed')");
      sql(spark, "INSERT INTO sales PARTITION (day = 'mon') VALUES (4, 4.00)");
      // Static partition overwrite: replaces the partition named, nothing else.
      sql(spark, "INSERT OVERWRITE sales PARTITION (day = 'tue') VALUES (20, 20.00)");
      expect(spark, "SELECT count(*) FROM sales", 4L);
      // Dynamic partition overwrite: replaces only the partitions the query writes (tue, thu).
      sql(spark, "SET spark.sql.sources.partitionOverwriteMode = dynamic");
      sql(spark, "INSERT OVERWRITE sales PARTITION (day) VALUES (21, 21.00, 'tue'), (40, 40.00, 'thu')");
      sql(spark, "SET spark.sql.sources.partitionOverwriteMode = static");
      show(spark, "SELECT day, count(*) AS n, sum(amount) AS amount FROM sales GROUP BY day ORDER BY day");
      expect(spark, "SELECT count(*) FROM sales", 5L);
      show(spark, "SHOW PARTITIONS sales");

      // CREATE TABLE ... AS SELECT, partitioned.
      sql(spark, "CREATE TABLE big_sales USING arrowfile PARTITIONED BY (day) AS "
          + "SELECT id, amount, day FROM sales WHERE amount >= 4");
      expect(spark, "SELECT count(*) FROM big_sales", 3L);

      // Files written elsewhere (here by the DataFrame writer), partitioned by directory.
      String external = dir.resolve("external").toUri().toString();
      spark.range(0, 1000).selectExpr("id", "cast(id % 7 as int) as k", "concat('r', id % 3) as region")
          .write().format("arrowfile").mode(SaveMode.Overwrite).partitionBy("region").save(external);
      // Query the directory directly by path: partition columns are discovered from the directory names.
      expect(spark, "SELECT count(*) FROM arrowfile.`" + external + "` WHERE region = 'r1'", 333L);
      // Or make it a table. With PARTITIONED BY, the catalog tracks partitions: register the existing
      // directories with MSCK REPAIR TABLE (also after adding directories by hand later).
      sql(spark, "CREATE TABLE events (id BIGINT, k INT, region STRING) USING arrowfile PARTITIONED BY (region) "
          + "LOCATION '" + external + "'");
      show(spark, "SELECT count(*) AS before_repair FROM events");
      sql(spark, "MSCK REPAIR TABLE events");
      expect(spark, "SELECT count(*) FROM events", 1000L);
      show(spark, "SHOW PARTITIONS events");

      // The plan: a columnar file scan of arrowfile, with partition and data filters.
      show(spark, "EXPLAIN SELECT id FROM events WHERE region = 'r2' AND id > 900");
      System.out.println("SQL tables: all checks passed");
    } finally {
      spark.stop();
      if (temporary != null) {
        try (var paths = Files.walk(temporary)) {
          for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
    }
  }

  private static void sql(SparkSession spark, String statement) {
    System.out.println("> " + statement);
    spark.sql(statement).collect();
  }

  private static void show(SparkSession spark, String query) {
    System.out.println("> " + query);
    spark.sql(query).show(100, false);
  }

  private static void expect(SparkSession spark, String query, long expected) {
    List<Row> rows = spark.sql(query).collectAsList();
    long got = rows.get(0).getLong(0);
    System.out.println("> " + query + "  -> " + got);
    if (got != expected) {
      throw new IllegalStateException(query + " returned " + got + ", expected " + expected);
    }
  }
}
