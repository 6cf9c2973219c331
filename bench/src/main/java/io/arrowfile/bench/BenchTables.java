package io.arrowfile.bench;

import static io.arrowfile.bench.Bench.arrowFiles;
import static io.arrowfile.bench.Bench.log;
import static io.arrowfile.bench.Bench.ms;
import static io.arrowfile.bench.Bench.size;

import io.arrowfile.bench.floor.FloorSource;
import io.arrowfile.bench.naive.NaiveArrowSource;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The data: the main, wide and nested tables, written once per source (arrowfile none, lz4, zstd; Parquet snappy,
 * none; copies for Arrow Java) and kept under {@code bench.dir}; how each source reads them; and the check that
 * every source gives the same answers.
 */
final class BenchTables {
  /** Ours: the uncompressed arrowfile copy, what every ratio is taken against. */
  static final String OURS = "arrowfile none";

  /** Our uncompressed files, memory-mapped ({@code arrowfile.mmap=true}) instead of read with positioned reads. */
  static final String MMAP = "arrowfile none mmap";

  /**
   * No file at all: the same rows as prebuilt on-heap column vectors ({@link FloorSource}); the main table, and the
   * nested one without its map column.
   */
  static final String FLOOR = "floor (in memory)";

  /**
   * Our reader on the same rows as written by Arrow Java's {@code ArrowFileWriter} (each of our uncompressed files
   * rewritten batch by batch: {@link #rewriteWithArrowJava}), to compare the files' layouts.
   */
  static final String ARROW_JAVA_FILES = "arrowfile on Arrow Java's files";

  /** The sources every read query runs on, in the order of the report's columns. */
  static final String[] READ_SOURCES = {OURS, MMAP, ARROW_JAVA_FILES, "arrowfile lz4", "arrowfile zstd",
      "parquet snappy", "parquet none", "naive Arrow-Java", FLOOR};

  /** Spark's own no-op sink over the same rows: what a write costs Spark before any file format. */
  static final String NOOP_WRITE = "noop (no file)";

  /** The formats the tables are written in, and the Spark write is measured for. */
  static final String[] WRITE_TARGETS = {OURS, "arrowfile lz4", "arrowfile zstd", "parquet snappy", "parquet none"};

  /** The main table's columns, one Spark SQL expression a line, over {@code spark.range}'s {@code id}. */
  static final String MAIN_EXPRS = String.join("\n", "id",
      "CASE WHEN pmod(xxhash64(id, 11), 10) = 0 THEN NULL ELSE CAST(pmod(xxhash64(id, 1), 2000000) - 1000000 AS INT) END AS i",
      "CASE WHEN pmod(xxhash64(id, 12), 10) = 0 THEN NULL ELSE shiftright(xxhash64(id, 2), 16) END AS l",
      "CASE WHEN pmod(xxhash64(id, 13), 10) = 0 THEN NULL ELSE CAST(xxhash64(id, 3) AS DOUBLE) / 1e15 END AS d",
      "CASE WHEN pmod(xxhash64(id, 14), 10) = 0 THEN NULL ELSE substr(concat(lpad(hex(xxhash64(id, 4)), 16, '0'), "
          + "lpad(hex(xxhash64(id, 5)), 16, '0')), 1, 5 + CAST(pmod(xxhash64(id, 6), 16) AS INT)) END AS s",
      "pmod(xxhash64(id, 7), 2) = 0 AS b",
      "timestamp_micros(1600000000000000 + pmod(xxhash64(id, 8), 100000000000000)) AS ts",
      "CASE WHEN pmod(xxhash64(id, 15), 10) = 0 THEN NULL ELSE date_add(DATE'2000-01-01', CAST(pmod(xxhash64(id, 9), 10000) AS INT)) END AS dt",
      "CAST(pmod(xxhash64(id, 10), 100000000000) / 100 AS DECIMAL(18,2)) AS dec");

  static String[] wideExprs() {
    List<String> e = new ArrayList<>();
    e.add("id AS c0");
    for (int k = 1; k < 50; k++) {
      String h = "xxhash64(id, " + (100 + k) + ")";
      switch (k % 5) {
        case 0 -> e.add("CASE WHEN pmod(" + h + ", 10) = 0 THEN NULL ELSE shiftright(" + h + ", 16) END AS c" + k);
        case 1 -> e.add("shiftright(" + h + ", 16) AS c" + k);
        case 2 -> e.add("CAST(" + h + " AS DOUBLE) / 1e12 AS c" + k);
        case 3 -> e.add("CAST(pmod(" + h + ", 1000000) AS INT) AS c" + k);
        default -> e.add("substr(lpad(hex(" + h + "), 16, '0'), 1, 4 + CAST(pmod(" + h + ", 9) AS INT)) AS c" + k);
      }
    }
    return e.toArray(new String[0]);
  }

  static final String[] NESTED_EXPRS = {
      "id",
      "named_struct('a', CAST(pmod(xxhash64(id, 1), 1000) AS INT), 'b', substr(lpad(hex(xxhash64(id, 2)), 16, '0'), 1, 8),"
          + " 'c', CAST(xxhash64(id, 3) AS DOUBLE) / 1e15) AS st",
      "CASE WHEN pmod(xxhash64(id, 4), 10) = 0 THEN NULL ELSE transform(array_repeat(0, CAST(pmod(xxhash64(id, 5), 6) AS INT)),"
          + " (x, i) -> CAST(pmod(xxhash64(id, i), 1000) AS INT)) END AS arr",
      "map_from_arrays(transform(array_repeat(0, CAST(pmod(xxhash64(id, 6), 4) AS INT)), (x, i) -> concat('k', CAST(i AS STRING))),"
          + " transform(array_repeat(0, CAST(pmod(xxhash64(id, 6), 4) AS INT)), (x, i) -> pmod(xxhash64(id, i + 100), 1000))) AS m"};

  /** An array of structs and a map with struct values, for nested pruning through lists and maps. */
  static final String[] NESTED_ARRAY_EXPRS = {
      "id",
      "transform(array_repeat(0, CAST(pmod(xxhash64(id, 5), 6) AS INT)), (x, i) -> named_struct("
          + "'a', CAST(pmod(xxhash64(id, i), 1000) AS INT), 'b', substr(lpad(hex(xxhash64(id, i + 7)), 16, '0'), 1, 8),"
          + " 'c', CAST(xxhash64(id, i + 9) AS DOUBLE) / 1e15)) AS arrst",
      "map_from_arrays(transform(array_repeat(0, CAST(pmod(xxhash64(id, 6), 4) AS INT)), (x, i) -> concat('k', "
          + "CAST(i AS STRING))), transform(array_repeat(0, CAST(pmod(xxhash64(id, 6), 4) AS INT)), (x, i) -> "
          + "named_struct('a', CAST(pmod(xxhash64(id, i + 100), 1000) AS INT), 'b', substr(lpad(hex(xxhash64(id, "
          + "i + 200)), 16, '0'), 1, 8), 'c', CAST(xxhash64(id, i + 300) AS DOUBLE) / 1e15))) AS mst"};

  final BenchRun run;

  BenchTables(BenchRun run) {
    this.run = run;
  }

  /** Where {@code source}'s copy of {@code table} is, for this run's row count. */
  Path data(String table, String source) {
    if (source.equals(MMAP)) {
      source = OURS;
    }
    if (source.equals(ARROW_JAVA_FILES)) {
      source = "written by arrowjava";
    }
    return run.dir.resolve("r" + run.rows).resolve(table).resolve(source.replace(' ', '-').replace("Arrow-Java", "arrowjava"));
  }

  /** Writes each table in every format {@code bench.dir} does not hold yet, and the copies for Arrow Java. */
  void generate() throws IOException {
    Map<String, Dataset<Row>> tables = new LinkedHashMap<>();
    tables.put("main", run.spark.range(0, run.rows, 1, 2).selectExpr(MAIN_EXPRS.split("\n")));
    tables.put("wide", run.spark.range(0, run.wideRows, 1, 2).selectExpr(wideExprs()));
    tables.put("nested", run.spark.range(0, run.nestedRows, 1, 2).selectExpr(NESTED_EXPRS));
    for (Map.Entry<String, Dataset<Row>> t : tables.entrySet()) {
      for (String target : WRITE_TARGETS) {
        Path p = data(t.getKey(), target);
        if (Files.exists(p.resolve("_SUCCESS"))) {
          continue;
        }
        long t0 = System.nanoTime();
        write(t.getValue(), target, p);
        log("generated " + t.getKey() + " / " + target + " in " + ms(t0) + " ms, " + (size(p) >> 20) + " MiB");
      }
      Path naive = data(t.getKey(), "naive Arrow-Java");
      if (!Files.exists(naive.resolve("_SUCCESS"))) {
        Files.createDirectories(naive);
        for (Path f : arrowFiles(data(t.getKey(), OURS))) {
          Files.copy(f, naive.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.createFile(naive.resolve("_SUCCESS"));
      }
      Path theirs = data(t.getKey(), ARROW_JAVA_FILES);
      if (!Files.exists(theirs.resolve("_SUCCESS"))) {
        Files.createDirectories(theirs);
        for (Path f : arrowFiles(data(t.getKey(), OURS))) {
          rewriteWithArrowJava(f, theirs.resolve(f.getFileName()));
        }
        Files.createFile(theirs.resolve("_SUCCESS"));
        log("generated " + t.getKey() + " / " + ARROW_JAVA_FILES + ", " + (size(theirs) >> 20) + " MiB");
      }
    }
  }

  /** Writes {@code df} as {@code target} says ({@code "arrowfile zstd"}, {@code "parquet snappy"}...) to {@code p}. */
  static void write(Dataset<Row> df, String target, Path p) {
    String[] parts = target.split(" ");
    df.write().mode("overwrite").format(parts[0].equals("arrowfile") ? "arrowfile" : "parquet")
        .option("compression", parts[1]).save(p.toString());
  }

  /** {@code table} as {@code source} reads it, through Spark. */
  Dataset<Row> read(String table, String source) {
    if (source.equals(FLOOR)) {
      if (!FloorSource.has(table)) {
        long t0 = System.nanoTime();
        // Spark's row-to-vector helper builds no map vectors: the nested floor has the struct and array only.
        Dataset<Row> rows = read(table, OURS);
        FloorSource.load(table, table.equals("nested") ? rows.drop("m") : rows, 2);
        log("floor: " + table + " loaded into memory in " + ms(t0) + " ms");
      }
      return run.spark.read().format(FloorSource.class.getName()).option("key", table).load();
    }
    if (source.equals(MMAP)) {
      return run.spark.read().format("arrowfile").option("arrowfile.mmap", "true").load(data(table, OURS).toString());
    }
    Path p = data(table, source);
    String format = source.startsWith("arrowfile") ? "arrowfile"
        : source.startsWith("parquet") ? "parquet" : NaiveArrowSource.class.getName();
    return run.spark.read().format(format).load(p.toString());
  }

  /** The same answers from every source (the Arrow-Java copy is read by Arrow Java: it reads our files). */
  void check() {
    String[][] q = {
        {"main", "SELECT count(*), count(i), sum(i), sum(l), count(d), max(d), count(s), sum(length(s)),"
            + " min(length(s)), max(length(s)), sum(CAST(b AS INT)), max(ts), min(ts), count(dt), max(dt), sum(dec) FROM t"},
        {"wide", "SELECT count(*), sum(c1), sum(c3), count(c5), sum(length(c4)), max(c2), sum(c45) FROM t"},
        {"nested", "SELECT count(*), sum(st.a), sum(length(st.b)), count(arr), sum(size(arr)),"
            + " sum(aggregate(coalesce(arr, array()), 0L, (a, x) -> a + x)), sum(size(m)), sum(m['k1']) FROM t"}};
    for (String[] tq : q) {
      String expected = null;
      for (String source : READ_SOURCES) {
        if (source.equals(FLOOR) && !tq[0].equals("main")) {
          continue;
        }
        read(tq[0], source).createOrReplaceTempView("t");
        String got = run.spark.sql(tq[1]).collectAsList().get(0).toString();
        if (expected == null) {
          expected = got;
          run.checks.add(tq[0] + ": " + got);
        } else if (!expected.equals(got)) {
          String msg = "MISMATCH " + tq[0] + " / " + source + ": " + got + " vs " + expected;
          run.checks.add(msg);
          log(msg);
        }
      }
    }
    log("checks: " + run.checks);
  }

  /**
   * {@code from} as Arrow Java writes it: each record batch loaded by Arrow Java's reader and written again by its
   * {@code ArrowFileWriter}, uncompressed, with Arrow Java's own layout (buffer alignment and padding, validity
   * buffers, no footer metadata of ours, so no statistics).
   */
  static void rewriteWithArrowJava(Path from, Path to) throws IOException {
    try (BufferAllocator alloc = new RootAllocator();
        FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
        org.apache.arrow.vector.ipc.ArrowFileReader r = new org.apache.arrow.vector.ipc.ArrowFileReader(in, alloc);
        FileChannel out = FileChannel.open(to, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
        org.apache.arrow.vector.ipc.ArrowFileWriter w =
            new org.apache.arrow.vector.ipc.ArrowFileWriter(r.getVectorSchemaRoot(), null, out)) {
      w.start();
      while (r.loadNextBatch()) {
        w.writeBatch();
      }
      w.end();
    }
  }

  /** The tables' sizes on disk, per written source, for the report. */
  String dataSizes() {
    StringBuilder sb = new StringBuilder();
    for (String table : new String[] {"main", "wide", "nested"}) {
      sb.append(table).append(": ");
      for (String s : READ_SOURCES) {
        if (s.startsWith("naive") || s.equals(FLOOR) || s.equals(MMAP)) {
          continue;
        }
        sb.append(s).append(' ').append(size(data(table, s)) >> 20).append(" MiB, ");
      }
      sb.setLength(sb.length() - 2);
      sb.append("; ");
    }
    sb.setLength(sb.length() - 2);
    return sb.toString();
  }
}
