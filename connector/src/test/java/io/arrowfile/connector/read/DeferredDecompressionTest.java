package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scan decompresses a column of a compressed record batch when a row of the batch first reads it, not when the
 * batch is read: in a batch where the query's filter keeps no row, the columns read only after the filter stay
 * compressed. Shown with a damaged buffer, found by its content checksum only when decompressed: the query whose
 * filter leaves the damaged batch no row reads the file, the one that keeps rows there fails naming the file, the
 * batch and the column. Every type a scan defers reads as it does from an uncompressed file.
 */
class DeferredDecompressionTest {
  private static SparkSession spark;
  @TempDir Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("deferred-decompression")
      .into(s -> spark = s);

  private static final int ROWS = 40_000;
  private static final int PER_BATCH = 20_000;

  /** One file of two record batches, {@code v} 32 random bytes per row, damaged in the middle of batch 1's body. */
  private String writeAndDamageBatch1(String codec) throws IOException {
    String out = dir.resolve(codec).toString();
    spark.range(0, ROWS, 1, 1).selectExpr("id AS k", "unhex(sha2(CAST(id AS STRING), 256)) AS v")
        .write().format("arrowfile").option("compression", codec).option("rowsPerBatch", PER_BATCH).save(out);
    Path file = DataFiles.first(Path.of(out));
    Block batch1;
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      assertEquals(2, r.recordBatchCount());
      batch1 = r.recordBatchBlocks().get(1);
    }
    byte[] bytes = Files.readAllBytes(file);
    // v's 640 KB of random bytes are most of the body: its middle is inside v's data buffer.
    bytes[(int) (batch1.offset() + batch1.metaDataLength() + batch1.bodyLength() / 2)] ^= 0x10;
    Files.write(file, bytes);
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
    return out;
  }

  /** The sum of {@code crc32(v)} over the rows {@code where} keeps. */
  private static String sumOfV(String where) {
    return "SELECT sum(crc32(v)) FROM t WHERE " + where;
  }

  private static long expected(String where) {
    spark.range(0, ROWS, 1, 1).selectExpr("id AS k", "unhex(sha2(CAST(id AS STRING), 256)) AS v")
        .createOrReplaceTempView("clean");
    return spark.sql(sumOfV(where).replace(" t ", " clean ")).first().getLong(0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "lz4"})
  void aColumnNoRowOfItsBatchReadsStaysCompressed(String codec) throws IOException {
    String out = writeAndDamageBatch1(codec);
    spark.read().format("arrowfile").load(out).createOrReplaceTempView("t");
    // k % 40000 is not a filter Spark pushes to the scan, so batch 1 is read: its k, not its v.
    String batch0 = "k % 40000 < 20000";
    assertEquals(expected(batch0), spark.sql(sumOfV(batch0)).first().getLong(0));
    Exception e = assertThrows(Exception.class, () -> spark.sql(sumOfV("k % 40000 >= 20000")).collectAsList());
    String messages = SparkTesting.messages(e);
    assertTrue(messages.contains(".arrow"), messages);
    assertTrue(messages.contains("record batch 1"), messages);
    assertTrue(messages.contains("'v'") || messages.contains("v:") || messages.contains("column v"), messages);
    assertTrue(messages.toLowerCase(Locale.ROOT).contains("checksum"), messages);
    assertTrue(messages.contains("ignoreCorruptFiles"), messages); // what to do, as for a batch that fails to read
  }

  @Test
  void withIgnoreCorruptFilesTheScanStopsAtTheDamagedBatch() throws IOException {
    String out = writeAndDamageBatch1("zstd");
    // Spark skips the rest of a corrupt file when its reader fails, keeping the rows before: the damage must be found
    // as the batch is read, not later as a row reads the column, so such a scan decompresses each batch whole.
    List<Row> rows = spark.read().format("arrowfile").option("ignoreCorruptFiles", "true").load(out)
        .selectExpr("count(*)", "sum(crc32(v))").collectAsList();
    assertEquals(PER_BATCH, rows.get(0).getLong(0));
    assertEquals(expected("k < " + PER_BATCH), rows.get(0).getLong(1));
  }

  @Test
  void everyTypeAScanDefersReadsAsFromAnUncompressedFile() {
    String[] columns = {"CAST(id % 100 AS TINYINT) AS b", "CAST(id AS SHORT) AS s", "CAST(id AS INT) AS i", "id AS l",
        "CAST(id / 3 AS FLOAT) AS f", "CAST(id / 7 AS DOUBLE) AS d", "CAST(id / 100 AS DECIMAL(12, 2)) AS small",
        "CAST(id AS DECIMAL(30, 3)) AS wide", "id % 3 = 0 AS flag", "date_add(DATE'2020-01-01', CAST(id AS INT)) AS day",
        "timestamp_micros(id * 1000003) AS ts", "CAST(id AS STRING) AS str", "unhex(hex(id)) AS bin"};
    Dataset<Row> source = spark.range(0, 30_000, 1, 1).selectExpr(columns);
    String[] names = source.columns();
    String[] nulled = new String[names.length];
    for (int c = 0; c < names.length; c++) { // a null in every 11th row, a different one in each column
      nulled[c] = names[c].equals("l") ? "l"
          : "CASE WHEN (l + " + c + ") % 11 = 0 THEN NULL ELSE " + names[c] + " END AS " + names[c];
    }
    Dataset<Row> withNulls = source.selectExpr(nulled);
    String plain = dir.resolve("plain").toString();
    String zstd = dir.resolve("zstd").toString();
    withNulls.write().format("arrowfile").option("compression", "none").option("rowsPerBatch", 7_000).save(plain);
    withNulls.write().format("arrowfile").option("compression", "zstd").option("rowsPerBatch", 7_000).save(zstd);
    // A filter that keeps rows in some batches only, then every column of the rows kept; and every row.
    for (String filter : List.of("l % 30000 < 5000 OR l % 30000 > 27000", "true")) {
      Dataset<Row> expected = spark.read().format("arrowfile").load(plain).where(filter);
      Dataset<Row> actual = spark.read().format("arrowfile").load(zstd).where(filter);
      assertEquals(expected.count(), actual.count());
      assertEquals(0, expected.exceptAll(actual).count(), filter);
      assertEquals(0, actual.exceptAll(expected).count(), filter);
    }
  }
}
