package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.log;
import static io.arrowfile.bench.Bench.noop;
import static io.arrowfile.bench.Bench.size;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Dictionary encoding on write: {@code dictionary=auto} against plain on a low-cardinality string column. */
final class DictionaryWrite {
  /** A low-cardinality string column: 1000 distinct values of 7 to 9 characters, spread over the rows. */
  static final String DICT_EXPR = "concat('city-', CAST(pmod(xxhash64(id, 21), 1000) AS STRING)) AS c";
  static final String[] DICT_MODES = {"never", "auto"};

  final BenchRun run;
  /** Bytes each mode wrote. */
  final Map<String, Long> dictSizes = new LinkedHashMap<>();

  DictionaryWrite(BenchRun run) {
    this.run = run;
  }

  /**
   * {@code dictionary=auto} against plain ({@code never}) on the low-cardinality column, as many rows as the main
   * table: the files' size, the Spark write, and {@code sum(length(c))} over what each wrote; interleaved rounds.
   * (DictionaryBenchmark measures more cardinalities.)
   */
  void measure() throws Exception {
    Dataset<Row> rowsDf = run.spark.range(0, run.rows, 1, 2).selectExpr(DICT_EXPR);
    for (int round = 0; round < run.warmup + run.repeats; round++) {
      boolean record = round >= run.warmup;
      log("dictionary round " + (round + 1) + "/" + (run.warmup + run.repeats));
      for (String mode : DICT_MODES) {
        Path p = run.dir.resolve("write-out").resolve("dictionary-" + mode);
        run.time(record, "dictionary", "write", mode, () -> rowsDf.write().mode("overwrite").format("arrowfile")
            .option("dictionary", mode).save(p.toString()));
        dictSizes.put(mode, size(p));
      }
      for (String mode : DICT_MODES) {
        Path p = run.dir.resolve("write-out").resolve("dictionary-" + mode);
        run.time(record, "dictionary", "sum(length(c))", mode, () -> run.spark.read().format("arrowfile")
            .load(p.toString()).selectExpr("sum(length(c))").collectAsList());
        run.time(record, "dictionary", "all rows into noop", mode,
            () -> noop(run.spark.read().format("arrowfile").load(p.toString())));
      }
    }
  }

  /** The report's "Dictionary encoding on write" section, below its heading. */
  String report() {
    return "One string column `" + DICT_EXPR + "` of " + run.rows + " rows, written with `dictionary=never` "
        + "(plain) and `dictionary=auto` (which encodes it: 1000 distinct values), then read back; interleaved, medians in ms. "
        + "Sizes: plain " + (dictSizes.getOrDefault("never", -1L) >> 10) + " KiB, auto "
        + (dictSizes.getOrDefault("auto", -1L) >> 10) + " KiB.\n\n"
        + run.table("dictionary", DICT_MODES, "never", new String[] {"auto"})
            .replace("**never** (ours)", "never (plain)").replace("auto / ours", "auto / never");
  }
}
