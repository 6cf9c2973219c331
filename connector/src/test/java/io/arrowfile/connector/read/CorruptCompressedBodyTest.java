package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One byte flipped in the middle of a large compressed buffer. Where the codec stores incompressible data as is
 * (LZ4's stored blocks, zstd's raw blocks), the damage decodes without a structural error; only the frame's content
 * checksum, which arrowfile writes by default ({@code checksum=true}), tells. With it the scan fails naming the
 * file, the record batch and the checksum; without it the same damage reads as other values.
 */
class CorruptCompressedBodyTest {
  private static SparkSession spark;
  @TempDir Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("corrupt-compressed").into(s -> spark = s);

  /** One file of 20,000 random 32-byte values (640 KB that no codec compresses), damaged in its middle. */
  private String writeAndDamage(String codec, boolean checksum) throws IOException {
    String out = dir.resolve(codec + "-" + checksum).toString();
    spark.range(0, 20_000, 1, 1).selectExpr("id", "unhex(sha2(CAST(id AS STRING), 256)) AS b")
        .write().format("arrowfile").option("compression", codec).option("checksum", Boolean.toString(checksum))
        .save(out);
    Path file = DataFiles.first(Path.of(out));
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x10;
    Files.write(file, bytes);
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
    return out;
  }

  private static final String QUERY = "sum(crc32(b))";

  private long expected() {
    return spark.range(0, 20_000, 1, 1).selectExpr("unhex(sha2(CAST(id AS STRING), 256)) AS b").selectExpr(QUERY)
        .first().getLong(0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"lz4", "zstd"})
  void theContentChecksumCatchesAFlippedByte(String codec) throws IOException {
    String out = writeAndDamage(codec, true);
    Exception e = assertThrows(Exception.class,
        () -> spark.read().format("arrowfile").load(out).selectExpr(QUERY).collectAsList());
    String messages = SparkTesting.messages(e);
    assertTrue(messages.contains(".arrow"), messages);
    assertTrue(messages.contains("record batch 0"), messages);
    assertTrue(messages.toLowerCase(java.util.Locale.ROOT).contains("checksum"), messages);
    // The other column is not decompressed, so it still reads.
    assertEquals(199_990_000L, spark.read().format("arrowfile").load(out).selectExpr("sum(id)").first().getLong(0));
  }

  @ParameterizedTest
  @ValueSource(strings = {"lz4", "zstd"})
  void withoutTheChecksumTheSameDamageReadsAsOtherValues(String codec) throws IOException {
    String out = writeAndDamage(codec, false);
    long damaged = spark.read().format("arrowfile").load(out).selectExpr(QUERY).first().getLong(0);
    assertNotEquals(expected(), damaged);
  }
}
