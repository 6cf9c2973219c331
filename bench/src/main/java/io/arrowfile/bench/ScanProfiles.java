package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.fmt;
import static io.arrowfile.bench.Bench.log;
import static io.arrowfile.bench.Bench.noop;
import static io.arrowfile.bench.Bench.ratio;
import static io.arrowfile.bench.BenchTables.ARROW_JAVA_FILES;
import static io.arrowfile.bench.BenchTables.MMAP;
import static io.arrowfile.bench.BenchTables.NOOP_WRITE;
import static io.arrowfile.bench.BenchTables.OURS;
import static io.arrowfile.bench.BenchTables.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Where a full scan's time goes, and a write's: query 1 and query 8 again under JFR ({@link ScanProfile}). */
final class ScanProfiles {
  static final String[] PROFILED = {OURS, ARROW_JAVA_FILES, "parquet snappy", "naive Arrow-Java"};

  final BenchRun run;
  final BenchTables tables;
  final List<ScanProfile> profiles = new ArrayList<>();
  final List<ScanProfile> writeProfiles = new ArrayList<>();

  ScanProfiles(BenchRun run, BenchTables tables) {
    this.run = run;
    this.tables = tables;
  }

  /** Query 1 again for a few sources, each under JFR ({@code -Dbench.profile=false} skips it). */
  void measure() throws Exception {
    if (!Boolean.parseBoolean(System.getProperty("bench.profile", "true"))) {
      return;
    }
    for (String source : PROFILED) {
      Path jfr = run.dir.resolve("r" + run.rows).resolve("scan-" + source.replace(' ', '-') + ".jfr");
      ScanProfile p = ScanProfile.record(source, jfr, () -> {
        for (int i = 0; i < Math.max(3, run.repeats); i++) {
          noop(tables.read("main", source));
        }
      });
      profiles.add(p);
      log("profile " + source + ": " + p.taskSamples + " executor samples, "
          + String.format(Locale.ROOT, "%.0f%%", 100 * p.readerShare()) + " in the reader; " + p.hotReaderMethods);
    }
    for (String target : new String[] {OURS, NOOP_WRITE}) {
      Path jfr = run.dir.resolve("r" + run.rows).resolve("write-" + target.replace(' ', '-') + ".jfr");
      Path p = run.dir.resolve("write-out").resolve("profiled");
      ScanProfile w = ScanProfile.recordWrite(target, jfr, () -> {
        for (int i = 0; i < Math.max(3, run.repeats); i++) {
          if (target.equals(NOOP_WRITE)) {
            noop(tables.read("main", OURS));
          } else {
            write(tables.read("main", OURS), target, p);
          }
        }
      });
      writeProfiles.add(w);
      log("write profile " + target + ": " + w.taskSamples + " executor samples, writer "
          + String.format(Locale.ROOT, "%.0f%%", 100 * w.readerShare()) + ", scan "
          + String.format(Locale.ROOT, "%.0f%%", 100 * w.feedShare()) + "; " + w.hotReaderMethods);
    }
  }

  String writeProfileReport() {
    if (writeProfiles.size() < 2) {
      return "Not profiled in this run (`-Dbench.profile=false`).\n";
    }
    String w = "8 write the whole table (read from arrowfile none)";
    StringBuilder sb = new StringBuilder("Query 8 (the main table, read from our uncompressed files, written "
        + "uncompressed) and Spark's `noop` write of the same scan, " + Math.max(3, run.repeats) + " times each under "
        + "JFR. Each executor sample is charged to our writer when the first of our connector's frames from the "
        + "top is its write code (the builders it calls included), to the scan feeding the write when it is the "
        + "read code or our column vectors, else to Spark: the rows it hands over one at a time "
        + "(`DataWriter.write(InternalRow)`), the commit protocol, task plumbing.\n\n"
        + "| write | executor samples | our writer | the scan | Spark | median (ms) | hottest writer methods |\n"
        + "|---|---:|---:|---:|---:|---:|---|\n");
    for (ScanProfile p : writeProfiles) {
      sb.append("| ").append(p.source).append(" | ").append(p.taskSamples).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * p.readerShare())).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * p.feedShare())).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * (1 - p.readerShare() - p.feedShare()))).append(" | ")
          .append(fmt(run.med("write", w, p.source))).append(" | ");
      p.hotReaderMethods.forEach((m, n) -> sb.append('`').append(m).append("` ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * n / p.taskSamples)).append(", "));
      if (!p.hotReaderMethods.isEmpty()) {
        sb.setLength(sb.length() - 2);
      }
      sb.append(" |\n");
    }
    ScanProfile ours = writeProfiles.get(0);
    ScanProfile noop = writeProfiles.get(1);
    double oursMs = run.med("write", w, OURS);
    double noopMs = run.med("write", w, NOOP_WRITE);
    // Executor CPU per row, from the samples (10 ms each, over the profiled runs).
    double runs = Math.max(3, run.repeats);
    double nsPerRow = 10e6 / (runs * run.rows);
    sb.append("\nPer row, in executor time: the noop write ").append(String.format(Locale.ROOT, "%.0f",
        noop.taskSamples * nsPerRow)).append(" ns (all of it the scan and Spark); ours ")
        .append(String.format(Locale.ROOT, "%.0f", ours.taskSamples * nsPerRow)).append(" ns, of which our writer ")
        .append(String.format(Locale.ROOT, "%.0f", ours.readerSamples * nsPerRow)).append(" ns (")
        .append(String.format(Locale.ROOT, "%.0f", ours.readerSamples * nsPerRow / 9)).append(" ns per value of "
            + "the 9 columns). A write within 1.5× the noop write (").append(fmt(1.5 * noopMs)).append(" ms against "
            + "our ").append(fmt(oursMs)).append(" ms) would leave the writer, the file's bytes and the commit "
            + "about ").append(String.format(Locale.ROOT, "%.0f", 0.5 * noop.taskSamples * nsPerRow))
        .append(" ns per row: Spark hands a file source rows, one `InternalRow` at a time, so each value is read "
            + "from the row and stored into a column builder; there is no columnar write to hand batches through.\n");
    return sb.toString();
  }

  /** Query 1's time for {@code source} if its reader took none: what Spark alone spends on it. */
  double sparkOnly(String source) {
    for (ScanProfile p : profiles) {
      if (p.source.equals(source)) {
        return run.med("spark", "1 all columns into noop", source) * (1 - p.readerShare());
      }
    }
    return Double.NaN;
  }

  String profileReport() {
    if (profiles.isEmpty()) {
      return "Not profiled in this run (`-Dbench.profile=false`).\n";
    }
    StringBuilder sb = new StringBuilder("Query 1 (all columns into `noop`) again, " + Math.max(3, run.repeats)
        + " times per source under JFR (`jdk.ExecutionSample` every 10 ms; the recordings are kept next to the "
        + "data). Each sample of an executor thread is charged to the reader when any frame on its stack is the "
        + "source's code (so the `UTF8String` and `Decimal` objects its getters create count as the reader's), "
        + "else to Spark: the generated code that turns columnar batches into rows, the `noop` sink, task plumbing. "
        + "Spark's part is there whatever the reader. \"Of it, values\" is the part of the reader's share spent "
        + "in Spark's `UTF8String` and `Decimal` classes, called by its getters. The JVM runs with "
        + "`-XX:+DebugNonSafepoints`, so samples inside inlined getters are charged to them.\n\n"
        + "| source | executor samples | reader | of it, values | Spark | query 1 median (ms) | Spark's part of it (ms) | hottest reader methods |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (ScanProfile p : profiles) {
      sb.append("| ").append(p.source).append(" | ").append(p.taskSamples).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * p.readerShare())).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * p.valueShare())).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * (1 - p.readerShare()))).append(" | ")
          .append(fmt(run.med("spark", "1 all columns into noop", p.source))).append(" | ")
          .append(fmt(sparkOnly(p.source))).append(" | ");
      p.hotReaderMethods.forEach((m, n) -> sb.append('`').append(m).append("` ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * n / p.taskSamples)).append(", "));
      sb.setLength(sb.length() - 2);
      sb.append(" |\n");
    }
    double bound = sparkOnly(OURS);
    sb.append("\nIf our reader took no time at all, query 1 would still cost about ").append(fmt(bound))
        .append(" ms here, so no reader could make it more than ")
        .append(ratio(run.med("spark", "1 all columns into noop", "parquet snappy") / bound)).append(" faster than Parquet "
            + "snappy or ").append(ratio(run.med("spark", "1 all columns into noop", "naive Arrow-Java") / bound))
        .append(" faster than the naive Arrow-Java reader.\n");
    sb.append("\nExecution samples see Java code only: the kernel's copy of the file into the reader's buffer (a "
        + "positioned read, `pread`, per record batch) is in no sample, so the reader's share above leaves it out. "
        + "The mapped source, which has no copy, measures it: query 1 took ")
        .append(fmt(run.med("spark", "1 all columns into noop", MMAP))).append(" ms mapped against ")
        .append(fmt(run.med("spark", "1 all columns into noop", OURS))).append(" ms with positioned reads.\n");
    return sb.toString();
  }
}
