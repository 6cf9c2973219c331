package io.arrowfile.bench;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;

/**
 * A stream-format file against a file-format file of the same record batches (issue 38): how many tasks read
 * each, and how long a scan takes. One uncompressed file of {@code bench.rows} rows (id, a double, a string of
 * 16 to 40 characters) is written by Spark in one task; the same batches are copied into a stream file
 * ({@code .arrows}) by the library. Both are scanned in interleaved rounds (the order alternates), a full scan into
 * {@code noop} and {@code sum(x)} over one column, with Spark's default {@code maxPartitionBytes} (128 MiB), on
 * local[2]; medians in ms. Prints a Markdown table; writes no report file.
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests -Dbench.main=io.arrowfile.bench.StreamSplitBenchmark
 * test -Dbench.rows=8000000 -Dbench.repeats=5}. Where the bench profile's plugins are not in the local Maven
 * repository (an offline machine: so were the numbers in docs/performance.md measured), compile the bench module
 * with its dependencies (the test-compile phase), write its test class path with the dependency plugin's
 * build-classpath goal, and run this class with java, the root pom's {@code test.jvm.args} and the same
 * {@code -Dbench.*} properties, from {@code bench/}.
 */
public final class StreamSplitBenchmark {
  public static void main(String[] args) throws Exception {
    BenchRun b = new BenchRun();
    b.spark = SparkTesting.local("arrowfile-stream-split");
    b.spark.sparkContext().setLogLevel("WARN");
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
            b.time(record, q.getKey(), name, name, () -> {
              Dataset<Row> df = b.spark.read().format("arrowfile").load(p.toString());
              if (q.getValue() == null) {
                Bench.noop(df);
              } else {
                df.agg(functions.sum(q.getValue())).collectAsList();
              }
            });
          }
        }
      }
      StringBuilder md = new StringBuilder();
      md.append("`StreamSplitBenchmark`, ").append(b.rows).append(" rows, local[2], ").append(b.repeats)
          .append(" rounds after ").append(b.warmup).append(" warm-up, interleaved, medians in ms.\n\n");
      md.append("| file | MiB | tasks | tasks that read rows |");
      for (String q : queries.keySet()) {
        md.append(' ').append(q).append(" |");
      }
      md.append("\n|---|---:|---:|---:|").append("---:|".repeat(queries.size())).append('\n');
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
          md.append(String.format(" %.0f |", b.med(q, name, name)));
        }
        md.append('\n');
      }
      md.append("\nsame rows in both: ").append(expected).append('\n');
      System.out.println(md);
    } finally {
      b.spark.stop();
    }
  }
}
