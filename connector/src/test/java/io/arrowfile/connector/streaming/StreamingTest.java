package io.arrowfile.connector.streaming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Structured Streaming with arrowfile on both ends: {@code readStream} of a directory where files keep arriving,
 * {@code writeStream} into a directory with a checkpoint. Spark's file stream source and sink do the bookkeeping
 * (the source's seen-files log in the checkpoint, the sink's {@code _spark_metadata} log); these tests hold
 * arrowfile to their promises: every row exactly once across restarts, nothing of a failed micro-batch read.
 */
class StreamingTest {
  private static final String SCHEMA = "id bigint, s string";
  private static SparkSession spark;

  @TempDir Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("streaming").into(s -> spark = s);

  /** Rows {@code [from, to)} written as {@code files} new arrowfile files into {@code in}, as a producer would. */
  private void arrive(Path in, String name, long from, long to, int files) {
    spark.range(from, to, 1, files).selectExpr("id", "concat('s', id) as s")
        .write().format("arrowfile").save(in.resolve(name).toString());
  }

  private static Dataset<Row> source(Path in, int maxFilesPerTrigger) {
    return spark.readStream().format("arrowfile").schema(SCHEMA)
        .option("maxFilesPerTrigger", maxFilesPerTrigger)
        .option("recursiveFileLookup", "true")
        .load(in.toString());
  }

  /** Runs the query over what has arrived (Trigger.AvailableNow) and waits for it to stop. */
  private StreamingQuery runOnce(Dataset<Row> stream, Path out) throws Exception {
    StreamingQuery q = stream.writeStream().format("arrowfile")
        .option("checkpointLocation", dir.resolve("checkpoint").toString())
        .trigger(Trigger.AvailableNow())
        .start(out.toString());
    q.awaitTermination();
    return q;
  }

  private static List<Long> ids(Path out) {
    return spark.read().format("arrowfile").load(out.toString()).select("id").collectAsList().stream()
        .map(r -> r.getLong(0)).sorted().toList();
  }

  private static List<Long> range(long from, long to) {
    return LongStream.range(from, to).boxed().toList();
  }

  @Test
  void everyRowExactlyOnceAcrossRestarts() throws Exception {
    Path in = dir.resolve("in");
    Path out = dir.resolve("out");
    arrive(in, "a", 0, 1000, 3);
    runOnce(source(in, 1000), out);
    assertEquals(range(0, 1000), ids(out));

    // New files arrive while the query is stopped; the restarted query reads only them.
    arrive(in, "b", 1000, 1500, 2);
    arrive(in, "c", 1500, 1600, 1);
    runOnce(source(in, 1000), out);
    assertEquals(range(0, 1600), ids(out));

    // A restart with nothing new writes nothing.
    runOnce(source(in, 1000), out);
    assertEquals(range(0, 1600), ids(out));
    assertTrue(Files.isDirectory(out.resolve("_spark_metadata")), "the sink's log of committed files");
  }

  @Test
  void maxFilesPerTriggerBoundsEachMicroBatch() throws Exception {
    Path in = dir.resolve("in");
    Path out = dir.resolve("out");
    arrive(in, "a", 0, 500, 5);
    StreamingQuery q = runOnce(source(in, 2), out);
    long batchesWithRows = Stream.of(q.recentProgress()).filter(p -> p.numInputRows() > 0).count();
    assertEquals(3, batchesWithRows, "5 files, at most 2 a micro-batch");
    for (StreamingQueryProgress p : q.recentProgress()) {
      assertTrue(p.numInputRows() <= 200, p.json());
    }
    assertEquals(range(0, 500), ids(out));
  }

  /**
   * While set, the task holding id 1249 (the last row of the micro-batch's first task) fails, two seconds late so
   * that the task beside it has written and closed its file first.
   */
  private static volatile boolean failing;

  @Test
  void filesOfAFailedMicroBatchAreNeverRead() throws Exception {
    Path in = dir.resolve("in");
    Path out = dir.resolve("out");
    arrive(in, "a", 0, 1000, 2);
    runOnce(source(in, 1000), out);

    arrive(in, "b", 1000, 2000, 4);
    failing = true;
    Dataset<Row> poisoned = source(in, 1000).withColumn("id", functions.udf((UDF1<Long, Long>) id -> {
      if (failing && id == 1249) {
        Thread.sleep(2000);
        throw new IllegalStateException("injected failure at id " + id);
      }
      return id;
    }, DataTypes.LongType).asNondeterministic().apply(functions.col("id")));
    Exception e = assertThrows(Exception.class, () -> runOnce(poisoned, out));
    assertTrue(SparkTesting.messages(e).contains("injected failure at id 1249"), SparkTesting.messages(e));

    // Spark's sink deletes what the failed micro-batch's finished tasks wrote when it aborts; a driver that dies
    // mid-batch cannot, so plant such a leftover: a valid part file the sink's log does not list. Readers go by
    // the log and see only the committed micro-batch.
    assertEquals(2, DataFiles.arrow(out).size(), "the aborted micro-batch's files are cleaned up");
    Path leftover = DataFiles.first(in.resolve("b"));
    Files.copy(leftover, out.resolve("part-99999-left-by-a-crashed-batch.arrow"));
    assertEquals(range(0, 1000), ids(out));

    failing = false;
    runOnce(poisoned, out);
    assertEquals(range(0, 2000), ids(out));
  }

  @Test
  void theSinkTakesTheWriteOptions() throws Exception {
    Path in = dir.resolve("in");
    arrive(in, "a", 0, 20000, 1);
    long[] sizes = new long[2];
    String[] codecs = {"none", "zstd"};
    for (int k = 0; k < 2; k++) {
      Path out = dir.resolve("out-" + codecs[k]);
      StreamingQuery q = source(in, 1000).writeStream().format("arrowfile")
          .option("checkpointLocation", dir.resolve("checkpoint-" + codecs[k]).toString())
          .option("compression", codecs[k])
          .trigger(Trigger.AvailableNow()).start(out.toString());
      q.awaitTermination();
      assertEquals(range(0, 20000), ids(out));
      sizes[k] = DataFiles.arrow(out).stream().mapToLong(p -> p.toFile().length()).sum();
    }
    assertTrue(sizes[1] < sizes[0] / 2, "zstd " + sizes[1] + " bytes, none " + sizes[0]);
    Exception e = assertThrows(Exception.class, () -> source(in, 1000).writeStream().format("arrowfile")
        .option("checkpointLocation", dir.resolve("checkpoint-bad").toString())
        .option("compression", "snappy").trigger(Trigger.AvailableNow()).start(dir.resolve("bad").toString())
        .awaitTermination());
    assertTrue(SparkTesting.messages(e).contains("compression"), SparkTesting.messages(e));
  }
}
