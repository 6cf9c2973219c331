package io.arrowfile.cluster;

import io.arrowfile.testing.SparkRows;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The driver program of {@link LocalClusterIT}, run in a fresh JVM whose class path is only this class, the
 * shaded connector jar and a Spark installation's jars (as {@code spark-submit} would run it), with
 * {@code SPARK_HOME} set so the standalone workers of {@code local-cluster} launch executor JVMs from it.
 * The executors get the connector only through {@code spark.jars}. Uses nothing but Spark and the JDK (no test
 * helpers, no UDF classes: the slow read uses {@code reflect('java.lang.Thread', 'sleep', ...)}).
 *
 * <p>Arguments: output directory (a file path), the connector jar, executor JVM options, and whether to run the
 * failure steps (an executor killed, a file truncated during a read; {@code true} if absent). Prints
 * {@code OK ...} per passed step; any failure throws (exit code non-zero).
 */
public final class LocalClusterDriver {
  private LocalClusterDriver() {}

  /** Columns of the test data, in a fixed order (the partition column last, where reads put it). */

  public static void main(String[] args) throws Exception {
    String out = args[0];
    String jar = args[1];
    String executorOpts = args[2];
    boolean failures = args.length < 4 || Boolean.parseBoolean(args[3]);
    SparkSession spark = SparkSession.builder()
        .master("local-cluster[2,1,1024]")
        .appName("arrowfile-local-cluster")
        .config("spark.jars", jar)
        .config("spark.executor.memory", "768m")
        .config("spark.executor.extraJavaOptions", executorOpts)
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.catalogImplementation", "in-memory")
        .config("spark.sql.warehouse.dir", out + "/warehouse")
        .config("spark.task.maxFailures", "8")
        .getOrCreate();
    try {
      waitForExecutors(spark, 2);
      System.out.println("OK executors " + executorProcesses().size());
      run(spark, out);
      if (failures) {
        killExecutorDuringRead(spark, out);
        truncateDuringRead(spark, out);
      }
    } finally {
      spark.stop();
    }
    System.out.println("DONE");
    System.exit(0);
  }

  static Dataset<Row> source(SparkSession spark, long n, int slices) {
    return SparkRows.mixed(spark, n, slices, 4);
  }

  static List<String> canonical(Dataset<Row> df) {
    return SparkRows.canonical(df, SparkRows.COLUMNS);
  }

  static void check(String what, List<String> expected, List<String> actual) {
    if (!expected.equals(actual)) {
      StringBuilder sb = new StringBuilder(what + ": " + expected.size() + " rows expected, " + actual.size()
          + " read");
      for (int k = 0; k < Math.min(expected.size(), actual.size()); k++) {
        if (!expected.get(k).equals(actual.get(k))) {
          sb.append("\n first difference at sorted row ").append(k).append(":\n expected ")
              .append(expected.get(k)).append("\n actual   ").append(actual.get(k));
          break;
        }
      }
      throw new AssertionError(sb.toString());
    }
    System.out.println("OK " + what + " (" + actual.size() + " rows)");
  }

  static void run(SparkSession spark, String out) throws Exception {
    Dataset<Row> source = source(spark, 6_000, 3);
    List<String> expected = canonical(source);

    // Partitioned write, DataFrame read (V2).
    String plain = out + "/plain";
    source.write().format("arrowfile").partitionBy("part").save(plain);
    Dataset<Row> read = spark.read().format("arrowfile").load(plain);
    check("dataframe read", expected, canonical(read));

    // Catalog table over the same files (V1 FileFormat), SQL.
    spark.sql("CREATE TABLE cluster_t USING arrowfile LOCATION '" + plain + "'");
    // As for any external partitioned data source table, the existing partitions are registered explicitly.
    spark.sql("MSCK REPAIR TABLE cluster_t");
    check("sql table read", expected, canonical(spark.sql("SELECT * FROM cluster_t")));

    // A filter on data and partition columns, both APIs.
    String where = "part = 1 AND i > 5000 AND s IS NOT NULL";
    List<String> expectedFiltered = canonical(source.where(where));
    check("sql filter", expectedFiltered, canonical(spark.sql("SELECT * FROM cluster_t WHERE " + where)));
    check("dataframe filter", expectedFiltered, canonical(read.where(where)));
    long count = spark.sql("SELECT count(*) FROM cluster_t WHERE " + where).first().getLong(0);
    if (count != expectedFiltered.size()) {
      throw new AssertionError("filtered count " + count + " != " + expectedFiltered.size());
    }
    System.out.println("OK filtered count " + count);

    // zstd-compressed write, read back.
    String zstd = out + "/zstd";
    source.write().format("arrowfile").option("compression", "zstd").partitionBy("part").save(zstd);
    check("zstd read", expected, canonical(spark.read().format("arrowfile").load(zstd)));
  }

  /**
   * A slow read of one file (a sleep per row) during which the driver truncates the file to half its length, as
   * pandas rewriting it in place would. The task must fail with an error naming the file, and every executor JVM
   * must live on (a mapped read would fault, and Spark would take the JVM's InternalError as fatal).
   */
  static void truncateDuringRead(SparkSession spark, String out) throws Exception {
    waitForExecutors(spark, 2);
    String dir = out + "/truncated";
    spark.range(0, 2000, 1, 1).selectExpr("id", "concat('v', id) as v").write().format("arrowfile")
        .option("rowsPerBatch", "100").save(dir);
    java.nio.file.Path file;
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(java.nio.file.Path.of(dir))) {
      file = files.filter(p -> p.toString().endsWith(".arrow")).findFirst().orElseThrow();
    }
    CountDownLatch running = new CountDownLatch(1);
    AtomicReference<String> failureReasons = new AtomicReference<>("");
    SparkListener listener = new SparkListener() {
      @Override
      public void onTaskStart(SparkListenerTaskStart taskStart) {
        running.countDown();
      }

      @Override
      public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        if (!"Success".equals(taskEnd.reason().toString())) {
          failureReasons.updateAndGet(s -> s + " | " + taskEnd.reason());
        }
      }
    };
    spark.sparkContext().addSparkListener(listener);
    List<Long> before = executorProcesses().stream().map(ProcessHandle::pid).sorted().toList();
    AtomicReference<Throwable> truncaterError = new AtomicReference<>();
    Thread truncater = new Thread(() -> {
      try {
        if (!running.await(120, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the task did not start");
        }
        Thread.sleep(1000); // inside the read: 2000 rows at 2 ms each
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
            java.nio.file.StandardOpenOption.WRITE)) {
          ch.truncate(ch.size() / 2);
        }
        System.out.println("truncated " + file.getFileName() + " during the read");
      } catch (Throwable t) {
        truncaterError.set(t);
      }
    }, "truncater");
    truncater.setDaemon(true);
    truncater.start();
    Dataset<Row> df = spark.read().format("arrowfile").load(dir)
        .selectExpr("id", "reflect('java.lang.Thread', 'sleep', cast(2 + id * 0 as bigint)) as z");
    String error = null;
    try {
      df.collectAsList();
    } catch (Exception e) {
      StringBuilder messages = new StringBuilder();
      for (Throwable t = e; t != null; t = t.getCause()) {
        messages.append(t).append('\n');
      }
      error = messages.toString();
    }
    truncater.join(10_000);
    spark.sparkContext().removeSparkListener(listener);
    if (truncaterError.get() != null) {
      throw new AssertionError("truncater failed", truncaterError.get());
    }
    if (error == null) {
      throw new AssertionError("the read of a file truncated during it succeeded");
    }
    String all = error + failureReasons.get();
    if (!all.contains(file.getFileName().toString()) || !(all.contains("truncated while it was read")
        || all.contains("changed while it was read"))) {
      throw new AssertionError("the failure does not name the file and the truncation: " + all);
    }
    if (all.contains("InternalError") || all.contains("ExecutorLostFailure")) {
      throw new AssertionError("an executor was lost: " + all);
    }
    List<Long> after = executorProcesses().stream().map(ProcessHandle::pid).sorted().toList();
    if (!after.equals(before)) {
      throw new AssertionError("executors before " + before + ", after " + after);
    }
    System.out.println("OK truncated during read: the task failed naming the file, executors " + after + " live on");
    long n = spark.read().format("arrowfile").load(out + "/plain").count();
    System.out.println("OK the session reads on (" + n + " rows)");
  }

  /**
   * A slow read (a sleep per row, one task per file, 2 single-core executors) during which one executor JVM is
   * killed (SIGKILL); the job must complete with exactly the right rows: the lost tasks are re-run.
   */
  static void killExecutorDuringRead(SparkSession spark, String out) throws Exception {
    int files = 8;
    int rowsPerFile = 150;
    String slow = out + "/slow";
    spark.range(0, (long) files * rowsPerFile, 1, files).selectExpr("id", "concat('v', id) as v")
        .write().format("arrowfile").save(slow);
    List<String> expected = new ArrayList<>();
    for (long id = 0; id < (long) files * rowsPerFile; id++) {
      expected.add(id + ",v" + id);
    }
    expected.sort(null);

    AtomicInteger started = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    AtomicReference<String> failureReasons = new AtomicReference<>("");
    CountDownLatch running = new CountDownLatch(2);
    SparkListener listener = new SparkListener() {
      @Override
      public void onTaskStart(SparkListenerTaskStart taskStart) {
        started.incrementAndGet();
        running.countDown();
      }

      @Override
      public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        if (!"Success".equals(taskEnd.reason().toString())) {
          failed.incrementAndGet();
          failureReasons.updateAndGet(s -> s + " | " + taskEnd.reason());
        }
      }
    };
    spark.sparkContext().addSparkListener(listener);

    List<ProcessHandle> before = executorProcesses();
    AtomicReference<ProcessHandle> killed = new AtomicReference<>();
    AtomicReference<Throwable> killerError = new AtomicReference<>();
    Thread killer = new Thread(() -> {
      try {
        if (!running.await(120, TimeUnit.SECONDS)) {
          throw new IllegalStateException("tasks did not start");
        }
        Thread.sleep(1500); // well inside the first tasks (each sleeps ~3 s)
        List<ProcessHandle> executors = executorProcesses();
        if (executors.isEmpty()) {
          throw new IllegalStateException("no executor process found among the driver's descendants");
        }
        ProcessHandle victim = executors.get(0);
        killed.set(victim);
        System.out.println("killing executor pid " + victim.pid() + " after " + started.get() + " task starts");
        victim.destroyForcibly();
      } catch (Throwable t) {
        killerError.set(t);
      }
    }, "executor-killer");
    killer.setDaemon(true);
    killer.start();

    long t0 = System.nanoTime();
    // Open cost = max partition bytes: one task per (small) file.
    spark.conf().set("spark.sql.files.maxPartitionBytes", "16384");
    spark.conf().set("spark.sql.files.openCostInBytes", "16384");
    Dataset<Row> df = spark.read().format("arrowfile").load(slow)
        .selectExpr("id", "v", "reflect('java.lang.Thread', 'sleep', cast(20 + id * 0 as bigint)) as z");
    List<String> actual = new ArrayList<>();
    for (Row r : df.collectAsList()) {
      actual.add(r.getLong(0) + "," + r.getString(1));
    }
    actual.sort(null);
    spark.conf().unset("spark.sql.files.maxPartitionBytes");
    spark.conf().unset("spark.sql.files.openCostInBytes");
    killer.join(10_000);
    spark.sparkContext().removeSparkListener(listener);
    if (killerError.get() != null) {
      throw new AssertionError("killer failed", killerError.get());
    }
    ProcessHandle victim = killed.get();
    if (victim == null) {
      throw new AssertionError("no executor was killed (the read finished first?)");
    }
    victim.onExit().get(30, TimeUnit.SECONDS);
    if (!before.stream().anyMatch(p -> p.pid() == victim.pid())) {
      throw new AssertionError("killed pid " + victim.pid() + " was not one of the executors " + before);
    }
    System.out.println("OK killed executor " + victim.pid() + " is dead; " + failed.get() + " failed task attempts:"
        + failureReasons.get() + "; tasks started " + started.get() + "; read took "
        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms");
    if (failed.get() == 0) {
      throw new AssertionError("the kill did not fail any running task (tasks started: " + started.get() + ")");
    }
    check("read surviving an executor kill", expected, actual);
  }

  /** The executor JVMs: descendants of this (driver) JVM running CoarseGrainedExecutorBackend. */
  static List<ProcessHandle> executorProcesses() {
    return ProcessHandle.current().descendants()
        .filter(ProcessHandle::isAlive)
        .filter(p -> {
          Optional<String> cmd = p.info().commandLine();
          if (cmd.isPresent()) {
            return cmd.get().contains("CoarseGrainedExecutorBackend");
          }
          return p.info().arguments().map(a -> String.join(" ", a).contains("CoarseGrainedExecutorBackend"))
              .orElse(false);
        })
        .toList();
  }

  static void waitForExecutors(SparkSession spark, int n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      // getExecutorInfos includes the driver
      if (spark.sparkContext().statusTracker().getExecutorInfos().length >= n + 1) {
        return;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("executors did not register: "
        + spark.sparkContext().statusTracker().getExecutorInfos().length + " (incl. driver)");
  }
}
