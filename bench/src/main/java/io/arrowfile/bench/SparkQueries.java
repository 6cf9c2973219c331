package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.fmt;
import static io.arrowfile.bench.Bench.log;
import static io.arrowfile.bench.Bench.noop;
import static io.arrowfile.bench.Bench.rotated;
import static io.arrowfile.bench.BenchTables.FLOOR;
import static io.arrowfile.bench.BenchTables.NESTED_ARRAY_EXPRS;
import static io.arrowfile.bench.BenchTables.NOOP_WRITE;
import static io.arrowfile.bench.BenchTables.OURS;
import static io.arrowfile.bench.BenchTables.READ_SOURCES;
import static io.arrowfile.bench.BenchTables.WRITE_TARGETS;
import static io.arrowfile.bench.BenchTables.write;

import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.metric.SQLMetric;

/** The Spark SQL queries on local[2], each source in turn, and nested pruning; with our scan's metrics. */
final class SparkQueries {
  /** Column, the query on one field of it, the query on all of it. */
  static final String[][] NESTED_PAIRS = {
      {"`st` struct<a int, b string, c double>", "SELECT sum(st.a) FROM n", "SELECT max(st) FROM n"},
      {"`arrst` array<struct<a int, b string, c double>>", "SELECT max(arrst.a) FROM na", "SELECT max(arrst) FROM na"},
      {"`mst` map<string, struct<a int, b string, c double>>", "SELECT max(map_values(mst).a) FROM na",
          "SELECT max(map_values(mst)) FROM na"}};

  final BenchRun run;
  final BenchTables tables;
  /** Bytes of record batches read by a query on one struct field and by one on the whole struct. */
  final Map<String, Long> nestedBytes = new LinkedHashMap<>();
  Map<String, Long> rangeMetrics = Map.of();
  /** Whether count(*) was answered on the driver from the footers (no scan in the plan, no record batch read). */
  boolean countOnDriver;
  Map<String, Long> countMetrics = Map.of();

  SparkQueries(BenchRun run, BenchTables tables) {
    this.run = run;
    this.tables = tables;
  }

  /** Queries 1 to 8 on every source in interleaved rounds; then, untimed, our scan's metrics; then nested pruning. */
  void measure() throws Exception {
    long lo = run.rows * 37 / 100;
    long hi = lo + Math.max(1, run.rows / 1000);
    Map<String, String> sql = new LinkedHashMap<>();
    sql.put("2 sum/max/count over numeric and string columns", "SELECT sum(i), max(l), sum(d), count(s), max(s), "
        + "max(dec), sum(dec), max(ts), count(dt), sum(CAST(b AS INT)) FROM t");
    sql.put("3 sum(length(s))", "SELECT sum(length(s)) FROM t");
    sql.put("4 count(*) where id in a 0.1% range", "SELECT count(*) FROM t WHERE id >= " + lo + " AND id < " + hi);
    sql.put("5 count(*)", "SELECT count(*) FROM t");
    sql.put("sum(l) (one long column, every value)", "SELECT sum(l) FROM t");
    sql.put("min(id), max(id), count(l) (from footers)", "SELECT min(id), max(id), count(l) FROM t");
    String wideCol = "c17";
    List<String> wideSources = new ArrayList<>(Arrays.asList(READ_SOURCES));
    wideSources.remove(FLOOR); // the wide table has no in-memory copy
    List<String> nestedScanSources = new ArrayList<>(Arrays.asList(READ_SOURCES));
    nestedScanSources.remove(FLOOR); // the nested floor lacks the map column
    for (int round = 0; round < run.warmup + run.repeats; round++) {
      boolean record = round >= run.warmup;
      log("round " + (round + 1) + "/" + (run.warmup + run.repeats) + (record ? "" : " (warm-up)"));
      final int r = round;
      for (int k = 0; k < run.perRound; k++) {
        for (String source : rotated(Arrays.asList(READ_SOURCES), r, k)) {
          run.time(record, "spark", "1 all columns into noop", source, () -> noop(tables.read("main", source)));
        }
      }
      for (Map.Entry<String, String> q : sql.entrySet()) {
        for (int k = 0; k < run.perRound; k++) {
          for (String source : rotated(Arrays.asList(READ_SOURCES), r, k)) {
            run.time(record, "spark", q.getKey(), source, () -> {
              tables.read("main", source).createOrReplaceTempView("t");
              run.spark.sql(q.getValue()).collectAsList();
            });
          }
        }
      }
      for (int k = 0; k < run.perRound; k++) {
        for (String source : rotated(wideSources, r, k)) {
          run.time(record, "spark", "6 wide: 1 of 50 columns into noop", source,
              () -> noop(tables.read("wide", source).select(wideCol)));
        }
        // What query 6 costs with no file at all: as many rows of one long column, in as many tasks as our scan.
        run.time(record, "spark-floor", "6 floor", "spark.range",
            () -> noop(run.spark.range(0, run.wideRows, 1, 2).toDF()));
      }
      for (int k = 0; k < run.perRound; k++) {
        for (String source : rotated(wideSources, r, k)) {
          run.time(record, "spark", "6b wide: all 50 columns into noop", source,
              () -> noop(tables.read("wide", source)));
        }
      }
      for (int k = 0; k < run.perRound; k++) {
        for (String source : rotated(nestedScanSources, r, k)) {
          run.time(record, "spark", "7 nested (struct, array, map) into noop", source,
              () -> noop(tables.read("nested", source)));
        }
      }
      for (int k = 0; k < run.perRound; k++) {
        for (String source : rotated(Arrays.asList(READ_SOURCES), r, k)) {
          run.time(record, "spark", "7b sum(st.a) (one field of a struct)", source, () -> {
            tables.read("nested", source).createOrReplaceTempView("t");
            run.spark.sql("SELECT sum(st.a) FROM t").collectAsList();
          });
        }
      }
      List<String> writeTargets = new ArrayList<>(Arrays.asList(WRITE_TARGETS));
      writeTargets.add(NOOP_WRITE);
      for (String target : rotated(writeTargets, r, 0)) {
        if (target.equals(NOOP_WRITE)) {
          run.time(record, "write", "8 write the whole table (read from arrowfile none)", NOOP_WRITE,
              () -> noop(tables.read("main", OURS)));
        } else {
          Path p = run.dir.resolve("write-out").resolve(target.replace(' ', '-'));
          run.time(record, "write", "8 write the whole table (read from arrowfile none)", target,
              () -> write(tables.read("main", OURS), target, p));
        }
      }
    }
    // Untimed: what the range filter and count(*) read, from our scan node's metrics.
    tables.read("main", OURS).createOrReplaceTempView("t");
    Dataset<Row> range = run.spark.sql(sql.get("4 count(*) where id in a 0.1% range"));
    range.collectAsList();
    rangeMetrics = scanMetrics(range);
    Dataset<Row> count = run.spark.sql(sql.get("5 count(*)"));
    count.collectAsList();
    countMetrics = scanMetrics(count);
    countOnDriver = SparkTesting.batchScans(count).isEmpty()
        && count.queryExecution().executedPlan().toString().contains("LocalTableScan");
    log("scan metrics: range " + rangeMetrics + ", count(*) " + countMetrics + ", nested " + nestedBytes);
    nestedPruning();
  }

  /**
   * One field against the whole value, for a struct column, an array of structs and a map with struct values: the
   * record batch bytes each query reads (from our scan's metrics) and its time, the two queries interleaved. The
   * array and map table ({@link #NESTED_ARRAY_EXPRS}) has rows/20 rows.
   */
  void nestedPruning() throws Exception {
    Path na = tables.data("nested-arrays", OURS);
    if (!Files.exists(na.resolve("_SUCCESS"))) {
      write(run.spark.range(0, Math.max(1, run.rows / 20), 1, 2).selectExpr(NESTED_ARRAY_EXPRS), OURS, na);
    }
    tables.read("nested", OURS).createOrReplaceTempView("n");
    run.spark.read().format("arrowfile").load(na.toString()).createOrReplaceTempView("na");
    for (String[] pair : NESTED_PAIRS) {
      for (String q : new String[] {pair[1], pair[2]}) {
        Dataset<Row> df = run.spark.sql(q);
        df.collectAsList();
        nestedBytes.put(q, scanMetrics(df).getOrDefault("bytesRead", -1L));
      }
      for (int round = 0; round < (run.warmup + run.repeats) * run.perRound; round++) {
        boolean record = round >= run.warmup * run.perRound;
        for (String q : round % 2 == 0 ? new String[] {pair[1], pair[2]} : new String[] {pair[2], pair[1]}) {
          run.time(record, "nested-pruning", q, OURS, () -> run.spark.sql(q).collectAsList());
        }
      }
    }
    log("nested pruning bytes: " + nestedBytes);
  }

  String nestedPruningReport() {
    StringBuilder sb = new StringBuilder("One field of a nested column against all of it: Spark's nested schema "
        + "pruning hands the scan the pruned type (`struct<a>`, `array<struct<a>>`, `map<string, struct<a>>`: map "
        + "keys are always read), and the scan reads only those buffers. Bytes are the record batch bytes our scan "
        + "read (its `bytesRead` metric); times are medians of the two queries interleaved, ")
        .append(run.repeats * run.perRound).append(" each. The struct is the nested table's (")
        .append(run.nestedRows).append(" rows); the array and the map are in a table of ")
        .append(Math.max(1, run.rows / 20))
        .append(" rows (0 to 5 elements, 0 to 3 entries).\n\n")
        .append("| column | one field | bytes | ms | all of it | bytes | ms | bytes: field / all |\n"
            + "|---|---|---:|---:|---|---:|---:|---:|\n");
    for (String[] pair : NESTED_PAIRS) {
      long field = nestedBytes.getOrDefault(pair[1], -1L);
      long whole = nestedBytes.getOrDefault(pair[2], -1L);
      sb.append("| ").append(pair[0]).append(" | `").append(pair[1]).append("` | ")
          .append(String.format(Locale.ROOT, "%,d", field)).append(" | ")
          .append(fmt(run.med("nested-pruning", pair[1], OURS)))
          .append(" | `").append(pair[2]).append("` | ").append(String.format(Locale.ROOT, "%,d", whole)).append(" | ")
          .append(fmt(run.med("nested-pruning", pair[2], OURS))).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * field / whole)).append(" |\n");
    }
    return sb.toString();
  }

  /** The metrics of the query's arrowfile scan node (batchesRead, batchesSkipped, bytesRead), summed. */
  static Map<String, Long> scanMetrics(Dataset<Row> df) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (SparkPlan scan : SparkTesting.batchScans(df)) {
      for (String name : new String[] {"batchesRead", "batchesSkipped", "bytesRead"}) {
        scala.Option<SQLMetric> m = scan.metrics().get(name);
        if (m.isDefined()) {
          out.merge(name, m.get().value(), Long::sum);
        }
      }
    }
    return out;
  }
}
