package io.arrowfile.connector;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/** Writes test input with our builders and IPC writers; a local Spark session for the tests. */
final class Fixtures {
  private Fixtures() {}

  static SparkSession spark() {
    return SparkTesting.local("arrowfile-connector-test", "spark.sql.datetime.java8API.enabled", "true");
  }

  static RecordBatch batch(Schema schema, List<Object[]> rows) {
    RecordBatchBuilder b = RecordBatchBuilder.create(schema);
    for (Object[] row : rows) {
      b.appendRow(row);
    }
    return b.build();
  }

  /** An IPC file with one record batch per element of {@code batches} (each a list of rows). */
  @SafeVarargs
  static Path writeFile(Path path, Schema schema, List<Object[]>... batches) throws IOException {
    Files.createDirectories(path.getParent());
    try (ArrowFileWriter w = ArrowFileWriter.create(path, schema, WriteOptions.DEFAULT)) {
      for (List<Object[]> rows : batches) {
        w.write(batch(schema, rows));
      }
    }
    return path;
  }

  @SafeVarargs
  static Path writeStream(Path path, Schema schema, List<Object[]>... batches) throws IOException {
    Files.createDirectories(path.getParent());
    try (ArrowStreamWriter w = ArrowStreamWriter.create(path, schema, WriteOptions.DEFAULT)) {
      for (List<Object[]> rows : batches) {
        w.write(batch(schema, rows));
      }
    }
    return path;
  }
}
