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
 * <p>Run it with {@code mvn -q compile exec:exec}; pass a directory to choose where the files go
 * ({@code -Dexec.appArgs=/tmp/people}).
 */
public final class QuickStart {
  private QuickStart() {}

  public static void main(String[] args) throws Exception {
    String dir = args.length > 0 ? args[0] : Files.createTempDirectory("arrowfile-quickstart").toString();
    String path = Path.of(dir, "events").toUri().toString();

    SparkSession spark = SparkSession.builder()
        .master("local[*]")
        .appName("arrowfile quick start")
        .config("spark.ui.enabled", "false")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
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

      // Each task writes one Arrow IPC file (magic, schema, record batches, footer) per color directory.
      events.write().format("arrowfile").mode(SaveMode.Overwrite)
          .option("compression", "zstd")
          .partitionBy("color")
          .save(path);
      System.out.println("wrote " + path);

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
    }
  }
}
