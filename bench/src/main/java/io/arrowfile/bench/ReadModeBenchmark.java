package io.arrowfile.bench;

import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * What reading local files with positioned reads (the default, {@code ReadMode.POSITIONED}) costs against mapping
 * them ({@code arrowfile.mmap=true}) and against Hadoop's reads ({@code arrowfile.forceHadoopRead=true}): the
 * main table of {@link ArrowBenchmark} (uncompressed and zstd), Spark local[2], the modes interleaved within each
 * round, medians. Writes {@code benchmarks/read-modes.md} and its row of {@code BENCHMARKS.md}.
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests -Dbench.main=io.arrowfile.bench.ReadModeBenchmark test
 * -Dbench.rows=5000000} (same properties as {@link ArrowBenchmark}).
 */
public final class ReadModeBenchmark {
  static final Map<String, Map<String, String>> MODES = new LinkedHashMap<>();

  static {
    MODES.put("positioned", Map.of());
    MODES.put("mmap", Map.of("arrowfile.mmap", "true"));
    MODES.put("hadoop", Map.of("arrowfile.forceHadoopRead", "true"));
  }

  public static void main(String[] args) throws Exception {
    BenchRun b = new BenchRun();
    b.spark = SparkTesting.local("arrowfile-read-modes");
    b.spark.sparkContext().setLogLevel("WARN");
    Map<String, String> queries = new LinkedHashMap<>();
    queries.put("1 all columns into noop", null);
    queries.put("2 sum/max/count over numeric and string columns", "SELECT sum(i), max(l), sum(d), count(s), max(s), "
        + "max(dec), sum(dec), max(ts), count(dt), sum(CAST(b AS INT)) FROM t");
    queries.put("3 sum(length(s))", "SELECT sum(length(s)) FROM t");
    queries.put("sum(l)", "SELECT sum(l) FROM t");
    String[] codecs = {"arrowfile none", "arrowfile zstd"};
    try {
      for (String codec : codecs) {
        Path p = new BenchTables(b).data("main", codec);
        if (!Files.exists(p.resolve("_SUCCESS"))) {
          BenchTables.write(b.spark.range(0, b.rows, 1, 2).selectExpr(BenchTables.MAIN_EXPRS.split("\n")), codec, p);
        }
      }
      String expected = null;
      for (String codec : codecs) {
        for (Map.Entry<String, Map<String, String>> mode : MODES.entrySet()) {
          read(b, codec, mode.getValue()).createOrReplaceTempView("t");
          String got = b.spark.sql("SELECT count(*), sum(i), max(l), count(d), max(d), sum(length(s)), sum(dec), max(ts), count(dt) FROM t")
              .collectAsList().toString();
          if (expected == null) {
            expected = got;
          } else if (!expected.equals(got)) {
            throw new AssertionError(codec + " / " + mode.getKey() + ": " + got + " vs " + expected);
          }
        }
      }
      for (int round = 0; round < b.warmup + b.repeats; round++) {
        boolean record = round >= b.warmup;
        Bench.log("round " + (round + 1) + "/" + (b.warmup + b.repeats));
        for (Map.Entry<String, String> q : queries.entrySet()) {
          for (String codec : codecs) {
            for (Map.Entry<String, Map<String, String>> mode : MODES.entrySet()) {
              b.time(record, codec, q.getKey(), mode.getKey(), () -> {
                Dataset<Row> df = read(b, codec, mode.getValue());
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
      checksums(b);
    } finally {
      b.spark.stop();
    }
    StringBuilder md = new StringBuilder();
    md.append("## Read modes: positioned reads (default) vs mapping\n\n");
    md.append("`ReadModeBenchmark`, ").append(b.rows).append(" rows of the main table, local[2], files in the page cache, ")
        .append(b.repeats).append(" rounds after ").append(b.warmup).append(" warm-up, modes interleaved, medians in ms; ")
        .append("ratio = mmap / positioned (below 1: mapping is faster).\n\n");
    md.append("| query | codec | positioned | mmap | hadoop | mmap / positioned |\n|---|---|---|---|---|---|\n");
    List<Double> ratios = new ArrayList<>();
    for (String q : queries.keySet()) {
      for (String codec : codecs) {
        double pos = b.med(codec, q, "positioned");
        double map = b.med(codec, q, "mmap");
        double hadoop = b.med(codec, q, "hadoop");
        ratios.add(map / pos);
        md.append("| ").append(q).append(" | ").append(codec.substring("arrowfile ".length())).append(" | ")
            .append(String.format("%.1f", pos)).append(" | ").append(String.format("%.1f", map)).append(" | ")
            .append(String.format("%.1f", hadoop)).append(" | ").append(String.format("%.2f", map / pos)).append(" |\n");
      }
    }
    md.append("\nMedian of the ratios: ").append(String.format("%.2f", Bench.median(ratios))).append(".\n");
    md.append("\n### Content checksums (`checksum`, on by default)\n\n");
    md.append("The main table written with and without the frames' content checksum, then scanned whole into noop "
        + "(positioned reads), interleaved, medians in ms.\n\n");
    md.append("| codec | write, checksum | write, none | ratio | scan, checksum | scan, none | ratio |\n"
        + "|---|---|---|---|---|---|---|\n");
    for (String codec : new String[] {"lz4", "zstd"}) {
      double wOn = b.med("checksum", "write " + codec, "on");
      double wOff = b.med("checksum", "write " + codec, "off");
      double rOn = b.med("checksum", "scan " + codec, "on");
      double rOff = b.med("checksum", "scan " + codec, "off");
      md.append("| ").append(codec).append(String.format(" | %.0f | %.0f | %.2f | %.1f | %.1f | %.2f |%n", wOn, wOff,
          wOn / wOff, rOn, rOff, rOn / rOff));
    }
    System.out.println(md);
    double full = b.med("arrowfile none", "1 all columns into noop", "mmap")
        / b.med("arrowfile none", "1 all columns into noop", "positioned");
    String checksum = String.format(Locale.ROOT, "checksum on / off: scan %.2f (lz4), %.2f (zstd); write %.2f, %.2f",
        b.med("checksum", "scan lz4", "on") / b.med("checksum", "scan lz4", "off"),
        b.med("checksum", "scan zstd", "on") / b.med("checksum", "scan zstd", "off"),
        b.med("checksum", "write lz4", "on") / b.med("checksum", "write lz4", "off"),
        b.med("checksum", "write zstd", "on") / b.med("checksum", "write zstd", "off"));
    ReportSection.write(b.out, "read-modes", md.toString(),
        "positioned reads (the default) against mapping (`arrowfile.mmap`) and Hadoop's reads; content checksums",
        b.rows + " rows of the main table, uncompressed and zstd",
        String.format(Locale.ROOT, "mmap / positioned: full scan %.2f, median of %d %.2f; ", full, ratios.size(),
            Bench.median(ratios))
            + checksum,
        "`mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.main=io.arrowfile.bench.ReadModeBenchmark -Dbench.rows="
            + b.rows + " -Dbench.warmup=" + b.warmup + " -Dbench.repeats=" + b.repeats + "`");
  }

  /** Writes and scans the main table with lz4 and zstd, content checksums on and off, interleaved. */
  static void checksums(BenchRun b) throws Exception {
    Dataset<Row> source = read(b, "arrowfile none", Map.of());
    for (int round = 0; round < b.warmup + b.repeats; round++) {
      boolean record = round >= b.warmup;
      Bench.log("checksum round " + (round + 1) + "/" + (b.warmup + b.repeats));
      // Alternate which goes first, so neither gains from the other's warm-up.
      String[] order = round % 2 == 0 ? new String[] {"on", "off"} : new String[] {"off", "on"};
      for (String codec : new String[] {"lz4", "zstd"}) {
        for (String on : order) {
          Path p = b.dir.resolve("checksum").resolve(codec + "-" + on);
          b.time(record, "checksum", "write " + codec, on, () -> source.write().mode("overwrite").format("arrowfile")
              .option("compression", codec).option("checksum", Boolean.toString(on.equals("on"))).save(p.toString()));
        }
        for (String on : order) {
          Path p = b.dir.resolve("checksum").resolve(codec + "-" + on);
          b.time(record, "checksum", "scan " + codec, on,
              () -> Bench.noop(b.spark.read().format("arrowfile").load(p.toString())));
        }
      }
    }
  }

  static Dataset<Row> read(BenchRun b, String codec, Map<String, String> options) {
    return b.spark.read().format("arrowfile").options(options).load(new BenchTables(b).data("main", codec).toString());
  }
}
