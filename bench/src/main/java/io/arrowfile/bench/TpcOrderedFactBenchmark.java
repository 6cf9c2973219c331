package io.arrowfile.bench;

import io.arrowfile.bench.TpcData.Layout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;

/**
 * TPC-DS star joins (q3, q7, q19, q42, q52, q55: a date filter on {@code date_dim}, joined to {@code store_sales})
 * over a fact table whose files are ordered by date, as event and sales data usually are when they are written as
 * they come: the query's date filter reaches the fact table through the join, not as a filter the scan can use, so
 * every record batch is read, and in most of them no row joins. The fact table is written four ways from the same
 * rows (Parquet snappy, and arrowfile uncompressed and zstd, each file sorted by {@code ss_sold_date_sk}); the zstd
 * files are read twice, with the decompression of a column deferred to its first read (the default) and with every
 * column decompressed as its batch is read ({@code -Darrowfile.deferDecompression=false}, set per query here: the
 * executors of {@code local[2]} share the JVM). The dimension tables are the same Parquet files for every variant.
 * The variants are interleaved, their order rotating each round; medians. Trino's generator spreads every date over
 * all its rows, so the flat TPC-DS tables of {@link TpcBenchmark} have no batch without a row of any date.
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.main=io.arrowfile.bench.TpcOrderedFactBenchmark
 * -Dtpc.sf=1 -Dbench.warmup=1 -Dbench.repeats=5} ({@code tpc.parts}, {@code bench.dir} as for
 * {@link TpcBenchmark}; the tables are generated once, under {@code ordered-fact}).
 */
public final class TpcOrderedFactBenchmark {
  static final List<String> QUERIES = List.of("q3", "q7", "q19", "q42", "q52", "q55");
  static final String DEFERRED = "arrowfile zstd";
  static final String EAGER = "arrowfile zstd, decompressed whole";
  static final String NONE = "arrowfile none";
  static final String PARQUET = "parquet snappy";
  static final List<String> VARIANTS = List.of(DEFERRED, EAGER, NONE, PARQUET);
  static final String FACT = "store_sales";
  static final String ORDER = "ss_sold_date_sk";

  final double sf = Double.parseDouble(TpcBenchmark.prop("tpc.sf", "0.1"));
  final int parts = Integer.parseInt(TpcBenchmark.prop("tpc.parts", "8"));
  final int warmup = Integer.getInteger("bench.warmup", 1);
  final int rounds = Integer.getInteger("bench.repeats", 5);
  final Path dir = Path.of(System.getProperty("bench.dir", "target/bench-data")).toAbsolutePath();
  final Path out = Path.of(System.getProperty("bench.out", "BENCHMARKS.md")).toAbsolutePath();
  /** query -> variant -> times (ms). */
  final Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
  final Map<String, Long> bytes = new LinkedHashMap<>();

  public static void main(String[] args) throws Exception {
    new TpcOrderedFactBenchmark().run();
  }

  void run() throws Exception {
    long t0 = System.nanoTime();
    SparkSession spark = TpcBenchmark.session();
    try {
      TpcData data = new TpcData(spark, dir.resolve("ordered-fact"), sf, parts);
      Layout dims = Layout.parquet(false);
      data.ensure(TpcTables.TPCDS, List.of(dims));
      Map<String, Path> fact = new LinkedHashMap<>();
      Path root = data.path(TpcTables.TPCDS, dims, FACT).getParent().getParent().resolve("ordered");
      fact.put(NONE, root.resolve("arrowfile-none"));
      fact.put(DEFERRED, root.resolve("arrowfile-zstd"));
      fact.put(PARQUET, root.resolve("parquet-snappy"));
      var rows = data.read(spark, TpcTables.TPCDS, dims, FACT);
      for (Map.Entry<String, Path> f : fact.entrySet()) {
        if (!TpcData.written(f.getValue())) {
          if (f.getKey().equals(PARQUET)) {
            rows.sortWithinPartitions(ORDER).write().mode("overwrite").format("parquet")
                .option("compression", "snappy").save(f.getValue().toString());
          } else {
            rows.write().mode("overwrite").format("arrowfile").option("sortWithinFiles", ORDER)
                .option("compression", f.getKey().equals(NONE) ? "none" : "zstd").save(f.getValue().toString());
          }
          Bench.log("ordered fact table written: " + f.getKey());
        }
        bytes.put(f.getKey(), TpcData.bytes(f.getValue()));
      }
      fact.put(EAGER, fact.get(DEFERRED));
      Map<String, SparkSession> sessions = new LinkedHashMap<>();
      for (String v : VARIANTS) {
        SparkSession s = spark.newSession();
        for (String table : TpcTables.tables(TpcTables.TPCDS).keySet()) {
          data.read(s, TpcTables.TPCDS, dims, table).createOrReplaceTempView(table);
        }
        s.read().format(v.equals(PARQUET) ? "parquet" : "arrowfile").load(fact.get(v).toString())
            .createOrReplaceTempView(FACT);
        sessions.put(v, s);
      }
      Map<String, String> texts = TpcQueries.load(TpcTables.TPCDS, Set.copyOf(QUERIES));
      for (int round = 0; round < warmup + rounds; round++) {
        for (String q : QUERIES) {
          for (int i = 0; i < VARIANTS.size(); i++) {
            String v = VARIANTS.get((i + round) % VARIANTS.size());
            System.setProperty("arrowfile.deferDecompression", Boolean.toString(!v.equals(EAGER)));
            long start = System.nanoTime();
            sessions.get(v).sql(texts.get(q)).collectAsList();
            double ms = (System.nanoTime() - start) / 1e6;
            if (round >= warmup) {
              times.computeIfAbsent(q, k -> new LinkedHashMap<>()).computeIfAbsent(v, k -> new ArrayList<>()).add(ms);
            }
          }
        }
        Bench.log("ordered fact: round " + (round + 1) + "/" + (warmup + rounds));
      }
      System.clearProperty("arrowfile.deferDecompression");
    } finally {
      spark.stop();
    }
    String md = report((System.nanoTime() - t0) / 1e9);
    System.out.println(md);
    ReportSection.write(out, "ordered-fact", md, headline());
  }

  double median(String q, String v) {
    return Bench.median(times.get(q).get(v));
  }

  /** The geometric mean over the queries of {@code a}'s time over {@code b}'s. */
  double geomean(String a, String b) {
    double log = 0;
    for (String q : QUERIES) {
      log += Math.log(median(q, a) / median(q, b));
    }
    return Math.exp(log / QUERIES.size());
  }

  String report(double seconds) {
    StringBuilder md = new StringBuilder("## Star joins over a date-ordered fact table\n\n");
    md.append(String.format(Locale.ROOT, "`TpcOrderedFactBenchmark`, TPC-DS scale factor %s: `store_sales` written "
        + "from the same rows as Parquet snappy (each task's rows sorted by `%s`) and as arrowfile uncompressed and "
        + "zstd (`sortWithinFiles=%s`); the other tables the same Parquet files for all. Spark %s, `local[2]`, a "
        + "2-core machine. %d warm-up and %d recorded rounds, variants in rotating order, medians in ms. The run "
        + "took %.0f min.%n%n```%n%s%n```%n%n", TpcData.scaleName(sf), ORDER, ORDER,
        org.apache.spark.package$.MODULE$.SPARK_VERSION(), warmup, rounds, seconds / 60, command()));
    md.append("Bytes of `store_sales`: ");
    List<String> sizes = new ArrayList<>();
    bytes.forEach((v, b) -> sizes.add(String.format(Locale.ROOT, "%s %.1f MiB", v, b / 1048576.0)));
    md.append(String.join(", ", sizes)).append(".\n\n| query |");
    for (String v : VARIANTS) {
      md.append(' ').append(v).append(" |");
    }
    md.append(" zstd: deferred / whole | zstd deferred / none | zstd deferred / Parquet |\n|---|")
        .append("---:|".repeat(VARIANTS.size() + 3)).append('\n');
    for (String q : QUERIES) {
      md.append("| ").append(q).append(" |");
      for (String v : VARIANTS) {
        md.append(' ').append(Bench.fmt(median(q, v))).append(" |");
      }
      md.append(String.format(Locale.ROOT, " %.2f | %.2f | %.2f |%n", median(q, DEFERRED) / median(q, EAGER),
          median(q, DEFERRED) / median(q, NONE), median(q, DEFERRED) / median(q, PARQUET)));
    }
    md.append(String.format(Locale.ROOT, "| geometric mean | | | | | %.2f | %.2f | %.2f |%n", geomean(DEFERRED, EAGER),
        geomean(DEFERRED, NONE), geomean(DEFERRED, PARQUET)));
    return md.toString();
  }

  String command() {
    return "mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.main=io.arrowfile.bench.TpcOrderedFactBenchmark"
        + " -Dtpc.sf=" + TpcData.scaleName(sf) + " -Dtpc.parts=" + parts + " -Dbench.warmup=" + warmup
        + " -Dbench.repeats=" + rounds;
  }

  String[] headline() {
    return new String[] {"TPC-DS star joins (q3, q7, q19, q42, q52, q55) over `store_sales` sorted by date: zstd "
        + "with deferred decompression against zstd decompressed whole, uncompressed and Parquet snappy",
        "TPC-DS, scale factor " + TpcData.scaleName(sf) + ", `store_sales` in " + parts + " date-sorted files",
        String.format(Locale.ROOT, "geometric mean of zstd deferred over: zstd decompressed whole **%.2f**, "
            + "uncompressed **%.2f**, Parquet **%.2f**", geomean(DEFERRED, EAGER), geomean(DEFERRED, NONE),
            geomean(DEFERRED, PARQUET)), "`" + command() + "`"};
  }
}
