package io.arrowfile.connector.lines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What one Spark line's jar writes, every other line's jar reads equal. The build tests the lines one after the
 * other (connector/pom.xml's modules), each in its own JVM with its own Spark: each line writes the same rows, in
 * every compression and partitioned, under {@code target/spark-lines/<line>/} of the checkout, and reads back
 * the files of every line written before it, comparing them with the rows it makes itself. So each pair of lines
 * is checked in one direction per build, the later line reading the earlier one's files; the other direction
 * comes from {@code testkit/spark-lines/<line>/}, one file per compression that each line wrote once and that is
 * kept in the repository, which every line reads. Write them again (after a change to the writer, or for a new
 * line) with each line's module, as docs/development.md shows for 4.2.
 */
class CrossLineFilesTest {
  /** This module's artifact, {@code arrowfile-spark-<line>_<scala>}, which its pom hands the tests. */
  private static final String LINE = System.getProperty("arrowfile.sparkLine", "unknown-line");
  private static final Path LINES = Path.of("target", "spark-lines").toAbsolutePath();
  private static final Path KEPT = Path.of("testkit", "spark-lines").toAbsolutePath();
  private static final List<String> COMPRESSIONS = List.of("none", "lz4", "zstd");

  static SparkSession spark;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("cross-line",
      "spark.sql.session.timeZone", "UTC").into(s -> spark = s);

  /** Types every line has: numbers, strings with nulls, decimals, dates, timestamps, binary, and nested ones. */
  private static Dataset<Row> rows() {
    return spark.range(0, 2_000).selectExpr(
        "id",
        "cast(id % 7 as int) as part",
        "cast(id % 128 as tinyint) as b",
        "cast(id * 3 % 30000 as smallint) as s",
        "cast(id * 1000 as int) as i",
        "id * 1000000007 as l",
        "cast(id / 7.0 as float) as f",
        "id / 3.0d as d",
        "id % 5 = 0 as flag",
        "if(id % 10 = 0, null, concat('row ', id)) as str",
        "cast(id * 12345 / 100 as decimal(12, 2)) as dec",
        "cast(id * 100000000000 as decimal(38, 4)) as wide",
        "date_add(date '2024-01-01', cast(id as int)) as day",
        "timestamp_seconds(1700000000 + id * 3601) as ts",
        "cast(concat('b', id) as binary) as bin",
        "if(id % 4 = 0, null, array(id, id + 1, null)) as arr",
        "map('k', id, 'j', id * 2) as m",
        "named_struct('x', id, 'y', if(id % 3 = 0, null, cast(id as string))) as st",
        "array(named_struct('a', cast(id as int))) as nested");
  }

  @Test
  void filesOfTheLinesBuiltBeforeReadEqual() throws IOException {
    Dataset<Row> expected = rows();
    Path mine = LINES.resolve(LINE);
    for (String compression : COMPRESSIONS) {
      expected.write().format("arrowfile").mode(SaveMode.Overwrite).option("compression", compression)
          .partitionBy("part").save(mine.resolve(compression).toString());
    }
    List<String> read = readEveryLine(LINES, expected);
    assertTrue(read.contains(LINE), "its own files, at least: " + read);
  }

  @Test
  void filesEveryLineWroteOnceReadEqual() throws IOException {
    Dataset<Row> expected = rows();
    if (Boolean.getBoolean("arrowfile.writeLineFiles")) {
      for (String compression : COMPRESSIONS) {
        Path dir = KEPT.resolve(LINE).resolve(compression);
        expected.coalesce(1).write().format("arrowfile").mode(SaveMode.Overwrite)
            .option("compression", compression).save(dir.toString());
        try (Stream<Path> files = Files.list(dir)) { // only the data file is kept, as data.arrow: no _SUCCESS, no .crc
          for (Path f : files.toList()) {
            if (f.getFileName().toString().endsWith(".arrow")) {
              Files.move(f, dir.resolve("data.arrow"));
            } else {
              Files.delete(f);
            }
          }
        }
      }
    }
    List<String> read = readEveryLine(KEPT, expected);
    assertTrue(read.size() >= 5 * COMPRESSIONS.size(), "every line's kept files: " + read);
  }

  /** Reads each {@code <line>/<compression>} under {@code root}; returns the lines read, one per directory. */
  private static List<String> readEveryLine(Path root, Dataset<Row> expected) throws IOException {
    List<String> read = new ArrayList<>();
    try (Stream<Path> lines = Files.list(root)) {
      for (Path line : lines.filter(Files::isDirectory).sorted().toList()) {
        for (String compression : COMPRESSIONS) {
          Path dir = line.resolve(compression);
          if (!Files.isDirectory(dir)) {
            continue;
          }
          Dataset<Row> got = spark.read().format("arrowfile").load(dir.toString())
              .select(expected.columns()[0], java.util.Arrays.copyOfRange(expected.columns(), 1,
                  expected.columns().length));
          String what = root.relativize(dir) + " read by " + LINE;
          assertEquals(expected.schema().simpleString(), got.schema().simpleString(), what + ": schema");
          // ordered and collected, not exceptAll: set operations refuse map columns
          assertEquals(expected.orderBy("id").collectAsList(), got.orderBy("id").collectAsList(), what + ": rows");
          read.add(line.getFileName().toString());
        }
      }
    }
    return read;
  }
}
