package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file over 2 GiB, written by one Spark task and read back through Spark: record batch blocks and buffers past
 * the 2^31 mark (int offsets would wrap), and a record batch that straddles the 1 GiB chunks a large file is
 * mapped in.
 */
class LargeFileTest {
  private static final long ROWS = 2_300_000;
  private static final int PAYLOAD = 1000;
  private static final long NEEDED = 5L << 30;
  private static SparkSession spark;

  @TempDir static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("large-file");

  @BeforeAll
  static void start() throws IOException {
    long free = Files.getFileStore(dir).getUsableSpace();
    Assumptions.assumeTrue(free >= NEEDED, "LargeFileTest skipped: it needs " + (NEEDED >> 30)
        + " GiB free in " + dir + ", which has " + (free >> 20) + " MiB");
    spark = SESSION.session();
  }

  @Test
  void aFileOverTwoGibReadsBackWhole() throws IOException {
    String path = dir.resolve("large").toString();
    // One partition, so one task writes one file; each row's payload is its id padded with zeros to 1000 bytes
    // (zeros rather than letters so that the read checks each payload with a cast, not a character-wise trim).
    spark.range(0, ROWS, 1, 1)
        .selectExpr("id", "lpad(cast(id as string), " + PAYLOAD + ", '0') as payload")
        .write().format("arrowfile").options(SparkTesting.PLAIN).save(path);

    Path file = DataFiles.first(Path.of(path));
    assertTrue(Files.size(file) > (2L << 30), file + " is " + Files.size(file) + " bytes, not over 2 GiB");

    Dataset<Row> back = spark.read().format("arrowfile").load(path);
    Row sums = back.selectExpr("count(*)", "sum(id)", "sum(octet_length(payload))",
        "sum(cast(cast(payload as bigint) = id as int))").first();
    assertEquals(ROWS, sums.getLong(0));
    assertEquals(ROWS * (ROWS - 1) / 2, sums.getLong(1));
    assertEquals(ROWS * PAYLOAD, sums.getLong(2));
    assertEquals(ROWS, sums.getLong(3), "rows whose payload holds their own id");

    // The last rows lie past 2 GiB in the file.
    List<Row> last = back.where("id >= " + (ROWS - 2)).orderBy("id").collectAsList();
    assertEquals(2, last.size());
    assertEquals(ROWS - 1, last.get(1).getLong(0));
    assertTrue(last.get(1).getString(1).endsWith(Long.toString(ROWS - 1)));
  }
}
