package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.fmt;
import static io.arrowfile.bench.Bench.median;
import static io.arrowfile.bench.Bench.ratio;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * One benchmark run: its settings (the {@code bench.*} system properties), its Spark session, and what it measured:
 * the recorded times by section, row and source, and the checks the report lists.
 */
final class BenchRun {
  final long rows;
  final long wideRows;
  final long nestedRows;
  final int repeats;
  final int warmup;
  /**
   * How often each Spark read query, and each cheap library read, runs per round: a query swings by 20% from one
   * run to the next here, and a run that met a collection or the machine's other work can be twice as slow, so a
   * median takes this many times more samples. (The writes, at 1 to 2.5 s, run once a round.)
   */
  final int perRound;
  final Path dir;
  final Path out;
  SparkSession spark;
  /** section -> row -> source -> recorded times (ms). */
  final Map<String, Map<String, Map<String, List<Double>>>> results = new LinkedHashMap<>();
  final List<String> checks = new ArrayList<>();

  BenchRun() {
    rows = Long.getLong("bench.rows", 10_000_000L);
    wideRows = Long.getLong("bench.wideRows", Math.max(1, rows / 4));
    nestedRows = Long.getLong("bench.nestedRows", Math.max(1, rows / 4));
    repeats = Integer.getInteger("bench.repeats", 5);
    warmup = Integer.getInteger("bench.warmup", 1);
    perRound = Integer.getInteger("bench.perRound", 3);
    dir = Path.of(System.getProperty("bench.dir", "target/bench-data")).toAbsolutePath();
    out = Path.of(System.getProperty("bench.out", "BENCHMARKS.md")).toAbsolutePath();
  }

  interface Action {
    void run() throws Exception;
  }

  void time(boolean record, String section, String row, String source, Action a) throws Exception {
    long t0 = System.nanoTime();
    a.run();
    double ms = (System.nanoTime() - t0) / 1e6;
    if (record) {
      results.computeIfAbsent(section, k -> new LinkedHashMap<>()).computeIfAbsent(row, k -> new LinkedHashMap<>())
          .computeIfAbsent(source, k -> new ArrayList<>()).add(ms);
    }
  }

  /** The median of the times recorded for {@code source} on {@code row} of {@code section}; NaN if none. */
  double med(String section, String row, String source) {
    Map<String, Map<String, List<Double>>> sec = results.get(section);
    if (sec == null || sec.get(row) == null || sec.get(row).get(source) == null) {
      return Double.NaN;
    }
    return median(sec.get(row).get(source));
  }

  /** The medians of {@code section} as a Markdown table, one column per source and one per ratio to ours. */
  String table(String section, String[] sources, String ours, String[] ratioOf) {
    StringBuilder sb = new StringBuilder("| query |");
    for (String s : sources) {
      sb.append(' ').append(s.equals(ours) ? "**" + s + "** (ours)" : s).append(" |");
    }
    for (String r : ratioOf) {
      sb.append(" ").append(r).append(" / ours |");
    }
    sb.append("\n|---|");
    sb.append("---:|".repeat(sources.length + ratioOf.length)).append('\n');
    for (String row : results.get(section).keySet()) {
      sb.append("| ").append(row).append(" |");
      for (String s : sources) {
        sb.append(' ').append(fmt(med(section, row, s))).append(" |");
      }
      double o = med(section, row, ours);
      for (String r : ratioOf) {
        sb.append(' ').append(ratio(med(section, row, r) / o)).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
