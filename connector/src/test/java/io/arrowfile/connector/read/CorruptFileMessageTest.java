package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same damaged file gives the same message through a DataFrame read (V2) and through SQL (V1: a table, and SQL
 * on the path): the file's whole path, what is wrong, and what to do. Both kinds of damage: one found when a record
 * batch is loaded (a string column's offset), one found when the file is opened (a truncated footer).
 */
class CorruptFileMessageTest {
  private static SparkSession spark;
  @TempDir Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("corrupt-file-message").into(s -> spark = s);

  @Test
  void aDamagedOffsetGivesTheSameMessageThroughV1AndV2() throws IOException {
    Path table = write("offsets");
    Path file = DataFiles.first(table);
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int at = -1;
    for (int i = 0; i + 16 <= bytes.length && at < 0; i += 4) {
      if (le.getInt(i) == 0 && le.getInt(i + 4) == 7 && le.getInt(i + 8) == 14 && le.getInt(i + 12) == 21) {
        at = i;
      }
    }
    assertTrue(at >= 0, "the offsets of the first batch");
    le.putInt(at + 4 * 100, 1 << 30); // offset 100 of batch 0, far beyond the data
    damage(file, bytes);

    String v2 = message(spark.read().format("arrowfile").load(table.toString()), file, true);
    String v1Path = message(spark.sql("SELECT * FROM arrowfile.`" + table + "`"), file, false);
    assertTrue(v2.contains("offset 100"), v2);
    assertEquals(v2, v1Path, "SQL on the path (V1) as spark.read (V2)");
    assertEquals(v2, tableMessage(table, file), "a SQL table (V1) as spark.read (V2)");
    assertSaysTheSame(v2, file);
  }

  @Test
  void aTruncatedFileGivesTheSameMessageThroughV1AndV2() throws IOException {
    Path table = write("truncated");
    Path file = DataFiles.first(table);
    byte[] bytes = Files.readAllBytes(file);
    damage(file, Arrays.copyOf(bytes, bytes.length - 25));

    // A schema given, so that the scan, not schema inference, meets the file.
    String v2 = message(spark.read().format("arrowfile").schema("id BIGINT, s STRING").load(table.toString()), file,
        true);
    assertEquals(v2, tableMessage(table, file), "a SQL table (V1) as spark.read (V2)");
    assertSaysTheSame(v2, file);
  }

  /**
   * The command-line tool ({@code bin/arrowfile validate FILE}, which runs {@code ArrowTool} on the format module's
   * class path, as here) says the same of the file: its line is Spark's message without the advice about Spark's
   * options, which the tool's user does not need.
   */
  private static void assertSaysTheSame(String sparkMessage, Path file) throws IOException {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "io.arrowfile.ipc.tool.ArrowTool", "validate", file.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err;
    try {
      err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
      assertTrue(p.waitFor(2, java.util.concurrent.TimeUnit.MINUTES), "bin/arrowfile validate did not finish");
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
    assertEquals(1, p.exitValue(), "bin/arrowfile validate of a damaged file exits 1: " + err);
    assertTrue(err.startsWith("arrowfile: " + file + ": "), err);
    String tool = err.substring("arrowfile: ".length());
    assertTrue(sparkMessage.startsWith(tool), "Spark: " + sparkMessage + "\nbin/arrowfile: " + tool);
  }

  private Path write(String name) {
    Path table = dir.resolve(name);
    // Every string is 7 bytes, so each batch's offsets are 0, 7, 14, ...: easy to find in the file.
    spark.range(0, 1000, 1, 1).selectExpr("id", "format_string('row%04d', id) as s")
        .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "250").save(table.toString());
    return table;
  }

  private static void damage(Path file, byte[] bytes) throws IOException {
    Files.write(file, bytes);
    // Damage Hadoop's .crc sidecar would catch on its own; files copied in from elsewhere have none.
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
  }

  private String tableMessage(Path table, Path file) {
    String name = "corrupt_" + table.getFileName();
    spark.sql("CREATE TABLE " + name + " (id BIGINT, s STRING) USING arrowfile LOCATION '" + table.toUri() + "'");
    try {
      return message(spark.sql("SELECT * FROM " + name), file, false);
    } finally {
      spark.sql("DROP TABLE " + name);
    }
  }

  /**
   * The message of the format error that reading {@code df} fails with, after checking that it names {@code file}
   * and says what to do. The query's plan says which path read it: V2 scans are {@code BatchScan}s.
   */
  private static String message(Dataset<Row> df, Path file, boolean v2) {
    assertEquals(v2, !SparkTesting.batchScans(df).isEmpty(), df.queryExecution().executedPlan().toString());
    Exception e = assertThrows(Exception.class, df::collectAsList);
    ArrowFormatException format = null;
    for (Throwable c = e; c != null && format == null; c = c.getCause()) {
      format = c instanceof ArrowFormatException f ? f : null;
    }
    assertNotNull(format, SparkTesting.messages(e));
    String message = format.getMessage();
    assertTrue(message.contains(file + ": "), message);
    assertTrue(message.contains("set the read option ignoreCorruptFiles=true"), message);
    assertTrue(message.contains("`bin/arrowfile validate " + file + "` lists what is wrong"), message);
    assertFalse(message.contains("IndexOutOfBoundsException"), message);
    return message;
  }
}
