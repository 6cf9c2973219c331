package io.arrowfile.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * The quick start: a Spark program on the embedded local master that writes a DataFrame to {@code .arrow}
 * files and reads them back through arrowfile's columnar scan.
 *
 * <p>Run it with {@code mvn -q compile exec:exec}; pass a directory to choose where the files go and keep them
 * ({@code -Dexec.appArgs=/tmp/people}). Without one, the files go to a temporary directory that is deleted at the
 * end.
 */
public final class QuickStart {
  private QuickStart() {}

  public static void main(String[] args) throws Exception {
    Path temporary = args.length > 0 ? null : Files.createTempDirectory("arrowfile-quickstart");
    String dir = temporary != null ? temporary.toString() : args[0];
    String path = Path.of(dir, "events").toUri().toString();

    long start = System.nanoTime();
    // Said before Spark starts: the JVM then spends ten seconds or so loading Spark with nothing to show.
    System.out.println("arrowfile quick start: writes 1,000,000 rows as Arrow files with Spark (embedded local "
        + "master), reads them back and compares every row; about a minute");
    progress(start, "starting Spark on the embedded local master (about 10 s)");
    boolean terminal = Terminal.interactive();
    SparkSession spark = SparkSession.builder()
        .master("local[*]")
        .appName("arrowfile quick start")
        .config("spark.ui.enabled", "false")
        // Spark's own progress bar on the console ([Stage 3:====>   (5 + 2) / 8]), so long stages are not silent; only
        // on a terminal, where it redraws in place: piped or in a file, it would share lines with the steps below
        .config("spark.ui.showConsoleProgress", Boolean.toString(terminal))
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    progress(start, "Spark is up (" + spark.sparkContext().defaultParallelism() + " cores)"
        + (terminal ? "" : "; output is not a terminal, so no progress bar: a line per step"));
    try {
      // A million events with the usual column types, some nulls, and a partition-worthy column.
      Dataset<Row> events = spark.range(0, 1_000_000).selectExpr(
          "id",
          "cast(id % 1000 as int) as user",
          "if(id % 10 = 0, null, concat('event-', id % 97)) as name",
          "cast(id * 0.25 as decimal(18, 2)) as amount",
          "timestamp_seconds(1700000000 + id) as at",
          "array(id % 3, id % 5) as tags",
          "named_struct('x', cast(id % 7 as double), 'y', id % 11 = 0) as point",
          "case id % 3 when 0 then 'red' when 1 then 'green' else 'blue' end as color");

      // Each task writes one Arrow IPC file (magic, schema, record batches, footer) per color directory, zstd
      // compressed and with repetitive strings dictionary-encoded (the default write options).
      progress(start, "writing 1,000,000 rows to " + path);
      events.write().format("arrowfile").mode(SaveMode.Overwrite)
          .partitionBy("color")
          .save(path);
      progress(start, "wrote " + path);

      // Read back: the scan hands Spark ColumnarBatches whose vectors read the mapped files in place.
      Dataset<Row> back = spark.read().format("arrowfile").load(path);
      back.printSchema();
      System.out.println("physical plan of a filtered aggregate (note the columnar BatchScan arrowfile):");
      Dataset<Row> perColor = back.where("user < 100").groupBy("color")
          .agg(org.apache.spark.sql.functions.count("*").as("events"),
              org.apache.spark.sql.functions.sum("amount").as("amount"))
          .orderBy("color");
      perColor.explain();
      perColor.show();
      back.orderBy("id").show(5, false);

      progress(start, "comparing every row written with every row read back");
      long written = events.count();
      long read = back.count();
      long differing = events.select("id", "user", "name", "amount", "at", "tags", "point", "color")
          .exceptAll(back.select("id", "user", "name", "amount", "at", "tags", "point", "color")).count();
      if (written != read || differing != 0) {
        throw new IllegalStateException("the data read back is not the data written: " + written + " rows written, "
            + read + " read back, " + differing + " differing");
      }
      System.out.printf("OK: %,d rows written as zstd Arrow files partitioned by color, read back through the "
          + "columnar scan, every row equal%n", written);
    } finally {
      spark.stop();
      if (temporary != null) {
        deleteRecursively(temporary);
        progress(start, "deleted " + temporary + " (pass a directory to keep the files)");
      }
    }
  }

  private static void progress(long start, String what) {
    System.out.printf("[%4.1f s] %s%n", (System.nanoTime() - start) / 1e9, what);
  }

  private static void deleteRecursively(Path dir) throws java.io.IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
