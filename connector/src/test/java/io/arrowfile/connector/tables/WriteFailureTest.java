package io.arrowfile.connector.tables;

import static io.arrowfile.connector.tables.Tables.ARROW;
import static io.arrowfile.connector.tables.Tables.FORMATS;
import static io.arrowfile.connector.tables.Tables.PARQUET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tasks that fail in the middle of writing a file. The session runs on {@code local[2,2]}: two threads and two
 * attempts per task (spark.task.maxFailures = 2), so a task that fails once is retried. A retried task must give
 * exactly the expected rows (no partial or duplicate part files); a job that fails must leave no part files and
 * no {@code _SUCCESS}. Parquet runs the same code as the reference.
 */
class WriteFailureTest {
  @TempDir
  static Path warehouse;

  private static SparkSession spark;

  @TempDir
  Path tmp;

  /** Tasks started and not yet ended, as the listener bus tells them (see {@link #awaitTasksEnded}). */
  private static final RunningTasks RUNNING = new RunningTasks();

  private static final class RunningTasks extends org.apache.spark.scheduler.SparkListener {
    final java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public void onTaskStart(org.apache.spark.scheduler.SparkListenerTaskStart start) {
      count.incrementAndGet();
    }

    @Override
    public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
      count.decrementAndGet();
    }
  }

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> Tables.spark("local[2,2]", warehouse))
      .into(s -> {
        spark = s;
        if (s != null) {
          s.sparkContext().addSparkListener(RUNNING);
        }
      });

  /** Identity on {@code id}, except that it throws at {@code failAt} on attempts below {@code failingAttempts}. */
  private static Column failingIdentity(long failAt, int failingAttempts) {
    UserDefinedFunction f = functions.udf((UDF1<Long, Long>) id -> {
      if (id == failAt && TaskContext.get().attemptNumber() < failingAttempts) {
        throw new IllegalStateException("injected failure at id " + id + ", attempt "
            + TaskContext.get().attemptNumber());
      }
      return id;
    }, DataTypes.LongType).asNondeterministic();
    return f.apply(functions.col("id"));
  }

  /**
   * 100 rows in 4 partitions (ids 25..49 in partition 1); the failure comes after 10 rows of partition 1, once
   * the writer of that task has already written batches (rowsPerBatch=4) into its file.
   */
  private static Dataset<Row> input(int failingAttempts) {
    return spark.range(0, 100, 1, 4).select(failingIdentity(35, failingAttempts).as("id"))
        .selectExpr("id", "CAST(id % 2 AS INT) AS p", "concat('row', id) AS s");
  }

  private static Dataset<Row> expected() {
    return spark.range(0, 100, 1, 4).selectExpr("id", "CAST(id % 2 AS INT) AS p", "concat('row', id) AS s");
  }

  /**
   * Every file under {@code dir} (hidden _temporary trees included), relative, with the per-job UUID and the
   * format's extension taken out. Directories are left out: when a job fails, Spark kills the other running
   * tasks asynchronously, and a task that was just starting may recreate an empty {@code _temporary} directory
   * after the job's cleanup, with any format (it is Hadoop's committer, not the file writer). Files are what
   * matter: no partial or duplicate part file may remain anywhere.
   */
  /**
   * The files a write left, as readers see them: without checksums, and without the commit protocol's
   * {@code _temporary} directory, which readers skip and which a task that commits after its job was aborted can
   * leave behind (Spark's race, Parquet's files as ours).
   */
  private static List<String> listing(Path dir) throws IOException {
    awaitTasksEnded();
    if (!Files.exists(dir)) {
      return List.of("<no dir>");
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".crc"))
          .filter(p -> !dir.relativize(p).startsWith("_temporary"))
          .map(p -> dir.relativize(p).toString()
              .replaceAll("part-(\\d+)-[0-9a-f-]{36}(_\\d+)?[-.]c(\\d+)\\..*$", "part-$1$2-c$3"))
          .sorted().toList();
    }
  }

  /** The data files under {@code dir} outside {@code _temporary} (see {@link #listing}). */
  private static List<Path> visibleDataFiles(Path dir) throws IOException {
    return DataFiles.any(dir).stream().filter(p -> !dir.relativize(p).startsWith("_temporary")).toList();
  }

  private static long[] ids(Dataset<Row> df) {
    return df.select("id").collectAsList().stream().mapToLong(r -> r.getLong(0)).sorted().toArray();
  }

  @Test
  void sessionAllowsOneRetryPerTask() {
    assertEquals("local[2,2]", spark.sparkContext().master());
  }

  @Test
  void aTaskThatFailsOnceMidWriteIsRetriedWithoutPartialOrDuplicateFiles() throws IOException {
    Map<String, List<String>> listings = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      input(1).write().format(f).option("rowsPerBatch", "4").save(out.toString());
      listings.put(f, listing(out));
      Dataset<Row> back = spark.read().format(f).load(out.toString());
      assertEquals(Tables.rows(expected()), Tables.rows(back), f);
      assertTrue(Files.exists(out.resolve("_SUCCESS")), f);
    }
    assertEquals(listings.get(PARQUET), listings.get(ARROW));
    assertEquals(List.of("_SUCCESS", "part-00000-c000", "part-00001-c000", "part-00002-c000", "part-00003-c000"),
        listings.get(ARROW));
    assertEquals(LongStream.range(0, 100).boxed().toList(),
        LongStream.of(ids(spark.read().format(ARROW).load(tmp.resolve(ARROW).toString()))).boxed().toList());
  }

  @Test
  void aRetriedTaskOfAPartitionedWriteWritesEachRowOnce() throws IOException {
    Map<String, List<String>> listings = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      input(1).write().format(f).partitionBy("p").option("rowsPerBatch", "4").save(out.toString());
      listings.put(f, listing(out));
      // partition discovery puts the partition column last
      assertEquals(Tables.rows(expected().select("id", "s", "p")),
          Tables.rows(spark.read().format(f).load(out.toString())), f);
    }
    assertEquals(listings.get(PARQUET), listings.get(ARROW));
    assertEquals(9, listings.get(ARROW).size()); // _SUCCESS + 4 tasks x 2 partitions
  }

  @Test
  void aFailedJobLeavesNoPartFilesAndNoSuccessMarker() throws IOException {
    Map<String, List<String>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      Exception e = assertThrows(Exception.class,
          () -> input(2).write().format(f).option("rowsPerBatch", "4").save(out.toString()));
      awaitTasksEnded();
      assertTrue(SparkTesting.messages(e).contains("injected failure at id 35, attempt 1"), SparkTesting.messages(e));
      seen.put(f, List.of(Tables.errorClass(e), String.valueOf(listing(out)),
          String.valueOf(visibleDataFiles(out))));
      assertFalse(Files.exists(out.resolve("_SUCCESS")), f);
      assertEquals(List.of(), visibleDataFiles(out), f);
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
  }

  @Test
  void aFailedAppendKeepsExactlyTheEarlierData() throws IOException {
    Map<String, List<String>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      spark.range(5).selectExpr("id", "CAST(id % 2 AS INT) AS p", "concat('row', id) AS s").write().format(f)
          .partitionBy("p").save(out.toString());
      assertThrows(Exception.class, () -> input(2).write().format(f).partitionBy("p").mode(SaveMode.Append)
          .save(out.toString()));
      awaitTasksEnded();
      seen.put(f, List.of(String.valueOf(listing(out)),
          String.valueOf(Tables.rows(spark.read().format(f).load(out.toString())))));
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
    assertEquals(5, spark.read().format(ARROW).load(tmp.resolve(ARROW).toString()).count());
  }

  @Test
  void aFailedInsertIntoATableKeepsTheTableAsItWas() {
    Map<String, List<String>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      String t = "failing_" + f;
      expected().limit(3).write().format(f).saveAsTable(t);
      assertThrows(Exception.class, () -> input(2).write().insertInto(t));
      awaitTasksEnded();
      seen.put(f, Tables.rows(spark.table(t)));
    }
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
    assertEquals(3, seen.get(ARROW).size());
  }

  @Test
  void aFailedOverwriteLeavesWhatParquetLeaves() throws IOException {
    Map<String, List<String>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      expected().limit(5).write().format(f).save(out.toString());
      assertThrows(Exception.class, () -> input(2).write().format(f).mode(SaveMode.Overwrite).save(out.toString()));
      awaitTasksEnded();
      String t = "overwritten_" + f;
      expected().limit(3).write().format(f).saveAsTable(t);
      assertThrows(Exception.class, () -> input(2).write().format(f).mode(SaveMode.Overwrite).saveAsTable(t));
      awaitTasksEnded();
      boolean tableLeft = spark.catalog().tableExists(t);
      seen.put(f, List.of(String.valueOf(listing(out)),
          tableLeft ? String.valueOf(Tables.rows(spark.table(t))) : "<table dropped>"));
    }
    // Spark deletes the old files of a path before the job runs, and drops a table it overwrites with
    // saveAsTable, for every file format: what is left is the same for both.
    System.out.println("WriteFailureTest: after a failed overwrite " + seen);
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
  }

  /**
   * Waits until no task runs. A failed job returns to the driver as soon as one task fails for good, while Spark
   * is still killing the job's other tasks; each of those then aborts, deleting the files it wrote, a moment
   * later. What a failure leaves is what is there once they have: listing earlier can catch a file a killed task
   * is about to delete (Parquet's as ours), and a task still writing keeps JUnit from deleting the temporary
   * directory. The count is a listener's, read once the listener bus has delivered what was posted: the status
   * store's task counts are written behind the events (every 100 ms), so they can read 0 while a task runs.
   */
  private static void awaitTasksEnded() {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try {
        // Scala's private[spark], public in the bytecode: delivers the events posted so far (a TimeoutException,
        // declared on some lines and not others, hence Exception)
        spark.sparkContext().listenerBus().waitUntilEmpty(10_000);
      } catch (Exception e) {
        throw new AssertionError("Spark's listener bus did not empty: " + e, e);
      }
      if (RUNNING.count.get() <= 0) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("tasks still running 60 s after the job ended");
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private static volatile java.util.concurrent.CountDownLatch writing;

  /** Identity on {@code id}, except that it signals {@link #writing} and blocks at id 35 until interrupted. */
  private static Column blockingIdentity() {
    UserDefinedFunction f = functions.udf((UDF1<Long, Long>) id -> {
      if (id == 35) {
        writing.countDown();
        Thread.sleep(120_000);
      }
      return id;
    }, DataTypes.LongType).asNondeterministic();
    return f.apply(functions.col("id"));
  }

  @Test
  void aJobCancelledMidWriteLeavesWhatParquetLeaves() throws Exception {
    Map<String, List<String>> seen = new LinkedHashMap<>();
    for (String f : FORMATS) {
      Path out = tmp.resolve(f);
      writing = new java.util.concurrent.CountDownLatch(1);
      String group = "cancelled-write-" + f;
      java.util.concurrent.CompletableFuture<Void> job = java.util.concurrent.CompletableFuture.runAsync(() -> {
        spark.sparkContext().setJobGroup(group, "a write to cancel", true);
        spark.range(0, 100, 1, 4).select(blockingIdentity().as("id")).selectExpr("id", "concat('row', id) AS s")
            .write().format(f).option("rowsPerBatch", "4").save(out.toString());
      });
      assertTrue(writing.await(2, java.util.concurrent.TimeUnit.MINUTES), "the write never reached row 35");
      spark.sparkContext().cancelJobGroup(group);
      Exception e = assertThrows(Exception.class, () -> job.get(2, java.util.concurrent.TimeUnit.MINUTES));
      assertTrue(SparkTesting.messages(e).contains("cancelled"), SparkTesting.messages(e));
      awaitTasksEnded();
      seen.put(f, List.of(String.valueOf(listing(out)), String.valueOf(visibleDataFiles(out))));
      assertEquals(List.of(), visibleDataFiles(out), f);
    }
    System.out.println("WriteFailureTest: after a cancelled write " + seen);
    assertEquals(seen.get(PARQUET), seen.get(ARROW));
  }
}
