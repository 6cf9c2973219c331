package io.arrowfile.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * Converts Parquet or CSV files to Arrow IPC files with Spark, and checks that the Arrow files hold the same rows.
 *
 * <p>Arguments: {@code INPUT OUTPUT [parquet|csv]} (format default: {@code parquet}; CSV is read with a header
 * line and inferred column types). Without arguments it makes a small Parquet data set and a CSV file in a
 * temporary directory, converts both, and deletes the directory.
 *
 * <pre>
 * mvn -q compile exec:exec -Dexec.mainClass=io.arrowfile.examples.ConvertParquetToArrow \
 *     -Dexec.appArgs="/data/trips.parquet /data/trips-arrow parquet"
 * </pre>
 */
public final class ConvertParquetToArrow {
  private ConvertParquetToArrow() {}

  public static void main(String[] args) throws Exception {
    Path sampleDir = args.length >= 2 ? null : Files.createTempDirectory("arrowfile-convert");
    SparkSession spark = SparkSession.builder()
        .master("local[*]")
        .appName("arrowfile convert")
        .config("spark.ui.enabled", "false")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      if (args.length >= 2) {
        convert(spark, args[0], args[1], args.length > 2 ? args[2] : "parquet");
      } else {
        Path dir = sampleDir;
        String parquet = dir.resolve("sample.parquet").toUri().toString();
        String csv = dir.resolve("sample.csv").toUri().toString();
        Dataset<Row> sample = spark.range(0, 200_000).selectExpr(
            "id",
            "cast(id % 1000 as int) as store",
            "if(id % 13 = 0, null, concat('item-', id % 541)) as item",
            "cast(id % 10000 * 0.01 as decimal(10, 2)) as price",
            "timestamp_seconds(1700000000 + id * 17) as sold_at");
        sample.write().mode(SaveMode.Overwrite).parquet(parquet);
        sample.coalesce(1).write().mode(SaveMode.Overwrite).option("header", "true").csv(csv);
        convert(spark, parquet, dir.resolve("from-parquet").toUri().toString(), "parquet");
        convert(spark, csv, dir.resolve("from-csv").toUri().toString(), "csv");
      }
    } finally {
      spark.stop();
      if (sampleDir != null) {
        try (var paths = Files.walk(sampleDir)) {
          for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
    }
  }

  static void convert(SparkSession spark, String input, String output, String format) {
    DataFrameReader reader = spark.read().format(format);
    if (format.equalsIgnoreCase("csv")) {
      reader = reader.option("header", "true").option("inferSchema", "true");
    }
    Dataset<Row> in = reader.load(input);
    in.write().format("arrowfile")
        .mode(SaveMode.Overwrite)
        .option("compression", "zstd") // the default; none for the fastest reads, or lz4
        .save(output);

    Dataset<Row> out = spark.read().format("arrowfile").load(output);
    long rows = in.count();
    long back = out.count();
    long differing = in.exceptAll(out).count() + out.exceptAll(in).count();
    System.out.printf("%s (%s) -> %s: %d rows, %d read back, %d differ%n", input, format, output, rows, back,
        differing);
    out.printSchema();
    if (rows != back || differing != 0) {
      throw new IllegalStateException("the Arrow files do not hold the rows of " + input);
    }
  }
}
