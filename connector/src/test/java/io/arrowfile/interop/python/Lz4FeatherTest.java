package io.arrowfile.interop.python;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reported bug: Feather files as pyarrow and pandas write them by default (LZ4 frames with linked blocks) and
 * columns well over 64 KiB read through Spark, every value accounted for by aggregates computed in Python.
 */
class Lz4FeatherTest {
  /** The peer files (PythonPeers.writeOnce): read only. */
  private static Path dir;
  private static SparkSession spark;
  private static String expected;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("lz4-feather");

  @BeforeAll
  static void write() {
    PythonPeers.Written written = PythonPeers.writeOnce("write_lz4_feather.py", 300);
    dir = written.dir();
    expected = written.stdout().strip();
    spark = SESSION.session();
  }

  @ParameterizedTest
  @ValueSource(strings = {"pyarrow-default.feather", "pandas-default.feather"})
  void defaultFeatherFilesReadWhole(String file) {
    Row r = spark.read().format("arrowfile").load(dir.resolve(file).toString())
        .selectExpr("count(*)", "sum(id)", "sum(v)", "sum(length(name))").first();
    String actual = String.format("{\"rows\": %d, \"sum_id\": %d, \"sum_v\": %d, \"sum_name_length\": %d, ",
        r.getLong(0), r.getLong(1), r.getLong(2), r.getLong(3));
    assertTrue(expected.startsWith(actual), file + ": " + actual + " vs " + expected);
    long uncompressed = Long.parseLong(expected.replaceAll(".*\"uncompressed_bytes\": (\\d+).*", "$1"));
    long size = dir.resolve(file).toFile().length();
    assertTrue(size < uncompressed * 0.8, file + " is LZ4-compressed: " + size + " of " + uncompressed + " bytes");
  }
}
