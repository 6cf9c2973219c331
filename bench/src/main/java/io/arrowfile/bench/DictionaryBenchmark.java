package io.arrowfile.bench;

import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Whether dictionary encoding on write pays: one string column per table, 10, 1000 and 100k distinct values of
 * 5..30 characters (uniformly spread, not sorted) and a high-cardinality one (every row distinct), written with
 * {@code dictionary=never}, {@code always} and {@code auto}; file size, Spark write time (reading the same
 * plain source file each time) and scan time ({@code sum(length(s))}, a group-by count, a full scan into noop),
 * Spark local[2], interleaved rounds (the order of the encodings alternates), medians. Prints a Markdown table;
 * writes no file.
 *
 * <p>Every write has {@code maxRecordsPerFile=1000000}: {@code always} cannot write a file of more distinct values than
 * a dictionary holds (2^20).
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests -Dbench.main=io.arrowfile.bench.DictionaryBenchmark
 * test -Dbench.rows=4000000 -Dbench.repeats=5}
 */
public final class DictionaryBenchmark {
  static final String[] MODES = {"never", "always", "auto"};

  public static void main(String[] args) throws Exception {
    BenchRun b = new BenchRun();
    b.spark = SparkTesting.local("arrowfile-dictionary");
    b.spark.sparkContext().setLogLevel("WARN");
    Map<String, Long> tables = new LinkedHashMap<>();
    tables.put("10 distinct", 10L);
    tables.put("1000 distinct", 1000L);
    tables.put("100k distinct", 100_000L);
    tables.put("all distinct", 0L);
    Map<String, String> queries = new LinkedHashMap<>();
    queries.put("sum(length(s))", "SELECT sum(length(s)) FROM t");
    queries.put("group by s count", "SELECT s, count(*) FROM t GROUP BY s");
    queries.put("scan into noop", null);
    Path root = b.dir.resolve("dict-r" + b.rows);
    Map<String, Map<String, Long>> sizes = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, Long> t : tables.entrySet()) {
        Path src = root.resolve(key(t.getKey())).resolve("source");
        if (!Files.exists(src.resolve("_SUCCESS"))) {
          long k = t.getValue();
          String j = k == 0 ? "id" : "pmod(xxhash64(id, 1), " + k + ")";
          String s = "substr(concat(sha2(CAST(" + j + " AS STRING), 256), sha2(CAST(" + j + " AS STRING), 224)), 1, "
              + "CAST(5 + pmod(xxhash64(" + j + ", 2), 26) AS INT)) AS s";
          b.spark.range(0, b.rows, 1, 2).selectExpr(s).write().mode("overwrite").format("arrowfile")
              .option("dictionary", "never").save(src.toString());
        }
      }
      for (int round = 0; round < b.warmup + b.repeats; round++) {
        boolean record = round >= b.warmup;
        Bench.log("round " + (round + 1) + "/" + (b.warmup + b.repeats));
        String[] order = round % 2 == 0 ? MODES : new String[] {"auto", "always", "never"};
        for (String t : tables.keySet()) {
          Path src = root.resolve(key(t)).resolve("source");
          b.time(record, "write", t, "noop", () -> Bench.noop(b.spark.read().format("arrowfile")
              .load(src.toString())));
          for (String mode : order) {
            Path p = root.resolve(key(t)).resolve(mode);
            b.time(record, "write", t, mode, () -> b.spark.read().format("arrowfile").load(src.toString()).write()
                .mode("overwrite").format("arrowfile").option("dictionary", mode).option("maxRecordsPerFile", "1000000")
                .save(p.toString()));
          }
        }
        for (String t : tables.keySet()) {
          for (Map.Entry<String, String> q : queries.entrySet()) {
            for (String mode : order) {
              if (mode.equals("auto")) {
                continue; // the same file as never or always
              }
              Path p = root.resolve(key(t)).resolve(mode);
              b.time(record, q.getKey(), t, mode, () -> {
                Dataset<Row> df = b.spark.read().format("arrowfile").load(p.toString());
                if (q.getValue() == null) {
                  Bench.noop(df);
                } else {
                  df.createOrReplaceTempView("t");
                  b.spark.sql(q.getValue()).collectAsList();
                }
              });
            }
          }
        }
      }
      for (String t : tables.keySet()) {
        String expected = null;
        for (String mode : MODES) {
          Path p = root.resolve(key(t)).resolve(mode);
          sizes.computeIfAbsent(t, x -> new LinkedHashMap<>()).put(mode, size(p));
          String got = b.spark.read().format("arrowfile").load(p.toString())
              .selectExpr("count(*)", "count(DISTINCT s)", "sum(pmod(xxhash64(s), 1000003))", "count(s)", "sum(length(s))").collectAsList()
              .toString();
          if (expected == null) {
            expected = got;
          } else if (!expected.equals(got)) {
            throw new AssertionError(t + " / " + mode + ": " + got + " vs " + expected);
          }
        }
      }
    } finally {
      b.spark.stop();
    }
    StringBuilder md = new StringBuilder();
    md.append("`DictionaryBenchmark`, ").append(b.rows).append(" rows per table (one string column, 5..30 chars), ")
        .append("local[2], ").append(b.repeats).append(" rounds after ").append(b.warmup)
        .append(" warm-up, interleaved, medians in ms; ratio = always / never.\n\n");
    md.append("| table | MiB never | MiB always | size ratio | auto chose | write noop | write never | write always "
        + "| ratio |");
    for (String q : queries.keySet()) {
      md.append(" ").append(q).append(" never | always | ratio |");
    }
    md.append("\n|---|---|---|---|---|---|---|---|---|");
    for (int i = 0; i < queries.size(); i++) {
      md.append("---|---|---|");
    }
    md.append("\n");
    for (String t : tables.keySet()) {
      Map<String, Long> sz = sizes.get(t);
      String chose = sz.get("auto").equals(sz.get("always")) ? "dictionary"
          : sz.get("auto").equals(sz.get("never")) ? "plain" : "?";
      double wn = b.med("write", t, "never");
      double wa = b.med("write", t, "always");
      md.append(String.format("| %s | %.1f | %.1f | %.2f | %s | %.0f | %.0f | %.0f | %.2f |", t, sz.get("never") / 1048576.0,
          sz.get("always") / 1048576.0, (double) sz.get("always") / sz.get("never"), chose,
          b.med("write", t, "noop"), wn, wa, wa / wn));
      for (String q : queries.keySet()) {
        double n = b.med(q, t, "never");
        double a = b.med(q, t, "always");
        md.append(String.format(" %.0f | %.0f | %.2f |", n, a, a / n));
      }
      md.append("\n");
    }
    md.append("\nwrite auto (ms): ");
    List<String> autos = new ArrayList<>();
    for (String t : tables.keySet()) {
      autos.add(t + " " + String.format("%.0f", b.med("write", t, "auto")));
    }
    md.append(String.join(", ", autos)).append("\n");
    System.out.println(md);
  }

  static String key(String table) {
    return table.replace(' ', '-');
  }

  static long size(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(f -> f.toString().endsWith(".arrow")).mapToLong(f -> f.toFile().length()).sum();
    }
  }
}
