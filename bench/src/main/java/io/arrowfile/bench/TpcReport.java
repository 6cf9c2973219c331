package io.arrowfile.bench;

import io.arrowfile.bench.TpcBenchmark.Run;
import io.arrowfile.bench.TpcData.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The section ({@code benchmarks/<tpc.section>.md}) and headline row of a {@link TpcBenchmark} run. */
final class TpcReport {
  private final TpcBenchmark b;
  private final double seconds;

  TpcReport(TpcBenchmark b, double seconds) {
    this.b = b;
    this.seconds = seconds;
  }

  String markdown() {
    StringBuilder md = new StringBuilder("## TPC-H and TPC-DS" + (b.section.equals("tpc") ? "" : " (" + b.section + ")")
        + ": arrowfile against Parquet\n\n");
    String opts = new Layout(TpcBenchmark.ARROW, b.writeOptions, false).label();
    md.append(String.format(Locale.ROOT, "`TpcBenchmark` (bench/src/main/java/io/arrowfile/bench), scale factor %s: "
        + "the rows of Trino's generators (`io.trino.tpch:tpch:1.2`, `io.trino.tpcds:tpcds:1.4`) with the Spark "
        + "types of Spark's own TPC tests, each table written by one Spark task per generator part (%d parts for "
        + "the tables the generators split, 1 for the small ones) as Parquet (snappy) and as %s; the query texts "
        + "of Spark's test jar, unchanged. Spark %s, `local[2]`, a 2-core machine shared with other work; every "
        + "table is a temporary view over `spark.read.format(f).load(path)`: arrowfile through %s, Parquet "
        + "through Spark's V1 `FileSourceScan` (Spark's default for Parquet). Per "
        + "query and layout: %d warm-up run(s) of each format (the first one's rows are compared), then %d rounds "
        + "with the formats in alternating order; medians in ms; ratio = arrowfile / Parquet (below 1: arrowfile "
        + "is faster). The run took %.0f min.%n%n", TpcData.scaleName(b.sf), b.parts, opts.equals("arrowfile")
        ? "arrowfile (default write options)" : "`" + opts + "`", org.apache.spark.package$.MODULE$.SPARK_VERSION(),
        b.arrowV1 ? "its V1 file format (`FileScan arrowfile`; `arrowfile` added to "
            + "`spark.sql.sources.useV1SourceList`)" : "its DataSource V2 scan (`BatchScan`)",
        Math.max(1, b.warmup), b.rounds, seconds / 60));
    md.append("```\n").append(command()).append("\n```\n\n");
    if (b.floorSource) {
      md.append("*In memory*: the Parquet tables' rows served by `FloorSource` (bench/src/main/java/io/arrowfile/bench/"
          + "floor), a DataSource V2 source that hands Spark prebuilt on-heap column vectors (4096 rows per batch, 2 "
          + "partitions per table) with no file, no I/O, no decoding, no filter pushdown, and sizes each scan for "
          + "join planning as Spark sizes the Parquet files (their bytes times the read columns' share of the row), "
          + "timed in the same rounds: a query whose scans cost nothing. Its time over Parquet's (*floor*) bounds "
          + "what a DataSource V2 file source could reach by scanning faster.\n\n");
    } else if (b.floor) {
      md.append("*In memory*: the Parquet tables cached in Spark's in-memory columnar store before the queries "
          + "(`.cache()`, materialized), timed in the same rounds: a query whose scans cost almost nothing. Its time "
          + "over Parquet's (*floor*) is about the best ratio a file source could reach by scanning faster; it is "
          + "not exact, since the cached tables' sizes can change the optimizer's join choices.\n\n");
    }
    md.append("Layouts: *flat*, every table in its generator parts' files; *partitioned*, the fact tables "
        + "partitioned by their date key, one file per partition value (TPC-DS: `store_sales` by `ss_sold_date_sk`, "
        + "`store_returns` by `sr_returned_date_sk`, `catalog_sales`, `catalog_returns`, `web_sales`, `web_returns` "
        + "by theirs, `inventory` by `inv_date_sk`, as Spark's DPP tests lay them out; TPC-H: `lineitem` by "
        + "`l_shipdate`, which the ship-date ranges of q1, q6, q7, q14, q15 and q20 prune), the other tables "
        + "flat. TPC-H's money, quantity and rate columns are `DECIMAL(12,2)` (Spark's `TPCHBase` declares them "
        + "`DECIMAL(10,0)` for plan tests without rows, which would round every discount to 0).\n\n");
    data(md);
    summary(md);
    for (Map.Entry<String, Map<String, Map<Boolean, Run>>> set : b.runs.entrySet()) {
      perQuery(md, set.getKey(), set.getValue());
    }
    profiles(md);
    problems(md);
    return md.toString();
  }

  String command() {
    return "mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.main=io.arrowfile.bench.TpcBenchmark -Dtpc.sf="
        + TpcData.scaleName(b.sf) + " -Dtpc.suites=" + String.join(",", b.sets) + " -Dtpc.layouts="
        + String.join(",", b.partitioned.stream().map(p -> p ? "partitioned" : "flat").toList())
        + " -Dtpc.parts=" + b.parts + (b.only.isEmpty() ? "" : " -Dtpc.queries=" + String.join(",", b.only))
        + (b.writeOptions.isEmpty() ? "" : " -Dtpc.write=" + String.join(",", b.writeOptions.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).toList())) + " -Dbench.warmup=" + b.warmup
        + " -Dbench.repeats=" + b.rounds + (b.floor ? " -Dtpc.floor=" + b.floorKind : "")
        + (b.arrowV1 ? " -Dtpc.arrowPath=v1" : "")
        + (b.profile.isEmpty() ? "" : " -Dtpc.profile=" + String.join(",", b.profile)) + (b.section.equals("tpc") ? "" : " -Dtpc.section=" + b.section);
  }

  private void data(StringBuilder md) {
    md.append("| suite | layout | arrowfile MiB | files | Parquet MiB | files | size arrowfile / Parquet |\n"
        + "|---|---|---:|---:|---:|---:|---:|\n");
    for (String suite : b.sets.stream().map(TpcQueries::suite).distinct().toList()) {
      for (boolean p : b.partitioned) {
        long[] a = totals(suite, b.arrowLayout(p));
        long[] q = totals(suite, Layout.parquet(p));
        md.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %d | %.1f | %d | %.2f |%n", suite,
            p ? "partitioned" : "flat", a[0] / 1048576.0, a[1], q[0] / 1048576.0, q[1], (double) a[0] / q[0]));
      }
    }
    md.append('\n');
  }

  private long[] totals(String suite, Layout l) {
    long bytes = 0;
    long files = 0;
    for (String table : TpcTables.tables(suite).keySet()) {
      bytes += TpcData.bytes(b.data.path(suite, l, table));
      files += TpcData.files(b.data.path(suite, l, table));
    }
    return new long[] {bytes, files};
  }

  private void summary(StringBuilder md) {
    md.append("| query set | layout | queries timed | geometric mean of the ratios | arrowfile faster in "
        + "| results differ | failed | plans differ |" + (b.floor ? " in-memory floor: geometric mean |" : "")
        + "\n|---|---|---:|---:|---:|---:|---:|---:|" + (b.floor ? "---:|" : "") + "\n");
    for (String set : b.runs.keySet()) {
      for (boolean p : b.partitioned) {
        Summary s = summary(set, p);
        md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.2f | %d | %d | %d | %d |", set,
            p ? "partitioned" : "flat", s.timed, s.geomean, s.faster, s.mismatches, s.failed, s.differ));
        md.append(b.floor ? String.format(Locale.ROOT, " %.2f |%n", s.floor) : "\n");
      }
    }
    md.append('\n');
  }

  /** One query set on one layout: what the summary table and the headline row give. */
  record Summary(int timed, double geomean, int faster, int mismatches, int failed, int differ, double floor) {}

  private Summary summary(String set, boolean p) {
    List<Double> ratios = new ArrayList<>();
    List<Double> floors = new ArrayList<>();
    int faster = 0;
    int mismatches = 0;
    int failed = 0;
    int differ = 0;
    for (Map<Boolean, Run> byLayout : b.runs.get(set).values()) {
      Run r = byLayout.get(p);
      if (!r.errors.isEmpty()) {
        failed++;
        continue;
      }
      double ratio = r.ratio();
      ratios.add(ratio);
      if (b.floor) {
        floors.add(r.floorRatio());
      }
      faster += ratio < 1 ? 1 : 0;
      mismatches += r.mismatch != null ? 1 : 0;
      differ += r.plansDiffer() ? 1 : 0;
    }
    return new Summary(ratios.size(), geomean(ratios), faster, mismatches, failed, differ, geomean(floors));
  }

  /**
   * The run's row of BENCHMARKS.md ({@link ReportSection#write}): what it measures, on what data, the geometric
   * mean of arrowfile / Parquet per query set and layout (and the floor's), the command.
   */
  String[] headline() {
    String opts = new Layout(TpcBenchmark.ARROW, b.writeOptions, false).label();
    String measures = "query time, arrowfile" + (opts.equals("arrowfile") ? " (default write options)"
        : " `" + opts.substring("arrowfile ".length()) + "`") + (b.arrowV1 ? " through its V1 file format"
        : " through its V2 scan") + " / Parquet snappy"
        + (b.floorSource ? "; floor: the rows from memory, `FloorSource`"
        : b.floor ? "; floor: the Parquet tables in Spark's cache" : "")
        + (b.profile.isEmpty() ? "" : "; JFR profile of " + b.profile.size() + " queries");
    List<String> sizes = new ArrayList<>();
    for (String suite : b.sets.stream().map(TpcQueries::suite).distinct().toList()) {
      for (boolean p : b.partitioned) {
        sizes.add(String.format(Locale.ROOT, "%s %s %.2f", suite, p ? "partitioned" : "flat",
            (double) totals(suite, b.arrowLayout(p))[0] / totals(suite, Layout.parquet(p))[0]));
      }
    }
    String data = "scale factor " + TpcData.scaleName(b.sf) + ", " + b.rounds + " round(s); bytes arrowfile / Parquet: "
        + String.join(", ", sizes);
    List<String> results = new ArrayList<>();
    for (String set : b.runs.keySet()) {
      for (boolean p : b.partitioned) {
        Summary s = summary(set, p);
        results.add(String.format(Locale.ROOT, "%s %s **%.2f** (faster in %d of %d%s%s%s)", set,
            p ? "partitioned" : "flat", s.geomean, s.faster, s.timed,
            b.floor ? String.format(Locale.ROOT, "; floor %.2f", s.floor) : "",
            s.mismatches > 0 ? "; " + s.mismatches + " results differ" : "",
            s.failed > 0 ? "; " + s.failed + " failed" : ""));
      }
    }
    return new String[] {measures, data, String.join("; ", results), "`" + command() + "`"};
  }

  static double geomean(List<Double> xs) {
    return Math.exp(xs.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
  }

  private void perQuery(StringBuilder md, String set, Map<String, Map<Boolean, Run>> queries) {
    md.append("### ").append(set).append("\n\n| query | rows |");
    for (boolean p : b.partitioned) {
      String l = p ? "partitioned" : "flat";
      md.append(' ').append(l).append(": arrowfile | Parquet | ratio |").append(b.floor ? " in memory | floor |" : "");
    }
    if (b.partitioned.contains(true)) {
      md.append(" partitioned: partitions read, arrowfile / Parquet |");
    }
    md.append(" plans where they differ (arrowfile / Parquet) |\n|---|---:|")
        .append((b.floor ? "---:|---:|---:|---:|---:|" : "---:|---:|---:|").repeat(b.partitioned.size()))
        .append(b.partitioned.contains(true) ? "---:|" : "").append("---|\n");
    for (Map.Entry<String, Map<Boolean, Run>> q : queries.entrySet()) {
      int rows = q.getValue().values().stream().mapToInt(r -> r.rows).max().orElse(-1);
      md.append("| ").append(q.getKey()).append(" | ").append(rows < 0 ? "–" : Integer.toString(rows)).append(" |");
      List<String> notes = new ArrayList<>();
      for (boolean p : b.partitioned) {
        Run r = q.getValue().get(p);
        String l = p ? "partitioned" : "flat";
        if (!r.errors.isEmpty()) {
          md.append(b.floor ? " failed | | | | |" : " failed | | |");
          notes.add(l + ": failed on " + String.join(", ", r.errors.keySet()));
          continue;
        }
        md.append(' ').append(Bench.fmt(r.median(TpcBenchmark.ARROW))).append(" | ")
            .append(Bench.fmt(r.median(TpcBenchmark.PARQUET))).append(" | ")
            .append(String.format(Locale.ROOT, "%.2f", r.ratio())).append(r.mismatch != null ? " ≠" : "").append(" |");
        if (b.floor) {
          md.append(' ').append(Bench.fmt(r.median(TpcBenchmark.MEMORY))).append(" | ")
              .append(String.format(Locale.ROOT, "%.2f", r.floorRatio())).append(" |");
        }
        if (r.plansDiffer()) {
          notes.add(l + ": " + r.plans.get(TpcBenchmark.ARROW).brief() + " / "
              + r.plans.get(TpcBenchmark.PARQUET).brief());
        }
      }
      Run pr = q.getValue().get(true);
      if (pr != null) {
        PlanShape.Reads a = pr.reads.get(TpcBenchmark.ARROW);
        PlanShape.Reads pq = pr.reads.get(TpcBenchmark.PARQUET);
        md.append(a == null || pq == null ? " |" : " " + a.partitions() + " / " + pq.partitions()
            + (a.partitions() > pq.partitions() ? " ▲" : "") + " |");
      }
      md.append(' ').append(String.join("; ", notes)).append(" |\n");
    }
    md.append("\n(≠: the formats' results differ, listed below.").append(b.partitioned.contains(true)
        ? " Partitions read: summed over the query's scans, after static and dynamic pruning (Parquet's scan "
        + "metric `numPartitions`, arrowfile's `partitionsPlanned`); ▲: arrowfile read more." : "")
        .append(")\n\n");
  }

  /**
   * Per profiled query ({@code tpc.profile}): each format's executor samples, its reader's and Spark's, and what
   * they bound: with a reader that cost nothing, the query would take about Parquet's Spark-side samples.
   */
  private void profiles(StringBuilder md) {
    if (b.profile.isEmpty()) {
      return;
    }
    md.append("### Where the time goes: reader and Spark, per query\n\n")
        .append("Each query of `tpc.profile` once more per format after its timed rounds, under JFR "
            + "(`jdk.ExecutionSample` and `jdk.NativeMethodSample`, both every 10 ms; the recordings are kept in ")
        .append(b.profileDir().getFileName()).append("/ next to ").append(b.out.getFileName())
        .append("). Every sample of an executor thread, "
            + "Java or native, is charged to the reader when the first frame from the top that belongs to a reader's "
            + "classes is there (arrowfile: `io.arrowfile.*`; Parquet: `org.apache.parquet`, Spark's `parquet` and "
            + "`vectorized` packages, `org.xerial.snappy`), else to Spark. So zstd-jni's and snappy's native "
            + "decompression and the file reads count as their reader's. JFR takes one native sample per period across "
            + "all threads in native, in turn, and Spark's Netty threads are always in native, so each native sample "
            + "is weighted by the number of threads in native (the recording's native samples over those of its most "
            + "sampled non-executor thread, about 4 here); samples are in 10 ms periods, \"(n)\" the native ones. "
            + "A Java sample needs the thread to take a signal within 2 ms, a native one does not: on a machine "
            + "busy with other work a runnable thread that waits for a core loses its Java samples but keeps its "
            + "native ones, so there the native part (decompression, file reads) weighs more than its CPU time. "
            + "Blocked threads (shuffle waits, locks, garbage collection) and the driver (planning, broadcasts) are "
            + "in no sample: the bound is on the executors' time, and the wall time's bound is nearer 1. In "
            + "parentheses, the same from the Java samples alone (native code taking no time): the truth is between "
            + "the two on a busy machine. "
            + "*Scan-free bound*: Parquet's Spark samples / Parquet's samples, about the ratio a reader that costs "
            + "nothing would reach. *Reader ratio*: arrowfile's reader samples / Parquet's. Ratio: from the timed "
            + "rounds above.\n\n")
        .append("| query | ratio | Parquet samples (n) | reader | Spark | arrowfile samples (n) | reader | Spark "
            + "| Parquet reader share | scan-free bound | reader ratio | arrowfile's top reader methods "
            + "| Parquet's top reader methods |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    b.runs.forEach((set, queries) -> queries.forEach((q, byLayout) -> byLayout.forEach((p, r) -> {
      ScanProfile a = r.profiles.get(TpcBenchmark.ARROW);
      ScanProfile pq = r.profiles.get(TpcBenchmark.PARQUET);
      if (a == null || pq == null) {
        return;
      }
      md.append("| ").append(set.equals("tpch") || set.equals("tpcds") ? "" : set + "/").append(q)
          .append(b.partitioned.size() > 1 ? (p ? " partitioned" : " flat") : "").append(" | ")
          .append(String.format(Locale.ROOT, "%.2f", r.ratio())).append(" | ");
      for (ScanProfile x : List.of(pq, a)) {
        md.append(x.taskSamples).append(" (").append(x.nativeSamples).append(") | ").append(x.readerSamples).append(" | ")
            .append(x.taskSamples - x.readerSamples).append(" | ");
      }
      md.append(String.format(Locale.ROOT, "%.0f%% (%.0f%%) | %.2f (%.2f) | %.2f (%.2f) | ", 100 * pq.readerShare(),
          100 * pq.javaReaderShare(), 1 - pq.readerShare(), 1 - pq.javaReaderShare(),
          (double) a.readerSamples / pq.readerSamples,
          (double) (a.readerSamples - a.nativeReaderSamples) / (pq.readerSamples - pq.nativeReaderSamples)))
          .append(hottest(a)).append(" | ").append(hottest(pq)).append(" |\n");
    })));
    md.append('\n');
  }

  private static String hottest(ScanProfile p) {
    List<String> ms = new ArrayList<>();
    p.hotReaderMethods.forEach((m, n) -> ms.add(String.format(Locale.ROOT, "`%s` %.0f%%", m,
        100.0 * n / p.taskSamples)));
    return String.join(", ", ms);
  }

  private void problems(StringBuilder md) {
    List<String> lines = new ArrayList<>();
    b.runs.forEach((set, queries) -> queries.forEach((q, byLayout) -> byLayout.forEach((p, r) -> {
      String where = set + " " + q + " (" + (p ? "partitioned" : "flat") + ")";
      r.errors.forEach((f, e) -> lines.add("- " + where + " failed on " + f + ": `" + e + "`"));
      if (r.mismatch != null) {
        lines.add("- " + where + ": results differ: " + r.mismatch.replace('|', '/'));
      }
    })));
    md.append("### Failures and differing results\n\n");
    md.append(lines.isEmpty() ? "None: every query ran on both formats and gave the same rows.\n" : String.join("\n",
        lines) + "\n");
    md.append('\n');
  }
}
