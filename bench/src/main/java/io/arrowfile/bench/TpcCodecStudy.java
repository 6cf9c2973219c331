package io.arrowfile.bench;

import io.arrowfile.bench.TpcData.Layout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * arrowfile's compression ({@code none}, {@code lz4}, {@code zstd}) with and without {@code dictionary=auto}
 * against Parquet (snappy) on the TPC-H and TPC-DS tables of {@link TpcBenchmark}: bytes on disk per table and
 * in total, the time to write the whole suite (every table from the same generated rows, kept on the executors'
 * disks, the variants in rotating order per table, one write each), and scan times: the largest table into
 * Spark's {@code noop} sink and two queries per suite (TPC-H q1 and q6, TPC-DS q3 and q7: scans of the fact
 * table with aggregation, and with joins to dimensions), warm-up then rounds with the variants in rotating
 * order, medians. Writes {@code benchmarks/tpc-codecs.md} and its row of {@code BENCHMARKS.md}.
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.main=io.arrowfile.bench.TpcCodecStudy
 * -Dtpc.sf=0.1 -Dtpc.suites=tpch,tpcds -Dbench.warmup=1 -Dbench.repeats=5} ({@code tpc.parts}, {@code bench.dir}
 * as for {@link TpcBenchmark}). {@code -Dtpc.variants="compression=zstd,compressionLevel=1;compression=lz4"} studies
 * those arrowfile write options instead of the six above (Parquet snappy is always the reference).
 */
public final class TpcCodecStudy {
  static final Map<String, List<String>> QUERIES = Map.of(TpcTables.TPCH, List.of("q1", "q6"),
      TpcTables.TPCDS, List.of("q3", "q7"));

  final double sf = Double.parseDouble(TpcBenchmark.prop("tpc.sf", "0.01"));
  final int parts = Integer.parseInt(TpcBenchmark.prop("tpc.parts", "8"));
  final int warmup = Integer.getInteger("bench.warmup", 1);
  final int rounds = Integer.getInteger("bench.repeats", 5);
  final List<String> suites = TpcBenchmark.sets(TpcBenchmark.list(TpcBenchmark.prop("tpc.suites", "tpch,tpcds"))).stream()
      .map(TpcQueries::suite).distinct().toList();
  final Path dir = Path.of(System.getProperty("bench.dir", "target/bench-data")).toAbsolutePath();
  final Path out = Path.of(System.getProperty("bench.out", "BENCHMARKS.md")).toAbsolutePath();
  final String section = System.getProperty("tpc.section", "tpc-codecs");
  final List<Layout> variants = new ArrayList<>();

  SparkSession spark;
  TpcData data;
  /** suite -> variant label -> table -> bytes. */
  final Map<String, Map<String, Map<String, Long>>> bytes = new LinkedHashMap<>();
  /** suite -> variant label -> ms of writing every table. */
  final Map<String, Map<String, Double>> writeMs = new LinkedHashMap<>();
  /** suite -> scan ("full scan of t", query) -> variant label -> times. */
  final Map<String, Map<String, Map<String, List<Double>>>> scans = new LinkedHashMap<>();

  TpcCodecStudy() {
    variants.add(Layout.parquet(false));
    String chosen = TpcBenchmark.prop("tpc.variants", "");
    if (!chosen.isBlank()) {
      for (String spec : chosen.split(";")) {
        // "default": the write options left to their defaults
        String options = spec.trim().equals("default") ? "" : spec.trim();
        variants.add(new Layout(TpcBenchmark.ARROW, TpcData.options(options), false));
      }
      return;
    }
    for (String dictionary : List.of("never", "auto")) {
      for (String compression : List.of("none", "lz4", "zstd")) {
        variants.add(new Layout(TpcBenchmark.ARROW, Map.of("compression", compression, "dictionary", dictionary),
            false));
      }
    }
  }

  public static void main(String[] args) throws Exception {
    new TpcCodecStudy().run();
  }

  void run() throws Exception {
    long t0 = System.nanoTime();
    spark = TpcBenchmark.session();
    try {
      // a tree of its own: rewriting TpcBenchmark's Parquet tables would pull them from under a run of it
      data = new TpcData(spark, dir.resolve("codec-study"), sf, parts);
      for (String suite : suites) {
        write(suite);
        scan(suite);
      }
    } finally {
      spark.stop();
    }
    String md = report((System.nanoTime() - t0) / 1e9);
    System.out.println(md);
    ReportSection.write(out, section, md, headline());
  }

  void write(String suite) {
    int turn = 0;
    for (String table : TpcTables.tables(suite).keySet()) {
      var rows = data.generated(suite, table);
      try {
        for (int i = 0; i < variants.size(); i++) {
          Layout v = variants.get((i + turn) % variants.size());
          Path p = data.path(suite, v, table);
          long t0 = System.nanoTime();
          TpcData.write(rows, v, table, p);
          writeMs.computeIfAbsent(suite, k -> new LinkedHashMap<>()).merge(v.label(),
              (System.nanoTime() - t0) / 1e6, Double::sum);
          bytes.computeIfAbsent(suite, k -> new LinkedHashMap<>()).computeIfAbsent(v.label(),
              k -> new LinkedHashMap<>()).put(table, TpcData.bytes(p));
        }
      } finally {
        rows.unpersist(true);
      }
      turn++;
      Bench.log("tpc codecs: " + suite + "." + table + " written in " + variants.size() + " variants");
    }
  }

  void scan(String suite) {
    Map<String, SparkSession> sessions = new HashMap<>();
    for (Layout v : variants) {
      SparkSession s = spark.newSession();
      for (String table : TpcTables.tables(suite).keySet()) {
        data.read(s, suite, v, table).createOrReplaceTempView(table);
      }
      sessions.put(v.label(), s);
    }
    Map<String, String> texts = TpcQueries.load(suite, java.util.Set.copyOf(QUERIES.get(suite)));
    String fact = TpcTables.factTable(suite);
    Map<String, String> work = new LinkedHashMap<>();
    work.put("all columns of " + fact + " into noop", null);
    texts.forEach((name, sql) -> work.put(suite + " " + name, sql));
    for (int round = 0; round < warmup + rounds; round++) {
      for (Map.Entry<String, String> w : work.entrySet()) {
        for (int i = 0; i < variants.size(); i++) {
          Layout v = variants.get((i + round) % variants.size());
          SparkSession s = sessions.get(v.label());
          long t0 = System.nanoTime();
          if (w.getValue() == null) {
            Bench.noop(s.table(fact));
          } else {
            s.sql(w.getValue()).collectAsList();
          }
          double ms = (System.nanoTime() - t0) / 1e6;
          if (round >= warmup) {
            scans.computeIfAbsent(suite, k -> new LinkedHashMap<>()).computeIfAbsent(w.getKey(),
                k -> new LinkedHashMap<>()).computeIfAbsent(v.label(), k -> new ArrayList<>()).add(ms);
          }
        }
      }
      Bench.log("tpc codecs: " + suite + " scan round " + (round + 1) + "/" + (warmup + rounds));
    }
  }

  String report(double seconds) {
    StringBuilder md = new StringBuilder("## TPC-H and TPC-DS: arrowfile's codecs against Parquet\n\n");
    md.append(String.format(Locale.ROOT, "`TpcCodecStudy`, scale factor %s, the tables of `TpcBenchmark` (flat "
        + "layout, %d generator parts per split table), written from the same generated rows in every variant; "
        + "Spark %s, `local[2]`, a 2-core machine shared with other work. Writes: one per variant and table, the "
        + "variants in rotating order, summed over the suite's tables. Scans: %d warm-up and %d recorded rounds, "
        + "variants in rotating order, medians in ms. Ratios are to Parquet (snappy). The run took %.0f min.%n%n"
        + "```%n%s%n```%n%n",
        TpcData.scaleName(sf), parts, org.apache.spark.package$.MODULE$.SPARK_VERSION(), warmup, rounds,
        seconds / 60, command()));
    String parquet = variants.get(0).label();
    for (String suite : suites) {
      md.append("### ").append(suite).append("\n\n| variant | MiB | size / Parquet | write s | write / Parquet |");
      List<String> work = new ArrayList<>(scans.get(suite).keySet());
      for (String w : work) {
        md.append(' ').append(w).append(" | / Parquet |");
      }
      md.append("\n|---|---:|---:|---:|---:|").append("---:|---:|".repeat(work.size())).append('\n');
      long pb = total(suite, parquet);
      double pw = writeMs.get(suite).get(parquet);
      for (Layout v : variants) {
        String l = v.label();
        long vb = total(suite, l);
        double vw = writeMs.get(suite).get(l);
        md.append(String.format(Locale.ROOT, "| %s | %.1f | %.2f | %.1f | %.2f |", l.replace("arrowfile ", ""),
            vb / 1048576.0, (double) vb / pb, vw / 1000, vw / pw));
        for (String w : work) {
          double m = Bench.median(scans.get(suite).get(w).get(l));
          double pm = Bench.median(scans.get(suite).get(w).get(parquet));
          md.append(' ').append(Bench.fmt(m)).append(String.format(Locale.ROOT, " | %.2f |", m / pm));
        }
        md.append('\n');
      }
      md.append("\nBytes per table (MiB; tables of at least 1% of the Parquet total):\n\n| table |");
      for (Layout v : variants) {
        md.append(' ').append(v.label().replace("arrowfile ", "")).append(" |");
      }
      md.append("\n|---|").append("---:|".repeat(variants.size())).append('\n');
      long rest = 0;
      for (String table : TpcTables.tables(suite).keySet()) {
        if (bytes.get(suite).get(parquet).get(table) * 100 < pb) {
          rest++;
          continue;
        }
        md.append("| ").append(table).append(" |");
        for (Layout v : variants) {
          md.append(String.format(Locale.ROOT, " %.2f |", bytes.get(suite).get(v.label()).get(table) / 1048576.0));
        }
        md.append('\n');
      }
      md.append("\n(").append(rest).append(" smaller tables not listed.)\n\n");
    }
    return md.toString();
  }

  String command() {
    return "mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.main=io.arrowfile.bench.TpcCodecStudy -Dtpc.sf="
        + TpcData.scaleName(sf) + " -Dtpc.suites=" + String.join(",", suites) + " -Dtpc.parts=" + parts
        + " -Dbench.warmup=" + warmup + " -Dbench.repeats=" + rounds
        + (TpcBenchmark.prop("tpc.variants", "").isBlank() ? ""
            : " \"-Dtpc.variants=" + TpcBenchmark.prop("tpc.variants", "") + "\"")
        + (section.equals("tpc-codecs") ? "" : " -Dtpc.section=" + section);
  }

  /**
   * The study's row of BENCHMARKS.md: the bytes and write time against Parquet's of the default write options
   * (the variant {@code default}, or the one that names today's defaults, else the first arrowfile variant).
   */
  String[] headline() {
    String parquet = variants.get(0).label();
    String reference = variants.stream().skip(1).map(Layout::label)
        .filter(l -> l.equals(TpcBenchmark.ARROW) || l.equals("arrowfile compression=zstd dictionary=never"))
        .findFirst().orElse(variants.get(1).label());
    String named = reference.equals(TpcBenchmark.ARROW) ? "the default options"
        : "`" + reference.replace("arrowfile ", "") + "`";
    List<String> size = new ArrayList<>();
    List<String> write = new ArrayList<>();
    for (String suite : suites) {
      size.add(String.format(Locale.ROOT, "%s %.2f", suite, (double) total(suite, reference) / total(suite, parquet)));
      write.add(String.format(Locale.ROOT, "%s %.2f", suite,
          writeMs.get(suite).get(reference) / writeMs.get(suite).get(parquet)));
    }
    List<String> labels = variants.stream().skip(1).map(v -> v.label().replace("arrowfile ", "")).toList();
    return new String[] {"bytes, write time and scan times of " + labels.size() + " arrowfile variants ("
        + String.join("; ", labels) + ") / Parquet snappy", "TPC " + String.join(", ", suites)
        + " tables, scale factor " + TpcData.scaleName(sf) + ", flat", named + ": bytes " + String.join(", ", size)
        + "; write time " + String.join(", ", write), "`" + command() + "`"};
  }

  long total(String suite, String label) {
    return bytes.get(suite).get(label).values().stream().mapToLong(Long::longValue).sum();
  }
}
