package io.arrowfile.connector.tables;

import io.arrowfile.testing.SparkLine;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Shared helpers of the table/write parity tests: every test runs the same user code against {@code parquet}
 * and {@code arrowfile} and compares what a user would see (rows, files, error classes).
 */
final class Tables {
  private Tables() {}

  static final String ARROW = "arrowfile";
  static final String PARQUET = "parquet";
  static final List<String> FORMATS = List.of(PARQUET, ARROW);

  /** A local session with an in-memory catalog whose warehouse is {@code warehouse}. */
  static SparkSession spark(String master, Path warehouse, String... conf) {
    List<String> all = new java.util.ArrayList<>(List.of("spark.sql.catalogImplementation", "in-memory",
        "spark.sql.warehouse.dir", warehouse.toUri().toString()));
    all.addAll(List.of(conf));
    return SparkTesting.session(master, "arrowfile-tables-test", all.toArray(new String[0]));
  }

  /** The rows as sorted strings: order-insensitive and comparable across formats. */
  static List<String> rows(Dataset<Row> df) {
    return df.collectAsList().stream().map(Row::toString).sorted().toList();
  }

  /** Partition directories of the data files, relative to {@code dir} (e.g. {@code p=1/q=a}). */
  static List<String> partitionDirs(Path dir) throws IOException {
    return DataFiles.any(dir).stream().map(f -> dir.relativize(f.getParent()).toString()).distinct().sorted().toList();
  }

  /** What a user sees of a failure: Spark's error condition, else the exception class. */
  static String errorClass(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof SparkThrowable st && SparkLine.errorCondition(st) != null) {
        return SparkLine.errorCondition(st);
      }
    }
    return t.getClass().getName();
  }
}
