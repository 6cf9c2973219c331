package io.arrowfile.bench;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;

/**
 * A stream-format file against a file-format file of the same record batches (issue 38): how many tasks read
 * each, and how long a scan takes. One uncompressed file of {@code bench.rows} rows (id, a double, a string of
 * 16 to 40 characters) is written by Spark in one task; the same batches are copied into a stream file
 * ({@code .arrows}) by the library. Both are scanned in interleaved rounds (the order alternates), a full scan into
 * {@code noop} and {@code sum(x)} over one column, with Spark's default {@code maxPartitionBytes} (128 MiB), on
 * local[2]; medians in ms. Beside each query's wall time, the executor CPU time of its tasks (Spark's task metrics,
 * summed over the query's tasks): on a loaded machine a wall time also measures waiting for a core, the CPU time
 * mostly does not; and the median of the per-round ratios stream / file (the two runs of a round are next to each
 * other, so they share the load of the moment). Prints a Markdown table; writes no report file. With
 * {@code -Dbench.phases=true} it also prints, per timed run, a tab-separated line {@code PHASE source query round
 * startMillis endMillis} (epoch milliseconds), to cut a JFR recording of the run (add
 * {@code -XX:StartFlightRecording=...} to {@code bench.heap}) into the samples of each source.
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests -Dbench.main=io.arrowfile.bench.StreamSplitBenchmark
 * test -Dbench.rows=8000000 -Dbench.repeats=5}. Where the bench profile's plugins are not in the local Maven
 * repository (an offline machine: so were the numbers in docs/performance.md measured), compile the bench module
 * with its dependencies (the test-compile phase), write its test class path with the dependency plugin's
 * build-classpath goal, and run this class with java, the root pom's {@code test.jvm.args} and the same
 * {@code -Dbench.*} properties, from {@code bench/}.
 */
public final class StreamSplitBenchmark {
  private static final String CPU = ", task CPU";

  /** The median over the recorded rounds of {@code names[1]}'s time over {@code names[0]}'s in the same round. */
  private static double roundRatio(BenchRun b, String section, String[] names) {
    List<Double> first = b.results.get(section).get(names[0]).get(names[0]);
    List<Double> second = b.results.get(section).get(names[1]).get(names[1]);
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < Math.min(first.size(), second.size()); i++) {
      ratios.add(second.get(i) / first.get(i));
    }
    return Bench.median(ratios);
  }

  public static void main(String[] args) throws Exception {
    BenchRun b = new BenchRun();
    b.spark = SparkTesting.local("arrowfile-stream-split");
    b.spark.sparkContext().setLogLevel("WARN");
    AtomicLong taskCpuNanos = new AtomicLong();
    b.spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
          taskCpuNanos.addAndGet(end.taskMetrics().executorCpuTime());
        }
      }
    });
    boolean phases = Boolean.getBoolean("bench.phases");
    Path root = b.dir.resolve("stream-split-r" + b.rows);
    Path fileDir = root.resolve("file");
    Path streamFile = root.resolve("stream").resolve("data.arrows");
    Map<String, Path> sources = new LinkedHashMap<>();
    try {
      if (!Files.exists(fileDir.resolve("_SUCCESS"))) {
        b.spark.range(0, b.rows, 1, 1)
            .selectExpr("id", "CAST(id AS DOUBLE) * 1.5 AS x",
                "substr(sha2(CAST(id AS STRING), 256), 1, CAST(16 + pmod(id, 25) AS INT)) AS s")
            .write().mode("overwrite").format("arrowfile").option("compression", "none").save(fileDir.toString());
      }
      Path file;
      try (Stream<Path> s = Files.list(fileDir)) {
        file = s.filter(p -> p.toString().endsWith(".arrow")).findFirst().orElseThrow();
      }
      if (!Files.exists(streamFile)) {
        Files.createDirectories(streamFile.getParent());
        try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT);
            ArrowStreamWriter w = ArrowStreamWriter.create(streamFile, r.schema(), WriteOptions.DEFAULT)) {
          RecordBatch batch;
          while ((batch = r.next()) != null) {
            w.write(batch);
          }
        }
      }
      sources.put("file format", file);
      sources.put("stream format", streamFile);
      Map<String, String> queries = new LinkedHashMap<>();
      queries.put("full scan into noop", null);
      queries.put("sum(x)", "x");
      String[] names = sources.keySet().toArray(new String[0]);
      for (int round = 0; round < b.warmup + b.repeats; round++) {
        boolean record = round >= b.warmup;
        Bench.log("round " + (round + 1) + "/" + (b.warmup + b.repeats));
        for (Map.Entry<String, String> q : queries.entrySet()) {
          for (int i = 0; i < names.length; i++) {
            String name = names[round % 2 == 0 ? i : names.length - 1 - i];
            Path p = sources.get(name);
            b.spark.sparkContext().listenerBus().waitUntilEmpty();
            long cpuBefore = taskCpuNanos.get();
            long start = System.currentTimeMillis();
            b.time(record, q.getKey(), name, name, () -> {
              Dataset<Row> df = b.spark.read().format("arrowfile").load(p.toString());
              if (q.getValue() == null) {
                Bench.noop(df);
              } else {
                df.agg(functions.sum(q.getValue())).collectAsList();
              }
            });
            long stop = System.currentTimeMillis();
            b.spark.sparkContext().listenerBus().waitUntilEmpty();
            if (record) {
              b.results.computeIfAbsent(q.getKey() + CPU, k -> new LinkedHashMap<>())
                  .computeIfAbsent(name, k -> new LinkedHashMap<>()).computeIfAbsent(name, k -> new ArrayList<>())
                  .add((taskCpuNanos.get() - cpuBefore) / 1e6);
            }
            if (phases) {
              System.out.println("PHASE\t" + name + "\t" + q.getKey() + "\t" + round + "\t" + start + "\t" + stop);
            }
          }
        }
      }
      StringBuilder md = new StringBuilder();
      md.append("`StreamSplitBenchmark`, ").append(b.rows).append(" rows, local[2], ").append(b.repeats)
          .append(" rounds after ").append(b.warmup).append(" warm-up, interleaved, medians in ms.\n\n");
      md.append("| file | MiB | tasks | tasks that read rows |");
      for (String q : queries.keySet()) {
        md.append(' ').append(q).append(" | ").append(q).append(", task CPU |");
      }
      md.append("\n|---|---:|---:|---:|").append("---:|".repeat(2 * queries.size())).append('\n');
      String expected = null;
      for (String name : names) {
        Path p = sources.get(name);
        Dataset<Row> df = b.spark.read().format("arrowfile").load(p.toString());
        int tasks = df.rdd().getNumPartitions();
        int reading = df.select(functions.col("id"), functions.col("x"), functions.col("s"),
            functions.spark_partition_id().as("p")).groupBy("p")
            .agg(functions.max("id"), functions.max("x"), functions.max("s")).collectAsList().size();
        String got = df.selectExpr("count(*)", "sum(id)", "sum(x)", "sum(length(s))").collectAsList().toString();
        if (expected == null) {
          expected = got;
        } else if (!expected.equals(got)) {
          throw new AssertionError(name + ": " + got + " vs " + expected);
        }
        md.append(String.format("| %s | %.0f | %d | %d |", name, Files.size(p) / 1048576.0, tasks, reading));
        for (String q : queries.keySet()) {
          md.append(String.format(" %.0f | %.0f |", b.med(q, name, name), b.med(q + CPU, name, name)));
        }
        md.append('\n');
      }
      md.append("| stream / file, median of the rounds' ratios | | | |");
      for (String q : queries.keySet()) {
        md.append(String.format(" %.2f | %.2f |", roundRatio(b, q, names), roundRatio(b, q + CPU, names)));
      }
      md.append('\n');
      md.append("\nsame rows in both: ").append(expected).append('\n');
      System.out.println(md);
    } finally {
      b.spark.stop();
    }
  }
}
