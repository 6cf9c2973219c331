package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.RegisterExtension;
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

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("changed-files").into(s -> spark = s);

  private Path write(String name, long rows) throws IOException {
    Path out = dir.resolve(name);
    spark.range(0, rows, 1, 1).selectExpr("id", "concat('r', id) as s").write().format("arrowfile").save(out.toString());
    return DataFiles.first(out);
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

  /** The file the UDF {@code truncate_at_100} truncates to half its length when it sees id 100 (once). */
  private static final java.util.concurrent.atomic.AtomicReference<Path> TO_TRUNCATE =
      new java.util.concurrent.atomic.AtomicReference<>();

  private static long truncateAt100(long id) {
    Path victim = id == 100 ? TO_TRUNCATE.getAndSet(null) : null;
    if (victim != null) {
      try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(victim, StandardOpenOption.WRITE)) {
        ch.truncate(ch.size() / 2);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return id;
  }

  /**
   * pandas and pyarrow rewrite a file in place. A file truncated while a task reads it (here by a UDF, after the
   * first record batch is in) fails that task with an error naming the file, where a mapped read would fault and
   * kill the JVM ({@code InternalError}); the session keeps working.
   */
  @ParameterizedTest
  @ValueSource(strings = {"v2", "v1"})
  void aFileTruncatedWhileItIsReadFailsTheTaskNotTheJvm(String api) throws IOException {
    Path file = write("t", 1_000_000);
    spark.udf().register("truncate_at_100",
        (org.apache.spark.sql.api.java.UDF1<Long, Long>) ChangedFilesTest::truncateAt100,
        org.apache.spark.sql.types.DataTypes.LongType);
    TO_TRUNCATE.set(file);
    Dataset<Row> planned = plan(file.getParent().toString(), api);
    Exception e = assertThrows(Exception.class,
        () -> planned.selectExpr("sum(truncate_at_100(id))", "count(s)").collectAsList());
    assertEquals(null, TO_TRUNCATE.get(), "the UDF ran");
    String messages = SparkTesting.messages(e);
    assertTrue(messages.contains(file.getFileName().toString()), messages);
    // The reading task fails as it reads; a split or attempt that opens the file after the truncation fails there.
    assertTrue(messages.contains("truncated while it was read") || messages.contains("changed while it was read")
        || messages.contains("changed after the query was planned"), messages);
    assertFalse(messages.contains("java.lang.InternalError"), messages);
    assertEquals(10L, spark.range(10).count(), "the session still works");
  }

  @ParameterizedTest
  @ValueSource(strings = {"v2", "v1"})
  void aFileDeletedAfterPlanningFailsNamingIt(String api) throws IOException {
    Path file = write("t", 10_000);
    Dataset<Row> planned = plan(file.getParent().toString(), api);
    Files.delete(file);
    assertFailsNaming(planned, file, file.getFileName().toString());
  }

  /** {@code count(*)} is answered from footers alone (no batch is read): the planned version still holds. */
  @ParameterizedTest
  @ValueSource(strings = {"v2", "v1"})
  void countStarOfAFileReplacedAfterPlanningFailsNamingIt(String api) throws IOException {
    Path file = write("t", 100_000);
    Path bigger = write("bigger", 400_000);
    Dataset<Row> planned = plan(file.getParent().toString(), api);
    Files.move(bigger, file, StandardCopyOption.REPLACE_EXISTING);
    Exception e = assertThrows(Exception.class, () -> planned.selectExpr("count(*)").collectAsList());
    String messages = SparkTesting.messages(e);
    assertTrue(messages.contains(file.getFileName().toString()), messages);
    assertTrue(messages.contains("changed after the query was planned"), messages);
  }

  /** With Spark's {@code ignoreMissingFiles}, a file deleted after planning is skipped, as Parquet's would be. */
  @ParameterizedTest
  @ValueSource(strings = {"v2", "v1"})
  void aFileDeletedAfterPlanningIsSkippedUnderIgnoreMissingFiles(String api) throws IOException {
    Path out = dir.resolve("two");
    spark.range(0, 2000, 1, 2).selectExpr("id", "concat('r', id) as s").write().format("arrowfile").save(out.toString());
    Path first = DataFiles.first(out);
    spark.conf().set("spark.sql.files.ignoreMissingFiles", "true");
    try {
      Dataset<Row> planned = plan(out.toString(), api);
      Files.delete(first);
      assertEquals(1000L, planned.selectExpr("count(s)").first().getLong(0));
    } finally {
      spark.conf().unset("spark.sql.files.ignoreMissingFiles");
    }
  }
}
