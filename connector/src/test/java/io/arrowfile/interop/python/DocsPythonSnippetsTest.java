package io.arrowfile.interop.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.docs.DocBlocks;
import io.arrowfile.docs.SparkShell;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python snippets of docs/python.md's "With pandas, pyarrow and Polars" section, run as written: the files
 * the first one makes read in Spark, the second one opens what Spark wrote, and the third shows what a pandas
 * round trip keeps; and the page's spark-shell block, in Scala's interpreter ({@link SparkShell}), on the files the
 * first Python block wrote. Keeps the guide true.
 */
class DocsPythonSnippetsTest {
  private static final Path PAGE = Path.of("docs", "python.md").toAbsolutePath();
  private static SparkSession spark;

  @TempDir Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("docs-python").into(s -> spark = s);

  private String snippet(int index) {
    return PythonPeers.run("docs_snippets.py", 300, PAGE.toString(), dir.toString(), String.valueOf(index));
  }

  @Test
  void filesPandasPyarrowAndPolarsWriteReadInSpark() {
    snippet(0);
    assertRows(List.of("[1,ann]", "[2,bob]", "[3,null]"), "from-pandas.arrow", "id", "name");
    assertRows(List.of("[1,0.5]", "[2,null]", "[3,2.0]"), "from-pyarrow.arrow", "id", "score");
    assertRows(List.of("[1,0.5]", "[2,null]", "[3,2.0]"), "from-pyarrow.arrows", "id", "score");
    assertRows(List.of("[1,x]", "[2,y]", "[3,z]"), "from-polars.arrow", "id", "tag");
  }

  @Test
  void whatSparkWritesOpensInPyarrowPolarsAndPandas() {
    spark.range(0, 1000, 1, 3)
        .selectExpr("id", "concat('e', id) as name", "cast(id % 3 as int) as day")
        .write().format("arrowfile").partitionBy("day").save(dir.resolve("events").toString());

    String out = snippet(1);

    for (String table : List.of("events", "events_pl", "events_pd")) {
      assertTrue(out.contains("\"" + table + "\": {\"columns\": [\"id\", \"name\", \"day\"]"), table + " in " + out);
    }
    assertEquals(3, count(out, "\"rows\": 1000"), out);
    assertTrue(out.contains("\"one_file\": {\"columns\": [\"id\", \"name\"]"), out);
  }

  @Test
  void aPandasRoundTripKeepsTypesAsTheGuideSays() {
    spark.range(0, 6, 1, 1).selectExpr("IF(id % 2 = 0, NULL, id) AS n", "timestamp_seconds(1700000000 + id) AS at",
        "ELT(CAST(id % 2 AS INT) + 1, 'red', 'blue') AS c")
        .write().format("arrowfile").save(dir.resolve("typed").toString());

    String out = snippet(2);

    // n, at, c: pandas' default dtypes, its nullable ones (zone and categories restored), Arrow-backed ones
    assertTrue(out.contains("\"as_numpy\": {\"columns\": [\"n\", \"at\", \"c\"], \"dtypes\": [\"float64\", "
        + "\"datetime64[us, UTC]\""), out);
    assertTrue(out.contains("\"dtypes\": [\"Int64\", \"datetime64[us, Europe/Paris]\", \"category\"]"), out);
    assertTrue(out.contains("\"dtypes\": [\"int64[pyarrow]\", \"timestamp[us, tz=UTC][pyarrow]\""), out);
  }

  /** The zone timestamps come back in is the writing session's ({@code spark.sql.session.timeZone}), not UTC. */
  @Test
  void timestampsComeBackInTheSessionTimeZone() {
    String zone = spark.conf().get("spark.sql.session.timeZone");
    spark.conf().set("spark.sql.session.timeZone", "America/New_York");
    try {
      spark.range(0, 6, 1, 1).selectExpr("IF(id % 2 = 0, NULL, id) AS n", "timestamp_seconds(1700000000 + id) AS at",
          "ELT(CAST(id % 2 AS INT) + 1, 'red', 'blue') AS c")
          .write().format("arrowfile").save(dir.resolve("typed").toString());
    } finally {
      spark.conf().set("spark.sql.session.timeZone", zone);
    }

    String out = snippet(2);

    assertTrue(out.contains("\"as_numpy\": {\"columns\": [\"n\", \"at\", \"c\"], \"dtypes\": [\"float64\", "
        + "\"datetime64[us, America/New_York]\""), out);
    assertTrue(out.contains("\"dtypes\": [\"int64[pyarrow]\", \"timestamp[us, tz=America/New_York][pyarrow]\""),
        out);
  }

  @Test
  void theSparkShellBlockReadsWhatPandasAndPolarsWrote() {
    snippet(0);
    DocBlocks.Block block = DocBlocks.fenced(PAGE, "scala").get(0);

    String printed;
    try (SparkShell shell = new SparkShell(spark)) {
      // the block's relative paths are the directory the Python block ran in
      printed = shell.interpret(SparkShell.underRoot(block.text(), dir));
    }

    assertTrue(printed.contains("|  1| ann|") && printed.contains("|  3|NULL|"), block.where() + ":\n" + printed);
    assertTrue(printed.contains("|  2|  y|"), block.where() + ":\n" + printed);
  }

  private void assertRows(List<String> expected, String file, String... columns) {
    Dataset<Row> df = spark.read().format("arrowfile").load(dir.resolve(file).toString()).select(columns[0], columns[1]);
    assertEquals(expected, df.orderBy(columns[0]).collectAsList().stream().map(Row::toString).toList(), file);
  }

  private static int count(String s, String part) {
    int n = 0;
    for (int at = s.indexOf(part); at >= 0; at = s.indexOf(part, at + 1)) {
      n++;
    }
    return n;
  }
}
