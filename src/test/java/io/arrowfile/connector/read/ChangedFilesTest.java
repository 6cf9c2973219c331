package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that change between planning and reading: Spark plans each file with its length and modification time,
 * and a split reads it only if it is still that version. A file replaced by a bigger one (renamed over it), grown,
 * or deleted fails the query with an error naming it, never returning part of the new file; the session keeps
 * working, and a new query reads the new version whole. The DataFrame (V2) and SQL (V1) paths alike.
 */
class ChangedFilesTest {
  private static SparkSession spark;
  @TempDir Path dir;

  @BeforeAll
  static void start() {
    spark = SparkTesting.local("changed-files");
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private Path write(String name, long rows) throws IOException {
    Path out = dir.resolve(name);
    spark.range(0, rows, 1, 1).selectExpr("id", "concat('r', id) as s").write().format("arrowfile").save(out.toString());
    try (Stream<Path> s = Files.list(out)) {
      return s.filter(p -> p.toString().endsWith(".arrow")).findFirst().orElseThrow();
    }
  }

  private Dataset<Row> plan(String path, String api) {
    return api.equals("v2") ? spark.read().format("arrowfile").load(path)
        : spark.sql("SELECT * FROM arrowfile.`" + path + "`");
  }

  private void assertFailsNaming(Dataset<Row> planned, Path file, String what) {
    Exception e = assertThrows(Exception.class, () -> planned.selectExpr("count(s)").collectAsList());
    String messages = SparkTesting.messages(e);
    assertTrue(messages.contains(file.getFileName().toString()), messages);
    assertTrue(messages.contains(what), messages);
    assertFalse(messages.contains("java.lang.InternalError"), messages);
  }

  @ParameterizedTest
  @ValueSource(strings = {"v2", "v1"})
  void aFileReplacedAfterPlanningFailsNamingIt(String api) throws IOException {
    Path file = write("t", 100_000);
    Path bigger = write("bigger", 400_000);
    Dataset<Row> planned = plan(file.getParent().toString(), api);
    Files.move(bigger, file, StandardCopyOption.REPLACE_EXISTING);
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
    assertFailsNaming(planned, file, "changed after the query was planned");
    // The same session, planning again, reads the new version whole.
    assertEquals(400_000L, plan(file.getParent().toString(), api).selectExpr("count(s)").first().getLong(0));
  }

  @ParameterizedTest
  @ValueSource(strings = {"v2", "v1"})
  void aFileGrownAfterPlanningFailsNamingIt(String api) throws IOException {
    Path file = write("t", 10_000);
    Dataset<Row> planned = plan(file.getParent().toString(), api);
    Files.write(file, new byte[4096], StandardOpenOption.APPEND);
    assertFailsNaming(planned, file, "changed after the query was planned");
  }

  @ParameterizedTest
  @ValueSource(strings = {"v2", "v1"})
  void aFileDeletedAfterPlanningFailsNamingIt(String api) throws IOException {
    Path file = write("t", 10_000);
    Dataset<Row> planned = plan(file.getParent().toString(), api);
    Files.delete(file);
    assertFailsNaming(planned, file, file.getFileName().toString());
  }
}
