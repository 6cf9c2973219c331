package io.arrowfile.bench;

import io.arrowfile.bench.TpcData.Layout;
import io.arrowfile.bench.floor.FloorSource;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * TPC-H and TPC-DS, every query on arrowfile and on Spark's Parquet source over the same rows: the query texts
 * Spark tests with ({@link TpcQueries}), the data from Trino's Java generators ({@link TpcGenerator}) with Spark's
 * types ({@link TpcTables}), each table written by a multi-task job as Parquet (snappy) and as arrowfile (write
 * options {@code tpc.write}), flat and with the fact tables partitioned by their date key ({@link TpcData}).
 * Every table is a temporary view over {@code spark.read.format(f).load(path)}, in a session of its own per
 * format and layout. Per query and layout: warm-up runs (the first one's rows are compared between the formats,
 * and its executed plan gives the joins and dynamic pruning, {@link PlanShape}), then rounds with the formats in
 * alternating order, medians, ratio arrowfile / Parquet, geometric mean per query set. Spark 4.2, local[2].
 * Writes its section ({@code tpc.section}) to {@code benchmarks/<section>.md} and the section's row of
 * {@code BENCHMARKS.md} ({@link ReportSection}).
 *
 * <p>Run (defaults shown; the data is generated on the first run and kept under {@code bench.dir}):
 * <pre>
 * mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.main=io.arrowfile.bench.TpcBenchmark \
 *     -Dtpc.sf=0.01 -Dtpc.suites=all -Dtpc.layouts=flat,partitioned -Dtpc.parts=8 \
 *     -Dtpc.queries= -Dtpc.write= -Dbench.warmup=1 -Dbench.repeats=5
 * </pre>
 * <ul>
 *   <li>{@code tpc.sf}: scale factor (1 is about 1 GB of TPC-H text and 1 GB of TPC-DS; 0.01 to 0.1 for a quick
 *       look). Larger scales need more disk under {@code bench.dir} (about 3 times the scale factor in GB for
 *       both formats and layouts) and more heap ({@code -Dbench.heap=-Xmx8g}); the run time grows about linearly.
 *   <li>{@code tpc.suites}: the query sets, {@code tpch} (22), {@code tpcds} (the 99 and their variants a/b:
 *       103), {@code tpcds-v2.7.0} (32) and {@code tpcds-modifiedQueries} (21), the last three on TPC-DS's
 *       tables; {@code all} for the four.
 *   <li>{@code tpc.queries}: a subset by name, e.g. {@code q1,q6,q14a,tpcds-v2.7.0/q14}; empty for all.
 *   <li>{@code tpc.layouts}: {@code flat}, {@code partitioned}, or both.
 *   <li>{@code tpc.write}: arrowfile write options, e.g. {@code compression=lz4,dictionary=auto}; empty for the
 *       defaults.
 *   <li>{@code tpc.parts}: generator parts (tasks, files) per table that the generators split.
 *   <li>{@code bench.warmup}, {@code bench.repeats}: unrecorded and recorded rounds.
 *   <li>{@code tpc.floor}: {@code memory} also times every query on the Parquet tables cached in memory
 *       ({@link #MEMORY}): what a query costs when its scans cost almost nothing; {@code source} on the same rows
 *       served by {@link FloorSource} instead, a DataSource V2 source whose scans cost nothing at all.
 *   <li>{@code tpc.arrowPath}: {@code v2} (the default: a path read is arrowfile's DataSource V2 scan) or {@code v1}
 *       (arrowfile added to {@code spark.sql.sources.useV1SourceList} in its tables' session, so that its path
 *       reads go through the V1 {@code ArrowFileFormat}, as Parquet's do).
 *   <li>{@code tpc.profile}: queries (names as in {@code tpc.queries}) that, after their timed rounds, run once
 *       more per format under JFR ({@link ScanProfile#recordQuery}, the recordings kept next to {@code bench.out});
 *       the report gets a section on how much of each format's executor time is its reader's. Empty: none.
 *   <li>{@code tpc.section}: the section written ({@code tpc}): the file {@code benchmarks/<section>.md} and its
 *       row of BENCHMARKS.md, so that a second run (another layout, scale or query subset) can keep the first one's.
 * </ul>
 */
public final class TpcBenchmark {

  /** One query on one layout: both formats' times, results and plans. */
  static final class Run {
    final Map<String, List<Double>> times = new HashMap<>();
    final Map<String, PlanShape> plans = new HashMap<>();
    /** Files and partitions each format's scans read in the first warm-up run. */
    final Map<String, PlanShape.Reads> reads = new HashMap<>();
    final Map<String, String> errors = new LinkedHashMap<>();
    /** Format -> where one more run's executor time went ({@code tpc.profile}); empty when not profiled. */
    final Map<String, ScanProfile> profiles = new LinkedHashMap<>();
    String mismatch;
    int rows = -1;

    double median(String format) {
      List<Double> t = times.get(format);
      return t == null || t.isEmpty() ? Double.NaN : Bench.median(t);
    }

    double ratio() {
      return median(ARROW) / median(PARQUET);
    }

    /** The in-memory floor's time over Parquet's ({@code tpc.floor=memory}); NaN when not measured. */
    double floorRatio() {
      return median(MEMORY) / median(PARQUET);
    }

    boolean plansDiffer() {
      PlanShape a = plans.get(ARROW);
      PlanShape p = plans.get(PARQUET);
      return a != null && p != null && !a.equals(p);
    }
  }

  static final String ARROW = "arrowfile";
  static final String PARQUET = "parquet";
  /**
   * The in-memory floor: the Parquet tables cached in Spark's in-memory columnar store before the run, so a query's
   * scans cost almost nothing and its time is what any file source's query would still take (joins, aggregates,
   * shuffles). Its time over Parquet's is the best ratio a faster scan alone could reach.
   */
  static final String MEMORY = "memory";

  final double sf = Double.parseDouble(prop("tpc.sf", "0.01"));
  final int parts = Integer.parseInt(prop("tpc.parts", "8"));
  final int warmup = Integer.getInteger("bench.warmup", 1);
  final int rounds = Integer.getInteger("bench.repeats", 5);
  final Set<String> only = new LinkedHashSet<>(list(prop("tpc.queries", "")));
  final List<String> sets = sets(list(prop("tpc.suites", "all")));
  final List<Boolean> partitioned = list(prop("tpc.layouts", "flat,partitioned")).stream()
      .map(l -> switch (l) {
        case "flat" -> false;
        case "partitioned" -> true;
        default -> throw new IllegalArgumentException("tpc.layouts: '" + l + "' is neither flat nor partitioned");
      }).toList();
  final Map<String, String> writeOptions = TpcData.options(prop("tpc.write", ""));
  final Path dir = Path.of(System.getProperty("bench.dir", "target/bench-data")).toAbsolutePath();
  final Path out = Path.of(System.getProperty("bench.out", "BENCHMARKS.md")).toAbsolutePath();
  /** The section this run writes ({@code benchmarks/<section>.md}), so that runs of other layouts keep theirs. */
  final String section = prop("tpc.section", "tpc");
  /** {@code tpc.floor}: empty (no floor), {@code memory} or {@code source}. */
  final String floorKind = switch (prop("tpc.floor", "")) {
    case "", "memory", "source" -> prop("tpc.floor", "");
    default -> throw new IllegalArgumentException("tpc.floor: '" + System.getProperty("tpc.floor")
        + "' is neither memory nor source (or empty)");
  };
  /** Whether every query is also timed on the in-memory floor ({@link #MEMORY}). */
  final boolean floor = !floorKind.isEmpty();
  /**
   * {@code tpc.floor=source}: the floor's tables are {@link FloorSource}'s prebuilt batches, sized for Spark's
   * join planning by the Parquet files' bytes as Parquet's relation is, instead of Spark's cache.
   */
  final boolean floorSource = floorKind.equals("source");

  /** Queries run once more per format under JFR after their timed rounds. */
  final Set<String> profile = new LinkedHashSet<>(list(prop("tpc.profile", "")));
  /** Whether arrowfile's path reads go through its V1 file format ({@code tpc.arrowPath=v1}). */
  final boolean arrowV1 = switch (prop("tpc.arrowPath", "v2")) {
    case "v2" -> false;
    case "v1" -> true;
    default -> throw new IllegalArgumentException("tpc.arrowPath: '" + System.getProperty("tpc.arrowPath")
        + "' is neither v2 nor v1");
  };

  SparkSession spark;
  TpcData data;
  /** suite / format / layout -> a session with that suite's tables as views. */
  final Map<String, SparkSession> sessions = new HashMap<>();
  /** suite -> the in-memory floor's cached tables. */
  final Map<String, List<Dataset<Row>>> inMemory = new HashMap<>();
  /** suite -> the keys of the floor source's tables ({@code tpc.floor=source}). */
  final Map<String, List<String>> floorKeys = new HashMap<>();
  /** query set -> query -> layout (false: flat) -> run. */
  final Map<String, Map<String, Map<Boolean, Run>>> runs = new LinkedHashMap<>();

  public static void main(String[] args) throws Exception {
    new TpcBenchmark().run();
  }

  void run() throws Exception {
    long t0 = System.nanoTime();
    spark = session();
    try {
      data = new TpcData(spark, dir, sf, parts);
      for (String suite : sets.stream().map(TpcQueries::suite).distinct().toList()) {
        data.ensure(suite, layouts());
      }
      for (String set : sets) {
        uncacheOtherSuites(TpcQueries.suite(set));
        Map<String, String> queries = TpcQueries.load(set, only);
        for (Map.Entry<String, String> q : queries.entrySet()) {
          for (boolean p : partitioned) {
            Run r = measure(set, q.getKey(), q.getValue(), p);
            runs.computeIfAbsent(set, k -> new LinkedHashMap<>()).computeIfAbsent(q.getKey(),
                k -> new LinkedHashMap<>()).put(p, r);
            Bench.log(String.format(Locale.ROOT, "%s %s %s: arrowfile %.0f ms, parquet %.0f ms, %.2f%s%s",
                set, q.getKey(), p ? "partitioned" : "flat", r.median(ARROW), r.median(PARQUET), r.ratio(),
                r.mismatch != null ? ", MISMATCH " + r.mismatch : "", r.errors.isEmpty() ? "" : ", " + r.errors));
          }
        }
        report(t0); // after each set, so that a long run cut short still leaves what it measured
      }
      System.out.println(report(t0));
    } finally {
      spark.stop();
    }
  }

  /**
   * Writes this run's section of the report ({@code tpc.section}) from the runs so far to
   * {@code benchmarks/<section>.md}, updates its row in {@code bench.out}, and returns the section.
   */
  String report(long t0) throws java.io.IOException {
    TpcReport r = new TpcReport(this, (System.nanoTime() - t0) / 1e9);
    String md = r.markdown();
    ReportSection.write(out, section, md, r.headline());
    return md;
  }

  static SparkSession session() {
    // The partitioned fact tables have ~2,000 folders each: the driver lists them itself, where a listing job of
    // one task per folder (Spark's default above 32 folders) takes minutes on two busy cores, for either format.
    SparkSession s = SparkTesting.local("arrowfile-tpc", "spark.sql.datetime.java8API.enabled", "true",
        "spark.sql.sources.parallelPartitionDiscovery.threshold", "1000000");
    s.sparkContext().setLogLevel("WARN");
    return s;
  }

  /** The four layouts written: both formats, each flat and (if asked for) partitioned. */
  List<Layout> layouts() {
    List<Layout> l = new ArrayList<>();
    for (boolean p : partitioned) {
      l.add(arrowLayout(p));
      l.add(Layout.parquet(p));
    }
    return l;
  }

  Layout arrowLayout(boolean p) {
    return new Layout(ARROW, writeOptions, p);
  }

  Layout layout(String format, boolean p) {
    return format.equals(ARROW) ? arrowLayout(p) : Layout.parquet(p);
  }

  SparkSession viewsOf(String suite, String format, boolean p) {
    return sessions.computeIfAbsent(suite + "/" + format + "/" + p, k -> {
      SparkSession s = spark.newSession();
      if (arrowV1 && format.equals(ARROW)) {
        // Read before the views are made: DataFrameReader.load picks V1 or V2 by this list.
        String v1 = s.conf().get("spark.sql.sources.useV1SourceList");
        s.conf().set("spark.sql.sources.useV1SourceList", v1 + ",arrowfile");
      }
      for (String table : TpcTables.tables(suite).keySet()) {
        if (format.equals(MEMORY) && floorSource) {
          String key = suite + "/" + p + "/" + table;
          if (!FloorSource.has(key)) {
            // Two partitions, as local[2] runs two tasks at once.
            FloorSource.load(key, data.read(s, suite, Layout.parquet(p), table), 2,
                OptionalLong.of(TpcData.bytes(data.path(suite, Layout.parquet(p), table))));
            floorKeys.computeIfAbsent(suite, x -> new ArrayList<>()).add(key);
          }
          s.read().format(FloorSource.class.getName()).option("key", key).load().createOrReplaceTempView(table);
        } else if (format.equals(MEMORY)) {
          // Spark's cache is shared by all sessions and matched by plan: the filter makes this plan differ from
          // the Parquet session's, whose queries must keep reading the files.
          Dataset<Row> cached = data.read(s, suite, Layout.parquet(p), table).where(functions.lit(true)).cache();
          cached.count();
          cached.createOrReplaceTempView(table);
          inMemory.computeIfAbsent(suite, x -> new ArrayList<>()).add(cached);
        } else {
          data.read(s, suite, layout(format, p), table).createOrReplaceTempView(table);
        }
      }
      return s;
    });
  }

  /** Drops the in-memory floor's tables of the suites other than {@code suite}, so that one suite's fit in memory. */
  void uncacheOtherSuites(String suite) {
    Set<String> others = new HashSet<>(inMemory.keySet());
    others.addAll(floorKeys.keySet());
    others.remove(suite);
    for (String other : others) {
      inMemory.getOrDefault(other, List.of()).forEach(d -> d.unpersist(true));
      floorKeys.getOrDefault(other, List.of()).forEach(FloorSource::drop);
      inMemory.remove(other);
      floorKeys.remove(other);
      sessions.keySet().removeIf(k -> k.startsWith(other + "/" + MEMORY + "/"));
    }
  }

  /** The formats timed, in the order of the first round (the next rounds rotate it). */
  List<String> formats() {
    return floor ? List.of(ARROW, PARQUET, MEMORY) : List.of(ARROW, PARQUET);
  }

  static List<String> rotated(List<String> formats, int by) {
    List<String> r = new ArrayList<>(formats);
    java.util.Collections.rotate(r, -by);
    return r;
  }

  Run measure(String set, String name, String sql, boolean p) throws Exception {
    String suite = TpcQueries.suite(set);
    Run r = new Run();
    Map<String, List<Row>> results = new HashMap<>();
    List<String> formats = formats();
    for (int w = 0; w < Math.max(1, warmup); w++) {
      for (String f : rotated(formats, w)) {
        if (r.errors.containsKey(f)) {
          continue;
        }
        try {
          Dataset<Row> df = viewsOf(suite, f, p).sql(sql);
          List<Row> rows = df.collectAsList();
          if (w == 0) {
            results.put(f, rows);
            r.plans.put(f, PlanShape.of(df.queryExecution().executedPlan()));
            r.reads.put(f, PlanShape.Reads.of(df.queryExecution().executedPlan()));
          }
        } catch (RuntimeException e) {
          r.errors.put(f, firstLine(e));
        }
      }
    }
    if (!r.errors.isEmpty()) {
      return r;
    }
    r.rows = results.get(PARQUET).size();
    r.mismatch = ResultComparison.compare(results.get(ARROW), results.get(PARQUET));
    if (r.mismatch == null && floor) {
      String m = ResultComparison.compare(results.get(MEMORY), results.get(PARQUET));
      r.mismatch = m == null ? null : "in memory against Parquet: " + m;
    }
    for (int round = 0; round < rounds; round++) {
      for (String f : rotated(formats, round)) {
        SparkSession s = viewsOf(suite, f, p);
        long t0 = System.nanoTime();
        s.sql(sql).collectAsList();
        r.times.computeIfAbsent(f, k -> new ArrayList<>()).add((System.nanoTime() - t0) / 1e6);
      }
    }
    if (profile.contains(name) || profile.contains(set + "/" + name)) {
      java.nio.file.Files.createDirectories(profileDir());
      for (String f : List.of(ARROW, PARQUET)) {
        Path jfr = profileDir().resolve(String.join("-", set, name, p ? "partitioned" : "flat", f) + ".jfr");
        ScanProfile prof = ScanProfile.recordQuery(f, jfr, () -> viewsOf(suite, f, p).sql(sql).collectAsList());
        r.profiles.put(f, prof);
        Bench.log(String.format(Locale.ROOT, "profile %s %s %s: %d executor samples (%d native), "
            + "%.0f%% in the reader; %s", set, name, f, prof.taskSamples, prof.nativeSamples, 100 * prof.readerShare(),
            prof.hotReaderMethods));
      }
    }
    return r;
  }

  /** Where the JFR recordings of {@code tpc.profile} go: next to the report, {@code bench.out} less .md plus -jfr. */
  Path profileDir() {
    return out.resolveSibling(out.getFileName().toString().replaceFirst("\\.md$", "") + "-jfr");
  }

  static String firstLine(Throwable e) {
    String m = e.getClass().getSimpleName() + ": " + e.getMessage();
    int nl = m.indexOf('\n');
    return (nl > 0 ? m.substring(0, nl) : m).replace('|', '/');
  }

  static String prop(String name, String dflt) {
    String v = System.getProperty(name);
    return v == null || v.isBlank() ? dflt : v;
  }

  static List<String> list(String s) {
    return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
  }

  /** Query set names, checked; {@code all} for the four. */
  static List<String> sets(List<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      if (n.equals("all")) {
        out.addAll(TpcQueries.SETS);
      } else if (TpcQueries.SETS.contains(n)) {
        out.add(n);
      } else {
        throw new IllegalArgumentException("tpc.suites: '" + n + "' is none of all, " + TpcQueries.SETS);
      }
    }
    return out.stream().distinct().toList();
  }
}
