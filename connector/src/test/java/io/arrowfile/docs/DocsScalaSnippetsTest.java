package io.arrowfile.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkTesting;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The guide's {@code ```scala} blocks, pasted into a spark-shell ({@link SparkShell}: Scala's interpreter with
 * {@code spark} bound) as written, over small files laid out where the blocks look, under a temporary directory
 * ({@code /data/events} is {@code <tmp>/data/events}). docs/python.md's block reads files pandas and Polars wrote:
 * {@code DocsPythonSnippetsTest} runs it after the Python block that writes them.
 */
class DocsScalaSnippetsTest {
  @TempDir static Path warehouse;
  private static SparkSession spark;
  private static SparkShell shell;

  @TempDir Path root;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> SparkTesting.local("docs-scala",
      "spark.sql.warehouse.dir", warehouse.toUri().toString())).into(s -> spark = s);

  @BeforeAll
  static void startShell() {
    shell = new SparkShell(spark);
  }

  @AfterAll
  static void stopShell() {
    shell.close();
  }

  @Test
  void readmeFirstScreen() {
    events().write().format("arrowfile").partitionBy("day").save(data("events"));

    String printed = paste("README.md", 0);

    assertTrue(printed.contains("|count(1)|") && printed.contains("|    1000|"), printed);
    assertEquals(1000, read("events-copy").count());
    assertTrue(Files.isDirectory(root.resolve("data/events-copy/day=2024-05-01")));
  }

  @Test
  void readingPathsGlobsAndMergeSchema() throws IOException {
    // /data/events holds part-0001.arrow, a glob matches /data/2024-*/*.arrow, and /other is a second path
    writeOneFile(events().where("user < 500"), "data/events/part-0001.arrow");
    writeOneFile(events().where("user >= 500"), "data/events/part-0002.arrow");
    writeOneFile(events().limit(10), "data/2024-05/part-0000.arrow");
    writeOneFile(events().limit(20), "other/part-0000.arrow");
    // a Hugging Face datasets directory: a stream shard beside its two JSON sidecars
    Path squad = root.resolve("data/squad");
    events().coalesce(1).write().format("arrowfile").option("ipcFormat", "stream").option("fileExtension", "arrow")
        .save(squad.toString());
    Files.writeString(squad.resolve("dataset_info.json"), "{\"features\": {}}\n");
    Files.writeString(squad.resolve("state.json"), "{\"_data_files\": []}\n");

    paste("docs/reading.md", 0);

    assertEquals("1000", shell.interpret("println(df.count())").strip());
    assertEquals("30", shell.interpret(
        "println(spark.read.format(\"arrowfile\").load(\"" + root.resolve("data/2024-*/*.arrow") + "\", \""
            + root.resolve("other") + "\").count())").strip());
    assertEquals("1000", shell.interpret("println(spark.read.format(\"arrowfile\").option(\"pathGlobFilter\", "
        + "\"*.arrow\").load(\"" + squad + "\").count())").strip());
  }

  @Test
  void writingSaveModesPartitionsBucketsAndSortedFiles() throws IOException {
    shell.bind("df", "org.apache.spark.sql.DataFrame", events().selectExpr("*", "timestamp_seconds(user) AS ts"));

    paste("docs/writing.md", 0);

    assertEquals(1000, read("events").count(), "overwritten by the second line");
    for (String copy : List.of("events-by-day", "events-small", "events-dict", "events-sorted", "events-stream",
        "for-datasets")) {
      assertEquals(1000, read(copy).count(), copy);
    }
    assertEquals(2, DataFiles.any(root.resolve("data/events-stream")).stream()
        .filter(p -> p.toString().endsWith(".arrows")).count());
    assertEquals(2, DataFiles.arrow(root.resolve("data/for-datasets")).size());
    assertEquals(1000, spark.table("events_bucketed").count());
    spark.sql("DROP TABLE events_bucketed");
  }

  @Test
  void structuredStreamingSourceAndSink() throws Exception {
    writeOneFile(spark.range(0, 300).selectExpr("id", "IF(id % 3 = 0, NULL, concat('n', id % 4)) AS name",
        "timestamp_seconds(id) AS at"), "data/incoming/part-0000.arrow");

    paste("docs/streaming.md", 0);

    for (StreamingQuery q : spark.streams().active()) {
      q.processAllAvailable();
      q.stop();
    }
    assertEquals(200, read("clean").count(), "the rows with a name");
    assertTrue(Files.isDirectory(root.resolve("data/clean/_spark_metadata")));
  }

  /** Runs block {@code index} of {@code page}'s Scala blocks with its paths under this test's root. */
  private String paste(String page, int index) {
    DocBlocks.Block block = DocBlocks.fenced(DocBlocks.ROOT.resolve(page), "scala").get(index);
    try {
      return shell.interpret(SparkShell.underRoot(block.text(), root));
    } catch (AssertionError e) {
      throw new AssertionError(block.where() + ": " + e.getMessage(), e);
    }
  }

  /** A thousand events over two days, 1000 users. */
  private static Dataset<Row> events() {
    return spark.range(0, 1000, 1, 2).selectExpr("CAST(id AS INT) AS user",
        "IF(id % 2 = 0, '2024-05-01', '2024-05-02') AS day");
  }

  private String data(String name) {
    return root.resolve("data").resolve(name).toString();
  }

  private Dataset<Row> read(String name) {
    return spark.read().format("arrowfile").load(data(name));
  }

  /** {@code df} as one Arrow file at {@code relative} under the root. */
  private void writeOneFile(Dataset<Row> df, String relative) throws IOException {
    Path staging = Files.createTempDirectory(root, "staging");
    df.coalesce(1).write().format("arrowfile").mode("overwrite").save(staging.toString());
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.move(DataFiles.arrow(staging).get(0), file);
  }
}
