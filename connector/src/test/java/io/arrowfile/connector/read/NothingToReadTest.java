package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A path with nothing to infer a schema from says what it found and what to do, where Spark's
 * {@code UNABLE_TO_INFER_SCHEMA} named neither: an empty directory (or one with only hidden files), a zero-byte
 * file. DataFrame (V2) and SQL on a path (V1).
 */
class NothingToReadTest {
  static SparkSession spark;

  @TempDir Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("nothing-to-read").into(s -> spark = s);

  private String failure(Path path) {
    String v2 = SparkTesting.messages(assertThrows(Exception.class,
        () -> spark.read().format("arrowfile").load(path.toString()).schema()));
    String v1 = SparkTesting.messages(assertThrows(Exception.class,
        () -> spark.sql("SELECT * FROM arrowfile.`" + path + "`").schema()));
    assertTrue(!v2.contains("UNABLE_TO_INFER_SCHEMA") && !v1.contains("UNABLE_TO_INFER_SCHEMA"), v2 + "\n" + v1);
    return v2 + "\n" + v1;
  }

  @Test
  void anEmptyDirectoryNamesThePath() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("events"));
    Files.writeString(dir.resolve("_SUCCESS"), ""); // hidden: not read, so the directory holds no Arrow file
    String messages = failure(dir);
    String expected = " (Spark does not read hidden files, whose names start with _ or .): check the path, or give"
        + " the schema with .schema(...) (SQL: the table's columns) to read it as an empty table";
    assertEquals(1, count(messages, "no Arrow file under " + dir + expected), messages);
    // SQL on a path: Spark hands the file format the files listed, and not the path, which the query shows
    assertEquals(1, count(messages, "no Arrow file under the path given" + expected), messages);
  }

  @Test
  void aZeroByteFileIsNamedAsEmpty() throws Exception {
    Path file = Files.createFile(tmp.resolve("data.arrow"));
    String messages = failure(file);
    String expected = "data.arrow is empty (0 bytes), so there is no Arrow schema to read: an Arrow file holds at"
        + " least its schema (a write that did not finish, or a failed copy?). Write it again, or give the schema"
        + " with .schema(...) (SQL: the table's columns) to read it as an empty table";
    assertEquals(2, count(messages, expected), messages);
    assertTrue(messages.contains(file.toString()), "the whole path: " + messages);
  }

  @Test
  void withTheSchemaGivenAnEmptyDirectoryReadsNoRows() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("none"));
    assertEquals(0, spark.read().format("arrowfile").schema("id BIGINT").load(dir.toString()).count());
  }

  private static int count(String haystack, String needle) {
    int n = 0;
    for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
