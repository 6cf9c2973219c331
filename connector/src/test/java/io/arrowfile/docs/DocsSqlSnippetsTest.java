package io.arrowfile.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/sql.md's {@code ```sql} block, statement by statement through {@code spark.sql}, as a user would type it
 * into {@code spark-sql}: its paths ({@code /data/events}, {@code /data/logs}) under a temporary directory, where
 * the test has written the files they name, and {@code staging}, the table the dynamic overwrite reads, as a view.
 */
class DocsSqlSnippetsTest {
  @TempDir static Path root;
  private static SparkSession spark;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> SparkTesting.local("docs-sql",
      "spark.sql.warehouse.dir", root.resolve("warehouse").toUri().toString())).into(s -> spark = s);

  @Test
  void everyStatementOfTheSqlPageRuns() {
    // /data/events: files of (id, k, day) in region=… directories; /data/logs: files that exist before the table
    spark.range(0, 1000, 1, 2).selectExpr("id", "CAST(id % 7 AS INT) AS k",
        "IF(id % 2 = 0, '2024-05-01', '2024-05-02') AS day", "IF(id < 500, 'r1', 'r2') AS region")
        .write().format("arrowfile").partitionBy("region").save(root.resolve("data/events").toString());
    spark.range(0, 50).selectExpr("id", "concat('line ', id) AS message")
        .write().format("arrowfile").save(root.resolve("data/logs").toString());
    spark.sql("SELECT * FROM VALUES (30, 30.00, 'tue'), (40, 400.00, 'wed') AS staging(id, amount, day)")
        .createOrReplaceTempView("staging");

    DocBlocks.Block block = DocBlocks.fenced(DocBlocks.ROOT.resolve("docs/sql.md"), "sql").get(0);
    List<String> statements = statements(SparkShell.underRoot(block.text(), root));
    assertEquals(13, statements.size(), block.where() + ": the statements the page shows");
    List<List<String>> results = new ArrayList<>();
    for (String statement : statements) {
      try {
        results.add(spark.sql(statement).collectAsList().stream().map(Object::toString).sorted().toList());
      } catch (RuntimeException e) {
        throw new AssertionError(block.where() + ": " + statement + "\n" + e.getMessage(), e);
      }
    }
    // one data set throughout: the query by path and the query of the table over the same files agree
    List<String> byPath = results.get(0);
    assertEquals(250, byPath.size(), "even ids below 500: " + byPath);
    assertEquals(List.of("[0,0,2024-05-01,r1]", "[10,3,2024-05-01,r1]"), byPath.subList(0, 2));
    assertEquals(byPath, results.get(results.size() - 1), "the table's last query reads what the first query read");

    // the inserts as the comments say: (day = 'tue') replaced by 20, then the dynamic overwrite replaces tue only
    assertEquals(List.of("[1,1.50,mon]", "[3,3.00,mon]", "[30,30.00,tue]", "[40,400.00,wed]"),
        rows("SELECT * FROM sales ORDER BY id"));
    assertEquals(List.of("[0]"), rows("SELECT count(*) FROM big_sales"), "CTAS before any insert");
    assertEquals(List.of("[1000]"), rows("SELECT count(*) FROM events"), "after MSCK REPAIR TABLE");
    assertEquals(List.of("[50]"), rows("SELECT count(*) FROM logs"));
    spark.sql("RESET spark.sql.sources.partitionOverwriteMode");
  }

  /** The statements of a SQL script: {@code --} comments dropped, split at the {@code ;} that end lines. */
  static List<String> statements(String script) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : script.split("\n")) {
      int comment = line.indexOf("--");
      String code = (comment >= 0 ? line.substring(0, comment) : line).strip();
      if (code.isEmpty()) {
        continue;
      }
      current.append(current.length() == 0 ? "" : " ").append(code);
      if (code.endsWith(";")) {
        out.add(current.substring(0, current.length() - 1));
        current.setLength(0);
      }
    }
    if (!current.toString().isBlank()) {
      out.add(current.toString());
    }
    return out;
  }

  private static List<String> rows(String sql) {
    return spark.sql(sql).collectAsList().stream().map(Row::toString).toList();
  }
}
