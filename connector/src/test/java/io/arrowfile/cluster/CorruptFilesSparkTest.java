package io.arrowfile.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory of good files and one corrupt file (truncated, or with a bit-flipped footer): with
 * {@code ignoreCorruptFiles=true} the query skips the corrupt file (with a warning naming it) and returns the
 * good rows; without it the query fails with an exception naming the file. DataFrame (V2) and SQL (V1) reads,
 * option and session configuration.
 */
class CorruptFilesSparkTest {
  @TempDir
  static Path tmp;
  static SparkSession spark;
  static Path good;
  static StructType schema;
  static List<String> expected;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> ClusterSupport.spark(
      tmp.resolve("warehouse"))).into(s -> spark = s);

  @BeforeAll
  static void setUp() throws Exception {
    good = tmp.resolve("good");
    Dataset<Row> source = spark.range(0, 3000, 1, 3).selectExpr("id", "concat('v', id) as v",
        "cast(id % 10 as int) as k");
    source.write().format("arrowfile").option("rowsPerBatch", "400").save(good.toString());
    schema = source.schema();
    expected = ClusterSupport.canonical(source);
  }

  /** A copy of the good directory plus one corrupt file ({@code kind}: truncated or flipped). */
  static Path dirWithCorrupt(String kind) throws Exception {
    Path dir = tmp.resolve("mixed-" + kind);
    if (Files.exists(dir)) {
      return dir;
    }
    Files.createDirectories(dir);
    List<Path> files = DataFiles.any(good);
    for (Path f : files) {
      Files.copy(f, dir.resolve(f.getFileName()));
    }
    Path bad = dir.resolve("part-00099-corrupt-" + kind + ".arrow");
    if (kind.equals("truncated")) {
      ClusterSupport.truncate(files.get(0), bad, 25);
    } else {
      ClusterSupport.flipFooter(files.get(0), bad);
    }
    return dir;
  }

  static final List<String> KINDS = List.of("truncated", "flipped");

  @Test
  void ignoreCorruptFilesOptionSkipsTheFileAndWarns() throws Exception {
    for (String kind : KINDS) {
      Path dir = dirWithCorrupt(kind);
      List<String> warnings = captureWarnings(() -> {
        Dataset<Row> v2 = spark.read().format("arrowfile").schema(schema).option("ignoreCorruptFiles", "true")
            .load(dir.toString());
        assertEquals(expected, ClusterSupport.canonical(v2), kind + " (DataFrame)");
        assertEquals(300, v2.where("k = 3").count(), kind);
      });
      assertTrue(warnings.stream().anyMatch(w -> w.contains("part-00099-corrupt-" + kind)),
          "a warning names the skipped file: " + warnings);
    }
  }

  /**
   * One warning per skipped file and query, with one spelling of its path, and no advice to set the option that is
   * set: schema inference, which meets the file before the scan does, leaves it out without a warning of its own.
   */
  @Test
  void aSkippedFileIsWarnedOnceWithoutAdvisingTheOptionThatIsSet() throws Exception {
    for (String kind : KINDS) {
      Path dir = dirWithCorrupt(kind);
      String bad = "part-00099-corrupt-" + kind;
      List<String> warnings = captureWarnings(() -> {
        Dataset<Row> df = spark.read().format("arrowfile").option("ignoreCorruptFiles", "true").load(dir.toString());
        assertEquals(3000, df.collectAsList().size(), kind);
      });
      List<String> named = warnings.stream().filter(w -> w.contains(bad)).toList();
      assertEquals(1, named.size(), "one warning for " + bad + ": " + warnings);
      assertTrue(named.get(0).contains("The file is skipped (ignoreCorruptFiles=true); `bin/arrowfile validate "),
          named.get(0));
      assertFalse(named.get(0).contains("set the read option ignoreCorruptFiles=true"), named.get(0));
    }
  }

  @Test
  void ignoreCorruptFilesSessionConfForSqlTable() throws Exception {
    for (String kind : KINDS) {
      Path dir = dirWithCorrupt(kind);
      String table = "corrupt_" + kind;
      spark.sql("CREATE TABLE " + table + " (id BIGINT, v STRING, k INT) USING arrowfile LOCATION '"
          + dir.toUri() + "'");
      try {
        spark.conf().set("spark.sql.files.ignoreCorruptFiles", "true");
        try {
          assertEquals(expected, ClusterSupport.canonical(spark.sql("SELECT * FROM " + table)), kind + " (SQL)");
          assertEquals(expected, ClusterSupport.canonical(
              spark.read().format("arrowfile").schema(schema).load(dir.toString())), kind + " (conf, V2)");
        } finally {
          spark.conf().unset("spark.sql.files.ignoreCorruptFiles");
        }
        Exception e = assertThrows(Exception.class, () -> spark.sql("SELECT * FROM " + table).collectAsList());
        assertTrue(SparkTesting.messages(e).contains("part-00099-corrupt-" + kind), SparkTesting.messages(e));
      } finally {
        spark.sql("DROP TABLE " + table);
      }
    }
  }

  @Test
  void withoutIgnoreCorruptFilesTheQueryFailsNamingTheFile() throws Exception {
    for (String kind : KINDS) {
      Path dir = dirWithCorrupt(kind);
      Exception e = assertThrows(Exception.class,
          () -> spark.read().format("arrowfile").schema(schema).load(dir.toString()).collectAsList());
      String messages = SparkTesting.messages(e);
      assertTrue(messages.contains("part-00099-corrupt-" + kind + ".arrow"), messages);
      // what is wrong comes with the whole path and what to do: skip such files, or see what is wrong
      Path bad = dir.resolve("part-00099-corrupt-" + kind + ".arrow");
      assertTrue(messages.contains(bad + ": ") && messages.contains("set the read option ignoreCorruptFiles=true")
          && messages.contains("`bin/arrowfile validate " + bad + "` lists what is wrong"), messages);
      // Explicitly false, too.
      Exception e2 = assertThrows(Exception.class,
          () -> spark.read().format("arrowfile").schema(schema).option("ignoreCorruptFiles", "false")
              .load(dir.toString()).collectAsList());
      assertTrue(SparkTesting.messages(e2).contains("part-00099-corrupt-" + kind + ".arrow"),
          SparkTesting.messages(e2));
      // Schema inference (no user schema) fails naming the file as well.
      Exception e3 = assertThrows(Exception.class,
          () -> spark.read().format("arrowfile").load(dir.toString()).collectAsList());
      assertTrue(SparkTesting.messages(e3).contains("part-00099-corrupt-" + kind + ".arrow"),
          SparkTesting.messages(e3));
      String inference = e3.getMessage();
      assertTrue(inference.startsWith("cannot read the Arrow schema: file:" + bad + ": ")
          && inference.indexOf(bad.toString()) == inference.lastIndexOf(bad + ": ") // the path once, then the command
          && inference.contains("ignoreCorruptFiles=true"), inference);
    }
  }

  /** The most common mistake, files of another format, fails saying which format they look like, naming the file. */
  @Test
  void filesOfAnotherFormatAreNamedAsSuch() throws Exception {
    Dataset<Row> source = spark.range(0, 10, 1, 1).selectExpr("id", "concat('v', id) as v");
    Path parquet = tmp.resolve("as-parquet");
    source.write().parquet(parquet.toString());
    Path csv = tmp.resolve("as-csv");
    source.write().option("header", "true").csv(csv.toString());
    for (Path dir : List.of(parquet, csv)) {
      String looks = dir == parquet ? "as a Parquet file does" : "as a CSV or JSON file does";
      Path file = DataFiles.any(dir).get(0);
      // Schema inference, and the scan with a schema given (V2), and a SQL read of the path (V1).
      for (Runnable read : List.<Runnable>of(
          () -> spark.read().format("arrowfile").load(dir.toString()).collectAsList(),
          () -> spark.read().format("arrowfile").schema(source.schema()).load(dir.toString()).collectAsList(),
          () -> spark.sql("SELECT * FROM arrowfile.`" + dir + "`").collectAsList())) {
        Exception e = assertThrows(Exception.class, read::run);
        String messages = SparkTesting.messages(e);
        assertTrue(messages.contains("not an Arrow IPC file or stream") && messages.contains(looks)
            && messages.contains(file.getFileName().toString()), messages);
      }
    }
  }

  /**
   * Like Parquet, with {@code ignoreCorruptFiles=true} schema inference skips a file whose footer cannot be
   * read instead of failing the query.
   */
  @Test
  void ignoreCorruptFilesAlsoAppliesToSchemaInference() throws Exception {
    for (String kind : KINDS) {
      Path dir = dirWithCorrupt(kind);
      Dataset<Row> df = spark.read().format("arrowfile").option("ignoreCorruptFiles", "true").load(dir.toString());
      assertEquals(schema.catalogString(), df.schema().catalogString(), kind);
      assertEquals(expected, ClusterSupport.canonical(df), kind);
    }
  }

  interface Body {
    void run() throws Exception;
  }

  /** Runs {@code body}, returning the WARN+ log messages logged meanwhile (log4j2, Spark's logging). */
  static List<String> captureWarnings(Body body) throws Exception {
    List<String> messages = java.util.Collections.synchronizedList(new ArrayList<>());
    Logger root = (Logger) LogManager.getRootLogger();
    AbstractAppender appender = new AbstractAppender("capture-" + System.nanoTime(), null, null, true,
        Property.EMPTY_ARRAY) {
      @Override
      public void append(LogEvent event) {
        if (event.getLevel().isMoreSpecificThan(Level.WARN)) {
          // Spark's structured logging keeps values such as the path in the event's context data.
          // (and Spark 4.2 names the skipped file only in the attached exception).
          messages.add(event.getMessage().getFormattedMessage() + " " + event.getContextData()
              + (event.getThrown() == null ? "" : " " + SparkTesting.messages(event.getThrown())));
        }
      }
    };
    appender.start();
    root.addAppender(appender);
    try {
      body.run();
    } finally {
      root.removeAppender(appender);
      appender.stop();
    }
    return new ArrayList<>(messages);
  }
}
