package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An offset in the middle of a string column's offsets buffer, damaged: the scan fails when it loads that record
 * batch, with an ArrowFormatException naming the file and what is wrong, not later at some row with a bare
 * IndexOutOfBoundsException; and a query that does not read the column is not affected.
 */
class CorruptOffsetsTest {
  private static SparkSession spark;
  @TempDir Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("corrupt-offsets").into(s -> spark = s);

  @Test
  void aDamagedOffsetFailsAtLoadNamingTheFile() throws IOException {
    String out = dir.resolve("t").toString();
    // Every string is 7 bytes, so each batch's offsets are 0, 7, 14, ...: easy to find in the file.
    spark.range(0, 1000, 1, 1).selectExpr("id", "format_string('row%04d', id) as s")
        .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "250").save(out);
    Path file = DataFiles.first(Path.of(out));
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
    Files.write(file, bytes);
    // Damage Hadoop's .crc sidecar would catch on its own; files copied in from elsewhere have none.
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));

    Exception e = assertThrows(Exception.class,
        () -> spark.read().format("arrowfile").load(out).selectExpr("max(s)").collectAsList());
    String messages = SparkTesting.messages(e);
    assertTrue(messages.contains("ArrowFormatException"), messages);
    assertTrue(messages.contains(file.getFileName().toString()), messages);
    assertTrue(messages.contains("offset 100"), messages);
    assertFalse(messages.contains("IndexOutOfBoundsException"), messages);

    // The damage is in column s only.
    assertTrue(spark.read().format("arrowfile").load(out).selectExpr("sum(id)").first().getLong(0) == 499500L);
  }
}
