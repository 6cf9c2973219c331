package io.arrowfile.bench;

import io.arrowfile.testing.SparkTesting;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The Spark write of {@link ArrowBenchmark}'s main table (read from its arrowfile-none copy, as there) against
 * Spark's no-op write of the same rows and Parquet: local[2], targets interleaved within each round, medians.
 * Prints the medians and the ratios ours / noop and Parquet snappy / ours; writes no report.
 *
 * <p>Besides the times it reports the CPU time of Spark's executor threads for each write: on a machine shared with
 * other work it varies far less than the times, and ours / noop in CPU time tracks the ratio of the times.
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests -Dbench.main=io.arrowfile.bench.WriteBenchmark test
 * -Dbench.rows=5000000} (same properties as {@link ArrowBenchmark}; JVM system properties such as the two below
 * go in {@code -Dbench.heap="-Xmx6g -D…"}, which the bench profile passes to the benchmark's JVM).
 * {@code -Dbench.targets=noop,arrowfile_none} runs only some of the targets ({@code _} for a space). With
 * {@code -Dbench.jfr=true} it instead writes the table a few times under JFR (Java and native-method samples every
 * 10 ms, kept as {@code write.jfr} next to the data) and prints where the executor threads spent them; the target
 * is {@code -Dbench.jfrTarget=arrowfile_zstd} or another of the targets (default {@code arrowfile_none}).
 */
public final class WriteBenchmark {
  static final String NOOP = "noop";
  static final String[] TARGETS = {NOOP, "arrowfile none", "arrowfile lz4", "arrowfile zstd", "parquet snappy"};
  static final String ROW = "write main";

  public static void main(String[] args) throws Exception {
    BenchRun b = new BenchRun();
    b.spark = SparkTesting.local("arrowfile-write");
    b.spark.sparkContext().setLogLevel("WARN");
    try {
      Path source = new BenchTables(b).data("main", BenchTables.OURS);
      if (!Files.exists(source.resolve("_SUCCESS"))) {
        BenchTables.write(b.spark.range(0, b.rows, 1, 2).selectExpr(BenchTables.MAIN_EXPRS.split("\n")),
            BenchTables.OURS, source);
      }
      if (Boolean.getBoolean("bench.jfr")) {
        profile(b);
      } else {
        rounds(b);
      }
    } finally {
      b.spark.stop();
    }
  }

  static void run(BenchRun b, String target) {
    Dataset<Row> rows =
        b.spark.read().format("arrowfile").load(new BenchTables(b).data("main", BenchTables.OURS).toString());
    if (target.equals(NOOP)) {
      Bench.noop(rows);
    } else {
      BenchTables.write(rows, target, b.dir.resolve("write-out").resolve(target.replace(' ', '-')));
    }
  }

  static void rounds(BenchRun b) throws Exception {
    String[] targets = System.getProperty("bench.targets", String.join(",", TARGETS)).replace('_', ' ').split(",");
    // The machine is shared: a ratio inside one round drifts less than the times, so report their median too.
    List<Double> oursToNoop = new ArrayList<>();
    List<Double> parquetToOurs = new ArrayList<>();
    for (int round = 0; round < b.warmup + b.repeats; round++) {
      boolean record = round >= b.warmup;
      Bench.log("round " + (round + 1) + "/" + (b.warmup + b.repeats));
      Map<String, Double> times = new HashMap<>();
      // Rotate the order, so no target always runs right after the same one.
      for (int k = 0; k < targets.length; k++) {
        String target = targets[(k + round) % targets.length];
        long t0 = System.nanoTime();
        Map<Long, Long> cpu0 = executorCpu();
        b.time(record, "write", ROW, target, () -> run(b, target));
        Map<Long, Long> cpu1 = executorCpu();
        times.put(target, (System.nanoTime() - t0) / 1e6);
        long cpu = 0;
        for (Map.Entry<Long, Long> e : cpu1.entrySet()) {
          cpu += e.getValue() - cpu0.getOrDefault(e.getKey(), 0L);
        }
        if (record) {
          b.results.computeIfAbsent("cpu", x -> new LinkedHashMap<>()).computeIfAbsent(ROW, x -> new LinkedHashMap<>())
              .computeIfAbsent(target, x -> new ArrayList<>()).add(cpu / 1e6);
        }
      }
      if (record && times.containsKey(NOOP) && times.containsKey(BenchTables.OURS)) {
        oursToNoop.add(times.get(BenchTables.OURS) / times.get(NOOP));
      }
      if (record && times.containsKey("parquet snappy") && times.containsKey(BenchTables.OURS)) {
        parquetToOurs.add(times.get("parquet snappy") / times.get(BenchTables.OURS));
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("%nSpark write of the main table, %d rows, local[2], medians of %d rounds (ms):%n",
        b.rows, b.repeats));
    for (String t : targets) {
      sb.append(String.format("  %-16s %8.0f   all: %s%n", t, b.med("write", ROW, t),
          b.results.get("write").get(ROW).get(t)));
    }
    sb.append("CPU time of Spark's executor threads (ms), medians (less disturbed by other load than the times):\n");
    for (String t : targets) {
      sb.append(String.format("  %-16s %8.0f   all: %s%n", t, b.med("cpu", ROW, t),
          b.results.get("cpu").get(ROW).get(t)));
    }
    sb.append(String.format("CPU medians: arrowfile none / noop = %.2f; parquet snappy / arrowfile none = %.2f%n",
        b.med("cpu", ROW, BenchTables.OURS) / b.med("cpu", ROW, NOOP),
        b.med("cpu", ROW, "parquet snappy") / b.med("cpu", ROW, BenchTables.OURS)));
    sb.append(String.format("medians: arrowfile none / noop = %.2f; parquet snappy / arrowfile none = %.2f%n",
        b.med("write", ROW, BenchTables.OURS) / b.med("write", ROW, NOOP),
        b.med("write", ROW, "parquet snappy") / b.med("write", ROW, BenchTables.OURS)));
    sb.append(String.format("per-round ratios, median: arrowfile none / noop = %.2f %s; parquet snappy / arrowfile"
        + " none = %.2f %s%n", median(oursToNoop), oursToNoop, median(parquetToOurs), parquetToOurs));
    System.out.println(sb);
  }

  /** CPU nanoseconds so far of each live executor thread (Spark runs tasks in "Executor task launch worker"s). */
  static Map<Long, Long> executorCpu() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<Long, Long> out = new HashMap<>();
    for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
      if (t != null && t.getThreadName().startsWith("Executor task")) {
        long ns = mx.getThreadCpuTime(t.getThreadId());
        if (ns >= 0) {
          out.put(t.getThreadId(), ns);
        }
      }
    }
    return out;
  }

  private static double median(List<Double> xs) {
    return xs.isEmpty() ? Double.NaN : Bench.median(xs);
  }

  /** Writes the table under JFR and prints the executor threads' hottest frames. */
  static void profile(BenchRun b) throws Exception {
    String named = System.getProperty("bench.jfrTarget", ""); // empty when the bench profile passes it unset
    String target = (named.isBlank() ? BenchTables.OURS : named).replace('_', ' ');
    run(b, target); // warm-up
    Path jfr = new BenchTables(b).data("main", BenchTables.OURS).getParent().resolve("write.jfr");
    try (Recording recording = new Recording()) {
      recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
      // A thread in a codec's native code is sampled here, not as an ExecutionSample.
      recording.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(10));
      recording.start();
      for (int i = 0; i < Math.max(3, b.repeats); i++) {
        run(b, target);
      }
      recording.stop();
      recording.dump(jfr);
    }
    long total = 0;
    long ours = 0;
    Map<String, Long> top = new HashMap<>();
    Map<String, Long> inclusive = new HashMap<>();
    for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
      String event = e.getEventType().getName();
      if (!(event.equals("jdk.ExecutionSample") || event.equals("jdk.NativeMethodSample"))
          || e.getThread("sampledThread") == null
          || !String.valueOf(e.getThread("sampledThread").getJavaName()).startsWith("Executor task")) {
        continue;
      }
      List<RecordedFrame> frames = e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
      if (frames.isEmpty()) {
        continue;
      }
      total++;
      top.merge(name(frames.get(0)), 1L, Long::sum);
      Set<String> seen = new HashSet<>();
      boolean any = false;
      for (RecordedFrame f : frames) {
        String n = name(f);
        any |= n.startsWith("io.arrowfile.");
        if (seen.add(n)) {
          inclusive.merge(n, 1L, Long::sum);
        }
      }
      if (any) {
        ours++;
      }
    }
    StringBuilder sb = new StringBuilder(String.format("%n%s: %d executor samples, %.1f%% with arrowfile code on the"
        + " stack%n%nTop frames (self):%n", jfr, total, 100.0 * ours / total));
    appendTop(sb, top, total, 30);
    sb.append("\nInclusive (any frame on the stack), arrowfile, Hadoop and Spark write classes:\n");
    Map<String, Long> ourInclusive = new LinkedHashMap<>();
    inclusive.forEach((k, v) -> {
      if (k.startsWith("io.arrowfile.") || k.startsWith("org.apache.hadoop.fs.")
          || k.startsWith("org.apache.spark.sql.execution.datasources.")) {
        ourInclusive.put(k, v);
      }
    });
    appendTop(sb, ourInclusive, total, 40);
    System.out.println(sb);
  }

  private static String name(RecordedFrame f) {
    return f.getMethod().getType().getName() + "." + f.getMethod().getName();
  }

  private static void appendTop(StringBuilder sb, Map<String, Long> counts, long total, int n) {
    List<Map.Entry<String, Long>> sorted = new ArrayList<>(counts.entrySet());
    sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed());
    for (Map.Entry<String, Long> e : sorted.subList(0, Math.min(n, sorted.size()))) {
      sb.append(String.format("  %5.1f%%  %6d  %s%n", 100.0 * e.getValue() / total, e.getValue(), e.getKey()));
    }
  }
}
