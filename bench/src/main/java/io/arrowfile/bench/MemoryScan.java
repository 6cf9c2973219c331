package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.log;
import static io.arrowfile.bench.Bench.ms;
import static io.arrowfile.bench.Bench.runJvm;
import static io.arrowfile.bench.Bench.size;
import static io.arrowfile.bench.BenchTables.MAIN_EXPRS;
import static io.arrowfile.bench.BenchTables.OURS;
import static io.arrowfile.bench.BenchTables.write;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** A table larger than the heap, scanned in a JVM of its own ({@link HeapBoundScan}). */
final class MemoryScan {
  static final double MEMORY_FACTOR = 4.25;

  final BenchRun run;
  final BenchTables tables;
  /** {@code -Dbench.memoryHeap}: the heap of the JVM that scans {@link #MEMORY_FACTOR} times its size. */
  final String heap = System.getProperty("bench.memoryHeap", "1g");
  /** Result lines of {@link HeapBoundScan}: name, ms, answer, live MiB after GC, GCs, full GCs. */
  final List<String[]> results = new ArrayList<>();
  String table = "";

  MemoryScan(BenchRun run, BenchTables tables) {
    this.run = run;
    this.tables = tables;
  }

  /**
   * Writes the main table's rows, more of them, until the uncompressed files hold {@link #MEMORY_FACTOR} times
   * {@link #heap}, then scans them in a fresh JVM with that heap ({@link HeapBoundScan}).
   */
  void measure() throws Exception {
    long heapBytes = bytes(heap);
    long bytesPerRow = Math.max(1, size(tables.data("main", OURS)) / run.rows);
    long bigRows = (long) Math.ceil(MEMORY_FACTOR * heapBytes / bytesPerRow);
    Path base = run.dir.resolve("heap-x" + bigRows);
    Path none = base.resolve("arrowfile-none");
    Path zstd = base.resolve("arrowfile-zstd");
    Dataset<Row> big = run.spark.range(0, bigRows, 1, 16).selectExpr(MAIN_EXPRS.split("\n"));
    for (Path p : List.of(none, zstd)) {
      if (!Files.exists(p.resolve("_SUCCESS"))) {
        long t0 = System.nanoTime();
        write(big, p.equals(none) ? "arrowfile none" : "arrowfile zstd", p);
        log("generated " + bigRows + " rows into " + p + " in " + ms(t0) + " ms, " + (size(p) >> 20) + " MiB");
      }
    }
    table = bigRows + " rows of the main table: " + (size(none) >> 20) + " MiB uncompressed ("
        + String.format(Locale.ROOT, "%.1f", (double) size(none) / heapBytes) + "× the heap), "
        + (size(zstd) >> 20) + " MiB as zstd, 16 files each";
    log("memory: " + table + "; scanning with -Xmx" + heap);
    int exit = runJvm(List.of("-Xmx" + heap), HeapBoundScan.class.getName(), List.of(none.toString(), zstd.toString()),
        line -> {
          if (line.startsWith("RESULT\t")) {
            results.add(line.substring(7).split("\t", -1));
            log("memory: " + line.substring(7).replace('\t', ' '));
          } else if (line.contains("Exception") || line.contains("Error") || line.startsWith("\tat ")) {
            log("memory child: " + line);
          }
        });
    if (exit != 0) {
      run.checks.add("memory: the -Xmx" + heap + " scan JVM exited with " + exit + " after "
          + results.size() + " of 6 queries");
    }
  }

  /** The report's "Memory" section, below its heading. */
  String report() {
    StringBuilder sb = new StringBuilder("In a separate JVM with `-Xmx").append(heap).append("` (")
        .append(table).append("); each query once, after a `System.gc()`. \"Heap after GC\" is the largest "
        + "heap occupancy right after any collection during the query: what the scan keeps alive.\n\n");
    sb.append("| query | ms | answer | heap after GC (MiB) | GCs | full GCs |\n|---|---:|---|---:|---:|---:|\n");
    for (String[] r : results) {
      sb.append("| ").append(r[0]).append(" | ").append(r[1]).append(" | ").append(r[2].isEmpty() ? "–" : r[2])
          .append(" | ").append(r[3]).append(" | ").append(r[4]).append(" | ").append(r[5]).append(" |\n");
    }
    return sb.toString();
  }

  /** A heap size as {@code -Xmx} takes it ({@code 1g}, {@code 512m}), in bytes. */
  static long bytes(String heap) {
    String h = heap.toLowerCase(Locale.ROOT);
    long unit = h.endsWith("g") ? 1L << 30 : h.endsWith("m") ? 1L << 20 : h.endsWith("k") ? 1L << 10 : 1;
    return Long.parseLong(unit == 1 ? h : h.substring(0, h.length() - 1)) * unit;
  }
}
