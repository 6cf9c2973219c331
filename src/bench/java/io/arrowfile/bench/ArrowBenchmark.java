package io.arrowfile.bench;

import io.arrowfile.bench.floor.FloorSource;
import io.arrowfile.bench.naive.NaiveArrowSource;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntArray;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.flatbuf.MetadataCodec;
import io.arrowfile.ipc.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.CompressionCodec;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.metric.SQLMetric;

/**
 * The arrowfile benchmark: the same seeded data as arrowfile (none, lz4, zstd), Parquet (snappy, none) and an
 * Arrow-Java-read copy ({@link NaiveArrowSource}); Spark SQL queries on local[2], interleaved across sources;
 * library-level read/write without Spark against Arrow Java; the physical floor of a mapped-file loop. Writes
 * medians to {@code BENCHMARKS.md}.
 *
 * <p>Run: {@code mvn -o -Pbench -Darrowfile.skipFuzz=true test -Dbench.rows=2000000 -Dbench.repeats=3} (see the {@code bench} profile in pom.xml). System properties: {@code bench.rows}
 * (default 10,000,000; wide and nested tables get {@code bench.wideRows}/{@code bench.nestedRows}, default
 * rows/4 and rows/4), {@code bench.repeats} (5), {@code bench.warmup} (1 unrecorded round), {@code bench.dir}
 * (data, reused when present), {@code bench.out}.
 */
public final class ArrowBenchmark {

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
  static final String[] READ_SOURCES = {OURS, MMAP, ARROW_JAVA_FILES, "arrowfile lz4", "arrowfile zstd",
      "parquet snappy", "parquet none", "naive Arrow-Java", FLOOR};
  /** Spark's own no-op sink over the same rows: what a write costs Spark before any file format. */
  static final String NOOP_WRITE = "noop (no file)";
  static final String[] WRITE_TARGETS = {OURS, "arrowfile lz4", "arrowfile zstd", "parquet snappy", "parquet none"};

  final long rows;
  final long wideRows;
  final long nestedRows;
  final int repeats;
  final int warmup;
  /**
   * How often each Spark read query, and each cheap library read, runs per round: a query swings by 20% from one
   * run to the next here, and a run that met a collection or the machine's other work can be twice as slow, so a
   * median takes this many times more samples. (The writes, at 1 to 2.5 s, run once a round.)
   */
  final int perRound;
  final Path dir;
  final Path out;
  SparkSession spark;
  /** section -> row -> source -> recorded times (ms). */
  final Map<String, Map<String, Map<String, List<Double>>>> results = new LinkedHashMap<>();
  final List<String> checks = new ArrayList<>();

  ArrowBenchmark() {
    rows = Long.getLong("bench.rows", 10_000_000L);
    wideRows = Long.getLong("bench.wideRows", Math.max(1, rows / 4));
    nestedRows = Long.getLong("bench.nestedRows", Math.max(1, rows / 4));
    repeats = Integer.getInteger("bench.repeats", 5);
    warmup = Integer.getInteger("bench.warmup", 1);
    perRound = Integer.getInteger("bench.perRound", 3);
    dir = Path.of(System.getProperty("bench.dir", "target/bench-data")).toAbsolutePath();
    out = Path.of(System.getProperty("bench.out", "BENCHMARKS.md")).toAbsolutePath();
  }

  public static void main(String[] args) throws Exception {
    ArrowBenchmark bench = new ArrowBenchmark();
    if ("library".equals(System.getProperty("bench.mode"))) {
      bench.libraryChild();
    } else {
      bench.run();
    }
  }

  void run() throws Exception {
    long start = System.nanoTime();
    log("rows=" + rows + " wideRows=" + wideRows + " nestedRows=" + nestedRows + " repeats=" + repeats
        + " warmup=" + warmup + " dir=" + dir);
    spark = SparkTesting.local("arrowfile-bench");
    spark.sparkContext().setLogLevel("WARN");
    try {
      generate();
      check();
      sparkQueries();
      dictionary();
      profileScans();
      libraryInFreshJvm();
      memory();
      remoteInFreshJvm();
    } finally {
      spark.stop();
    }
    writeReport((System.nanoTime() - start) / 1e9);
    log("wrote " + out);
  }

  // ---------------------------------------------------------------- data

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

  Path data(String table, String source) {
    if (source.equals(MMAP)) {
      source = OURS;
    }
    if (source.equals(ARROW_JAVA_FILES)) {
      source = "written by arrowjava";
    }
    return dir.resolve("r" + rows).resolve(table).resolve(source.replace(' ', '-').replace("Arrow-Java", "arrowjava"));
  }

  void generate() throws IOException {
    Map<String, Dataset<Row>> tables = new LinkedHashMap<>();
    tables.put("main", spark.range(0, rows, 1, 2).selectExpr(MAIN_EXPRS.split("\n")));
    tables.put("wide", spark.range(0, wideRows, 1, 2).selectExpr(wideExprs()));
    tables.put("nested", spark.range(0, nestedRows, 1, 2).selectExpr(NESTED_EXPRS));
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

  static void write(Dataset<Row> df, String target, Path p) {
    String[] parts = target.split(" ");
    df.write().mode("overwrite").format(parts[0].equals("arrowfile") ? "arrowfile" : "parquet")
        .option("compression", parts[1]).save(p.toString());
  }

  Dataset<Row> read(String table, String source) {
    if (source.equals(FLOOR)) {
      if (!FloorSource.has(table)) {
        long t0 = System.nanoTime();
        // Spark's row-to-vector helper builds no map vectors: the nested floor has the struct and array only.
        Dataset<Row> rows = read(table, OURS);
        FloorSource.load(table, table.equals("nested") ? rows.drop("m") : rows, 2);
        log("floor: " + table + " loaded into memory in " + ms(t0) + " ms");
      }
      return spark.read().format(FloorSource.class.getName()).option("key", table).load();
    }
    if (source.equals(MMAP)) {
      return spark.read().format("arrowfile").option("arrowfile.mmap", "true").load(data(table, OURS).toString());
    }
    Path p = data(table, source);
    String format = source.startsWith("arrowfile") ? "arrowfile"
        : source.startsWith("parquet") ? "parquet" : NaiveArrowSource.class.getName();
    return spark.read().format(format).load(p.toString());
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
        String got = spark.sql(tq[1]).collectAsList().get(0).toString();
        if (expected == null) {
          expected = got;
          checks.add(tq[0] + ": " + got);
        } else if (!expected.equals(got)) {
          String msg = "MISMATCH " + tq[0] + " / " + source + ": " + got + " vs " + expected;
          checks.add(msg);
          log(msg);
        }
      }
    }
    log("checks: " + checks);
  }

  // ---------------------------------------------------------------- Spark

  interface Action {
    void run() throws Exception;
  }

  void sparkQueries() throws Exception {
    long lo = rows * 37 / 100;
    long hi = lo + Math.max(1, rows / 1000);
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
    for (int round = 0; round < warmup + repeats; round++) {
      boolean record = round >= warmup;
      log("round " + (round + 1) + "/" + (warmup + repeats) + (record ? "" : " (warm-up)"));
      final int r = round;
      for (int k = 0; k < perRound; k++) {
        for (String source : rotated(Arrays.asList(READ_SOURCES), r, k)) {
          time(record, "spark", "1 all columns into noop", source, () -> noop(read("main", source)));
        }
      }
      for (Map.Entry<String, String> q : sql.entrySet()) {
        for (int k = 0; k < perRound; k++) {
          for (String source : rotated(Arrays.asList(READ_SOURCES), r, k)) {
            time(record, "spark", q.getKey(), source, () -> {
              read("main", source).createOrReplaceTempView("t");
              spark.sql(q.getValue()).collectAsList();
            });
          }
        }
      }
      for (int k = 0; k < perRound; k++) {
        for (String source : rotated(wideSources, r, k)) {
          time(record, "spark", "6 wide: 1 of 50 columns into noop", source,
              () -> noop(read("wide", source).select(wideCol)));
        }
        // What query 6 costs with no file at all: as many rows of one long column, in as many tasks as our scan.
        time(record, "spark-floor", "6 floor", "spark.range", () -> noop(spark.range(0, wideRows, 1, 2).toDF()));
      }
      for (int k = 0; k < perRound; k++) {
        for (String source : rotated(wideSources, r, k)) {
          time(record, "spark", "6b wide: all 50 columns into noop", source, () -> noop(read("wide", source)));
        }
      }
      for (int k = 0; k < perRound; k++) {
        for (String source : rotated(nestedScanSources, r, k)) {
          time(record, "spark", "7 nested (struct, array, map) into noop", source,
              () -> noop(read("nested", source)));
        }
      }
      for (int k = 0; k < perRound; k++) {
        for (String source : rotated(Arrays.asList(READ_SOURCES), r, k)) {
          time(record, "spark", "7b sum(st.a) (one field of a struct)", source, () -> {
            read("nested", source).createOrReplaceTempView("t");
            spark.sql("SELECT sum(st.a) FROM t").collectAsList();
          });
        }
      }
      List<String> writeTargets = new ArrayList<>(Arrays.asList(WRITE_TARGETS));
      writeTargets.add(NOOP_WRITE);
      for (String target : rotated(writeTargets, r, 0)) {
        if (target.equals(NOOP_WRITE)) {
          time(record, "write", "8 write the whole table (read from arrowfile none)", NOOP_WRITE,
              () -> noop(read("main", OURS)));
        } else {
          Path p = dir.resolve("write-out").resolve(target.replace(' ', '-'));
          time(record, "write", "8 write the whole table (read from arrowfile none)", target,
              () -> write(read("main", OURS), target, p));
        }
      }
    }
    // Untimed: what the range filter and count(*) read, from our scan node's metrics.
    read("main", OURS).createOrReplaceTempView("t");
    Dataset<Row> range = spark.sql(sql.get("4 count(*) where id in a 0.1% range"));
    range.collectAsList();
    rangeMetrics = scanMetrics(range);
    Dataset<Row> count = spark.sql(sql.get("5 count(*)"));
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
    Path na = data("nested-arrays", OURS);
    if (!Files.exists(na.resolve("_SUCCESS"))) {
      write(spark.range(0, Math.max(1, rows / 20), 1, 2).selectExpr(NESTED_ARRAY_EXPRS), OURS, na);
    }
    read("nested", OURS).createOrReplaceTempView("n");
    spark.read().format("arrowfile").load(na.toString()).createOrReplaceTempView("na");
    for (String[] pair : NESTED_PAIRS) {
      for (String q : new String[] {pair[1], pair[2]}) {
        Dataset<Row> df = spark.sql(q);
        df.collectAsList();
        nestedBytes.put(q, scanMetrics(df).getOrDefault("bytesRead", -1L));
      }
      for (int round = 0; round < (warmup + repeats) * perRound; round++) {
        boolean record = round >= warmup * perRound;
        for (String q : round % 2 == 0 ? new String[] {pair[1], pair[2]} : new String[] {pair[2], pair[1]}) {
          time(record, "nested-pruning", q, OURS, () -> spark.sql(q).collectAsList());
        }
      }
    }
    log("nested pruning bytes: " + nestedBytes);
  }

  /** Column, the query on one field of it, the query on all of it. */
  static final String[][] NESTED_PAIRS = {
      {"`st` struct<a int, b string, c double>", "SELECT sum(st.a) FROM n", "SELECT max(st) FROM n"},
      {"`arrst` array<struct<a int, b string, c double>>", "SELECT max(arrst.a) FROM na", "SELECT max(arrst) FROM na"},
      {"`mst` map<string, struct<a int, b string, c double>>", "SELECT max(map_values(mst).a) FROM na",
          "SELECT max(map_values(mst)) FROM na"}};

  String nestedPruningReport() {
    StringBuilder sb = new StringBuilder("One field of a nested column against all of it: Spark's nested schema "
        + "pruning hands the scan the pruned type (`struct<a>`, `array<struct<a>>`, `map<string, struct<a>>`: map "
        + "keys are always read), and the scan reads only those buffers. Bytes are the record batch bytes our scan "
        + "read (its `bytesRead` metric); times are medians of the two queries interleaved, ")
        .append(repeats * perRound).append(" each. The struct is the nested table's (")
        .append(nestedRows).append(" rows); the array and the map are in a table of ").append(Math.max(1, rows / 20))
        .append(" rows (0 to 5 elements, 0 to 3 entries).\n\n")
        .append("| column | one field | bytes | ms | all of it | bytes | ms | bytes: field / all |\n"
            + "|---|---|---:|---:|---|---:|---:|---:|\n");
    for (String[] pair : NESTED_PAIRS) {
      long field = nestedBytes.getOrDefault(pair[1], -1L);
      long whole = nestedBytes.getOrDefault(pair[2], -1L);
      sb.append("| ").append(pair[0]).append(" | `").append(pair[1]).append("` | ")
          .append(String.format(Locale.ROOT, "%,d", field)).append(" | ").append(fmt(med("nested-pruning", pair[1], OURS)))
          .append(" | `").append(pair[2]).append("` | ").append(String.format(Locale.ROOT, "%,d", whole)).append(" | ")
          .append(fmt(med("nested-pruning", pair[2], OURS))).append(" | ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * field / whole)).append(" |\n");
    }
    return sb.toString();
  }

  /**
   * {@code sources} in the order that round {@code round}, repetition {@code k} measures them: each time starting one
   * further on. In a fixed order the first source paid for the switch from the query before (JIT, garbage): measured
   * on sum(l), our files 8 to 13% slower in first place than in second, which a fixed order charged to one source.
   */
  static List<String> rotated(List<String> sources, int round, int k) {
    List<String> out = new ArrayList<>(sources);
    Collections.rotate(out, -(round * 7 + k));
    return out;
  }

  /** Bytes of record batches read by a query on one struct field and by one on the whole struct. */
  final Map<String, Long> nestedBytes = new LinkedHashMap<>();

  // ---------------------------------------------------------------- dictionary encoding on write

  /** A low-cardinality string column: 1000 distinct values of 7 to 9 characters, spread over the rows. */
  static final String DICT_EXPR = "concat('city-', CAST(pmod(xxhash64(id, 21), 1000) AS STRING)) AS c";
  static final String[] DICT_MODES = {"never", "auto"};
  final Map<String, Long> dictSizes = new LinkedHashMap<>();

  /**
   * {@code dictionary=auto} against plain ({@code never}) on the low-cardinality column, as many rows as the main
   * table: the files' size, the Spark write, and {@code sum(length(c))} over what each wrote; interleaved rounds.
   * (DictionaryBenchmark measures more cardinalities.)
   */
  void dictionary() throws Exception {
    Dataset<Row> rowsDf = spark.range(0, rows, 1, 2).selectExpr(DICT_EXPR);
    for (int round = 0; round < warmup + repeats; round++) {
      boolean record = round >= warmup;
      log("dictionary round " + (round + 1) + "/" + (warmup + repeats));
      for (String mode : DICT_MODES) {
        Path p = dir.resolve("write-out").resolve("dictionary-" + mode);
        time(record, "dictionary", "write", mode, () -> rowsDf.write().mode("overwrite").format("arrowfile")
            .option("dictionary", mode).save(p.toString()));
        dictSizes.put(mode, size(p));
      }
      for (String mode : DICT_MODES) {
        Path p = dir.resolve("write-out").resolve("dictionary-" + mode);
        time(record, "dictionary", "sum(length(c))", mode, () -> spark.read().format("arrowfile").load(p.toString())
            .selectExpr("sum(length(c))").collectAsList());
        time(record, "dictionary", "all rows into noop", mode,
            () -> noop(spark.read().format("arrowfile").load(p.toString())));
      }
    }
  }

  Map<String, Long> rangeMetrics = Map.of();
  /** Whether count(*) was answered on the driver from the footers (no scan in the plan, no record batch read). */
  boolean countOnDriver;
  Map<String, Long> countMetrics = Map.of();

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

  static void noop(Dataset<Row> df) {
    df.write().format("noop").mode("overwrite").save();
  }

  void time(boolean record, String section, String row, String source, Action a) throws Exception {
    long t0 = System.nanoTime();
    a.run();
    double ms = (System.nanoTime() - t0) / 1e6;
    if (record) {
      results.computeIfAbsent(section, k -> new LinkedHashMap<>()).computeIfAbsent(row, k -> new LinkedHashMap<>())
          .computeIfAbsent(source, k -> new ArrayList<>()).add(ms);
    }
  }

  // ---------------------------------------------------------------- profile: where a full scan's time goes

  static final String[] PROFILED = {OURS, ARROW_JAVA_FILES, "parquet snappy", "naive Arrow-Java"};
  final List<ScanProfile> profiles = new ArrayList<>();

  /** Query 1 again for a few sources, each under JFR ({@code -Dbench.profile=false} skips it). */
  void profileScans() throws Exception {
    if (!Boolean.parseBoolean(System.getProperty("bench.profile", "true"))) {
      return;
    }
    for (String source : PROFILED) {
      Path jfr = dir.resolve("r" + rows).resolve("scan-" + source.replace(' ', '-') + ".jfr");
      ScanProfile p = ScanProfile.record(source, jfr, () -> {
        for (int i = 0; i < Math.max(3, repeats); i++) {
          noop(read("main", source));
        }
      });
      profiles.add(p);
      log("profile " + source + ": " + p.taskSamples + " executor samples, "
          + String.format(Locale.ROOT, "%.0f%%", 100 * p.readerShare()) + " in the reader; " + p.hotReaderMethods);
    }
    for (String target : new String[] {OURS, NOOP_WRITE}) {
      Path jfr = dir.resolve("r" + rows).resolve("write-" + target.replace(' ', '-') + ".jfr");
      Path p = dir.resolve("write-out").resolve("profiled");
      ScanProfile w = ScanProfile.recordWrite(target, jfr, () -> {
        for (int i = 0; i < Math.max(3, repeats); i++) {
          if (target.equals(NOOP_WRITE)) {
            noop(read("main", OURS));
          } else {
            write(read("main", OURS), target, p);
          }
        }
      });
      writeProfiles.add(w);
      log("write profile " + target + ": " + w.taskSamples + " executor samples, writer "
          + String.format(Locale.ROOT, "%.0f%%", 100 * w.readerShare()) + ", scan "
          + String.format(Locale.ROOT, "%.0f%%", 100 * w.feedShare()) + "; " + w.hotReaderMethods);
    }
  }

  final List<ScanProfile> writeProfiles = new ArrayList<>();

  String writeProfileReport() {
    if (writeProfiles.size() < 2) {
      return "Not profiled in this run (`-Dbench.profile=false`).\n";
    }
    String w = "8 write the whole table (read from arrowfile none)";
    StringBuilder sb = new StringBuilder("Query 8 (the main table, read from our uncompressed files, written "
        + "uncompressed) and Spark's `noop` write of the same scan, " + Math.max(3, repeats) + " times each under "
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
          .append(fmt(med("write", w, p.source))).append(" | ");
      p.hotReaderMethods.forEach((m, n) -> sb.append('`').append(m).append("` ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * n / p.taskSamples)).append(", "));
      if (!p.hotReaderMethods.isEmpty()) {
        sb.setLength(sb.length() - 2);
      }
      sb.append(" |\n");
    }
    ScanProfile ours = writeProfiles.get(0);
    ScanProfile noop = writeProfiles.get(1);
    double oursMs = med("write", w, OURS);
    double noopMs = med("write", w, NOOP_WRITE);
    // Executor CPU per row, from the samples (10 ms each, over the profiled runs).
    double runs = Math.max(3, repeats);
    double nsPerRow = 10e6 / (runs * rows);
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
        return med("spark", "1 all columns into noop", source) * (1 - p.readerShare());
      }
    }
    return Double.NaN;
  }

  String profileReport() {
    if (profiles.isEmpty()) {
      return "Not profiled in this run (`-Dbench.profile=false`).\n";
    }
    StringBuilder sb = new StringBuilder("Query 1 (all columns into `noop`) again, " + Math.max(3, repeats)
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
          .append(fmt(med("spark", "1 all columns into noop", p.source))).append(" | ")
          .append(fmt(sparkOnly(p.source))).append(" | ");
      p.hotReaderMethods.forEach((m, n) -> sb.append('`').append(m).append("` ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * n / p.taskSamples)).append(", "));
      sb.setLength(sb.length() - 2);
      sb.append(" |\n");
    }
    double bound = sparkOnly(OURS);
    sb.append("\nIf our reader took no time at all, query 1 would still cost about ").append(fmt(bound))
        .append(" ms here, so no reader could make it more than ")
        .append(ratio(med("spark", "1 all columns into noop", "parquet snappy") / bound)).append(" faster than Parquet "
            + "snappy or ").append(ratio(med("spark", "1 all columns into noop", "naive Arrow-Java") / bound))
        .append(" faster than the naive Arrow-Java reader.\n");
    sb.append("\nExecution samples see Java code only: the kernel's copy of the file into the reader's buffer (a "
        + "positioned read, `pread`, per record batch) is in no sample, so the reader's share above leaves it out. "
        + "The mapped source, which has no copy, measures it: query 1 took ")
        .append(fmt(med("spark", "1 all columns into noop", MMAP))).append(" ms mapped against ")
        .append(fmt(med("spark", "1 all columns into noop", OURS))).append(" ms with positioned reads.\n");
    return sb.toString();
  }

  // ---------------------------------------------------------------- memory: a table larger than the heap

  /** {@code -Dbench.memoryHeap}: the heap of the JVM that scans {@link #MEMORY_FACTOR} times its size. */
  final String memoryHeap = System.getProperty("bench.memoryHeap", "1g");
  static final double MEMORY_FACTOR = 4.25;
  /** Result lines of {@link HeapBoundScan}: name, ms, answer, live MiB after GC, GCs, full GCs. */
  final List<String[]> memoryResults = new ArrayList<>();
  String memoryTable = "";

  /**
   * Writes the main table's rows, more of them, until the uncompressed files hold {@link #MEMORY_FACTOR} times
   * {@link #memoryHeap}, then scans them in a fresh JVM with that heap ({@link HeapBoundScan}).
   */
  void memory() throws Exception {
    long heapBytes = bytes(memoryHeap);
    long bytesPerRow = Math.max(1, size(data("main", OURS)) / rows);
    long bigRows = (long) Math.ceil(MEMORY_FACTOR * heapBytes / bytesPerRow);
    Path base = dir.resolve("heap-x" + bigRows);
    Path none = base.resolve("arrowfile-none");
    Path zstd = base.resolve("arrowfile-zstd");
    Dataset<Row> big = spark.range(0, bigRows, 1, 16).selectExpr(MAIN_EXPRS.split("\n"));
    for (Path p : List.of(none, zstd)) {
      if (!Files.exists(p.resolve("_SUCCESS"))) {
        long t0 = System.nanoTime();
        write(big, p.equals(none) ? "arrowfile none" : "arrowfile zstd", p);
        log("generated " + bigRows + " rows into " + p + " in " + ms(t0) + " ms, " + (size(p) >> 20) + " MiB");
      }
    }
    memoryTable = bigRows + " rows of the main table: " + (size(none) >> 20) + " MiB uncompressed ("
        + String.format(Locale.ROOT, "%.1f", (double) size(none) / heapBytes) + "× the heap), "
        + (size(zstd) >> 20) + " MiB as zstd, 16 files each";
    log("memory: " + memoryTable + "; scanning with -Xmx" + memoryHeap);
    int exit = runJvm(List.of("-Xmx" + memoryHeap), HeapBoundScan.class.getName(), List.of(none.toString(), zstd.toString()),
        line -> {
          if (line.startsWith("RESULT\t")) {
            memoryResults.add(line.substring(7).split("\t", -1));
            log("memory: " + line.substring(7).replace('\t', ' '));
          } else if (line.contains("Exception") || line.contains("Error") || line.startsWith("\tat ")) {
            log("memory child: " + line);
          }
        });
    if (exit != 0) {
      checks.add("memory: the -Xmx" + memoryHeap + " scan JVM exited with " + exit + " after "
          + memoryResults.size() + " of 6 queries");
    }
  }

  /**
   * Runs {@code mainClass} in a new JVM with this one's class path and JVM options (less {@code -Xmx} and the
   * {@code bench.*} properties, unless {@code jvmOptions} give them again), each output line to {@code lines}.
   */
  static int runJvm(List<String> jvmOptions, String mainClass, List<String> args,
      java.util.function.Consumer<String> lines) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!a.startsWith("-Xmx") && !a.startsWith("-Dbench.")) {
        cmd.add(a);
      }
    }
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    cmd.addAll(args);
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try (java.io.BufferedReader in = new java.io.BufferedReader(
        new java.io.InputStreamReader(child.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        lines.accept(line);
      }
    }
    return child.waitFor();
  }

  // ---------------------------------------------------------------- remote reads over S3A, in a JVM of its own

  /** Rows of the 9-column table read over S3A: rows / 5, at least 100,000 and at most 2 million. */
  long remoteRows() {
    return Math.max(100_000, Math.min(2_000_000, rows / 5));
  }

  /** {@link RemoteReadBenchmark}'s lines: source, query, latency, bytes, GETs, HEADs, LISTs, file bytes, ms. */
  final List<String[]> remoteResults = new ArrayList<>();

  void remoteInFreshJvm() throws Exception {
    int exit = runJvm(List.of("-Xmx2g"), RemoteReadBenchmark.class.getName(),
        List.of(dir.toString(), Long.toString(remoteRows()), Integer.toString(Math.max(3, repeats))), line -> {
          String[] f = line.split("\t", -1);
          if (f[0].equals("S3") && f.length == 10) {
            remoteResults.add(Arrays.copyOfRange(f, 1, 10));
          } else {
            System.out.println(line);
          }
        });
    if (exit != 0 || remoteResults.isEmpty()) {
      checks.add("remote: its JVM exited with " + exit + " after " + remoteResults.size() + " results");
    }
  }

  /** The remote result row of {@code source} and {@code query} at {@code latency}, or null. */
  String[] remoteRow(String source, String query, long latency) {
    return remoteResults.stream().filter(r -> r[0].equals(source) && r[1].startsWith(query)
        && Long.parseLong(r[2]) == latency).findFirst().orElse(null);
  }

  /** Our bytes from the server for 1 of 9 columns over S3A's classic stream, as a share of the file; 1 if unknown. */
  double remoteOneOfNineShare() {
    String[] r = remoteRow("arrowfile, S3A classic input stream", "sum of 1 of 9", 0);
    return r == null ? 1 : (double) Long.parseLong(r[3]) / Long.parseLong(r[7]);
  }

  String remoteGoal() {
    long far = RemoteReadBenchmark.LATENCIES[1];
    StringBuilder sb = new StringBuilder();
    for (String stream : List.of("classic", "default")) {
      String[] ours = remoteRow("arrowfile, S3A " + stream + " input stream", "sum of 1 of 9", 0);
      String[] oursFar = remoteRow("arrowfile, S3A " + stream + " input stream", "sum of 1 of 9", far);
      String[] parquetFar = remoteRow("parquet, S3A " + stream + " input stream", "sum of 1 of 9", far);
      if (ours == null || oursFar == null || parquetFar == null) {
        return "";
      }
      sb.append(sb.length() == 0 ? "1 of 9 columns through `readVectored`, S3A's " : "; its ").append(stream)
          .append(" stream: ").append(String.format(Locale.ROOT, "%.0f%%",
              100.0 * Long.parseLong(ours[3]) / Long.parseLong(ours[7]))).append(" of the file's bytes in ")
          .append(ours[4]).append(" GETs, ").append(fmt(Double.parseDouble(oursFar[8]))).append(" ms with ")
          .append(far).append(" ms per request (Parquet ").append(fmt(Double.parseDouble(parquetFar[8])))
          .append(" ms)");
    }
    return sb.append("; see Remote reads").toString();
  }

  String remoteReport() {
    StringBuilder sb = new StringBuilder("In a JVM of its own (`RemoteReadBenchmark`): ").append(remoteRows())
        .append(" rows of 9 bigint columns (40-bit `xxhash64(id, k)` values) in one file per format, on S3Proxy (an S3-compatible "
            + "server keeping objects in memory) on 127.0.0.1, read through S3A; a relay between the two counts the "
            + "bytes the server sends and the requests (GET of an object, HEAD, LIST of a bucket). arrowfile hands "
            + "S3A the byte ranges of the wanted columns in each batch through `readVectored` (S3A's classic stream "
            + "merges near ranges into ranged GETs; its default stream, Hadoop 3.5's analytics accelerator, plans "
            + "its own), after requesting the metadata of all the batches it will read in one vectored read, and "
            + "requests the next batches' ranges (up to 32 MiB) while a batch is decoded; Parquet reads through its "
            + "own input stream. Each read is of a new copy of the file (S3A's default stream caches what it fetched). Times "
            + "are medians of ").append(Math.max(3, repeats)).append(" reads over loopback, then with the relay "
            + "holding each request back ").append(RemoteReadBenchmark.LATENCIES[1]).append(" ms, as a far store's "
            + "first-byte latency would; bytes and requests are of the first read without latency.\n\n");
    sb.append("| source | query | bytes from the server | of the file | GET | HEAD | LIST | ms | ms with ")
        .append(RemoteReadBenchmark.LATENCIES[1]).append(" ms per request |\n"
            + "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (String[] r : remoteResults) {
      if (Long.parseLong(r[2]) != 0) {
        continue;
      }
      long bytes = Long.parseLong(r[3]);
      long file = Long.parseLong(r[7]);
      String far = remoteResults.stream().filter(o -> o[0].equals(r[0]) && o[1].equals(r[1]) && !o[2].equals("0"))
          .map(o -> fmt(Double.parseDouble(o[8]))).findFirst().orElse("–");
      sb.append("| ").append(r[0]).append(" | ").append(r[1]).append(" | ").append(String.format(Locale.ROOT, "%,d",
          bytes)).append(" | ").append(String.format(Locale.ROOT, "%.0f%%", 100.0 * bytes / file)).append(" | ")
          .append(r[4]).append(" | ").append(r[5]).append(" | ").append(r[6]).append(" | ")
          .append(fmt(Double.parseDouble(r[8]))).append(" | ").append(far).append(" |\n");
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- library level, in a JVM of its own

  /**
   * The library level runs in a new JVM, without Spark: in the JVM that just ran the Spark queries, the JIT's
   * profiles of the buffer accessors come from Spark's reads, and the same loops measured 1.5 to 2.5 times
   * slower (ours more than Arrow Java's), which is not what a program using the library would see.
   */
  void libraryInFreshJvm() throws Exception {
    List<String> props = new ArrayList<>(List.of("-Xmx" + (Runtime.getRuntime().maxMemory() >> 20) + "m",
        "-Dbench.mode=library", "-Dbench.rows=" + rows, "-Dbench.repeats=" + repeats, "-Dbench.warmup=" + warmup,
        "-Dbench.perRound=" + perRound,
        "-Dbench.dir=" + dir));
    int exit = runJvm(props, ArrowBenchmark.class.getName(), List.of(), line -> {
      String[] f = line.split("\t", -1);
      if (f[0].equals("LIB") && f.length == 5) {
        results.computeIfAbsent(f[1], k -> new LinkedHashMap<>()).computeIfAbsent(f[2], k -> new LinkedHashMap<>())
            .computeIfAbsent(f[3], k -> new ArrayList<>()).add(Double.parseDouble(f[4]));
      } else if (f[0].equals("CHECK") && f.length == 2) {
        checks.add(f[1]);
      } else {
        System.out.println(line);
      }
    });
    if (exit != 0) {
      checks.add("library: its JVM exited with " + exit);
    }
  }

  /** {@code -Dbench.mode=library}: {@link #library()}, its times and checks printed for the parent. */
  void libraryChild() throws Exception {
    library();
    for (String section : List.of("lib-read", "lib-write")) {
      results.getOrDefault(section, Map.of()).forEach((row, bySource) -> bySource.forEach((source, times) -> {
        for (double ms : times) {
          System.out.println("LIB\t" + section + "\t" + row + "\t" + source + "\t" + ms);
        }
      }));
    }
    for (String c : checks) {
      System.out.println("CHECK\t" + c.replace('\t', ' ').replace('\n', ' '));
    }
  }

  static long bytes(String heap) {
    String h = heap.toLowerCase(Locale.ROOT);
    long unit = h.endsWith("g") ? 1L << 30 : h.endsWith("m") ? 1L << 20 : h.endsWith("k") ? 1L << 10 : 1;
    return Long.parseLong(unit == 1 ? h : h.substring(0, h.length() - 1)) * unit;
  }

  String memoryReport() {
    StringBuilder sb = new StringBuilder("In a separate JVM with `-Xmx").append(memoryHeap).append("` (")
        .append(memoryTable).append("); each query once, after a `System.gc()`. \"Heap after GC\" is the largest "
        + "heap occupancy right after any collection during the query: what the scan keeps alive.\n\n");
    sb.append("| query | ms | answer | heap after GC (MiB) | GCs | full GCs |\n|---|---:|---|---:|---:|---:|\n");
    for (String[] r : memoryResults) {
      sb.append("| ").append(r[0]).append(" | ").append(r[1]).append(" | ").append(r[2].isEmpty() ? "–" : r[2])
          .append(" | ").append(r[3]).append(" | ").append(r[4]).append(" | ").append(r[5]).append(" |\n");
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- library level, no Spark

  static final String LONG_COLUMN = "l";
  static final String[] LIB_CODECS = {"none", "lz4", "zstd"};

  void library() throws Exception {
    List<Path> none = arrowFiles(data("main", OURS));
    long[] floorRegions = floorRegions(none);
    Map<String, Long> sums = new LinkedHashMap<>();
    for (int round = 0; round < warmup + repeats; round++) {
      boolean record = round >= warmup;
      log("library round " + (round + 1) + "/" + (warmup + repeats));
      // Each timing starts after a collection, so that none pays for another's garbage (or Spark's). The reads of
      // uncompressed files take 10 to 100 ms and swing by 20%: they run perRound times per round.
      for (String codec : LIB_CODECS) {
        List<Path> files = arrowFiles(data("main", "arrowfile " + codec));
        int times = codec.equals("none") ? perRound : 1;
        for (int k = 0; k < times; k++) {
          collect();
          time(record, "lib-read", LIB_READ, "arrowfile " + codec, () -> sums.put("ours " + codec, oursSum(files)));
          if (codec.equals("none")) {
            collect();
            time(record, "lib-read", LIB_READ, PER_VALUE, () -> sums.put(PER_VALUE, oursSumPerValue(files)));
            collect();
            time(record, "lib-read", LIB_READ, ALL_SLOTS, () -> sums.put(ALL_SLOTS, oursSumAllSlots(files)));
            collect();
            time(record, "lib-read", LIB_READ, METADATA_ONLY, () -> metadataRows.put(METADATA_ONLY,
                sumColumnL(files, IntArray::length)));
          }
          collect();
          time(record, "lib-read", LIB_READ, "Arrow Java " + codec,
              () -> sums.put("arrow-java " + codec, arrowJavaSum(files)));
        }
      }
      for (int k = 0; k < perRound; k++) {
        collect();
        time(record, "lib-read", LIB_READ, "floor", () -> sums.put("floor", floorSum(none, floorRegions, false)));
        collect();
        time(record, "lib-read", LIB_READ, "floor with validity",
            () -> sums.put("floor with validity", floorSum(none, floorRegions, true)));
      }
    }
    if (metadataRows.getOrDefault(METADATA_ONLY, -1L) != rows) {
      checks.add("library: the metadata-only read counted " + metadataRows + " rows, not " + rows);
    }
    long expected = sums.get("ours none");
    for (Map.Entry<String, Long> e : sums.entrySet()) {
      if (e.getValue() != expected) {
        String msg = "library sum " + e.getKey() + " = " + e.getValue() + " but ours none = " + expected
            + (e.getKey().equals("floor") ? " (the floor without validity sums null slots too)" : "");
        checks.add(msg);
        log(msg);
      }
    }
    checks.add("library: sum(l) = " + expected + " from ours, Arrow Java (all codecs) and the floor loops");

    // Writes from memory: both sides hold the whole table (uncompressed) in memory first.
    List<RecordBatch> ours = new ArrayList<>();
    Schema ourSchema = null;
    for (Path f : none) {
      ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(ArrowBuffer.wrap(Files.readAllBytes(f)),
          f.getFileName().toString()), ReadOptions.DEFAULT);
      ourSchema = r.schema();
      for (int k = 0; k < r.recordBatchCount(); k++) {
        ours.add(r.recordBatch(k));
      }
    }
    Path wdir = dir.resolve("write-out").resolve("lib");
    Files.createDirectories(wdir);
    try (BufferAllocator alloc = new RootAllocator()) {
      List<ArrowRecordBatch> theirs = new ArrayList<>();
      org.apache.arrow.vector.types.pojo.Schema theirSchema = null;
      for (Path f : none) {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
            org.apache.arrow.vector.ipc.ArrowFileReader r = new org.apache.arrow.vector.ipc.ArrowFileReader(ch, alloc)) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          theirSchema = root.getSchema();
          while (r.loadNextBatch()) {
            theirs.add(new VectorUnloader(root).getRecordBatch());
          }
        }
      }
      final Schema os = ourSchema;
      final org.apache.arrow.vector.types.pojo.Schema ts = theirSchema;
      for (int round = 0; round < warmup + repeats; round++) {
        boolean record = round >= warmup;
        for (String codec : new String[] {"none", "zstd"}) {
          Path o = wdir.resolve("ours-" + codec + ".arrow");
          Path a = wdir.resolve("arrowjava-" + codec + ".arrow");
          collect();
          time(record, "lib-write", "write the whole table from memory", "arrowfile " + codec,
              () -> oursWrite(o, os, ours, codec));
          collect();
          time(record, "lib-write", "write the whole table from memory", "Arrow Java " + codec,
              () -> arrowJavaWrite(a, ts, theirs, alloc, codec));
        }
      }
      checks.add("library write sizes: " + sizes(wdir));
      for (ArrowRecordBatch b : theirs) {
        b.close();
      }
    }
  }

  static void collect() throws InterruptedException {
    System.gc();
    Thread.sleep(200);
  }

  static final String PER_VALUE = "arrowfile none, per value";
  /** Ours without the validity: every slot summed, as the floor's loop does (our writer zeroes null slots). */
  static final String ALL_SLOTS = "arrowfile none, all slots";
  /** Ours opening the files and decoding every batch's metadata and column {@code l}, reading no value. */
  static final String METADATA_ONLY = "arrowfile none, metadata only";
  static final String LIB_READ = "read every batch, sum column `l`";
  final Map<String, Long> metadataRows = new LinkedHashMap<>();

  /** Ours, as a bulk reader would: 64 validity bits at a time mask the values, no branch per value. */
  static long oursSum(List<Path> files) throws IOException {
    return sumColumnL(files, ArrowBenchmark::sumNonNull);
  }

  /** Ours summing every slot, null or not, 4096 values copied out at a time: the floor's loop over our API. */
  static long oursSumAllSlots(List<Path> files) throws IOException {
    long[] values = new long[4096];
    return sumColumnL(files, a -> {
      long sum = 0;
      int n = (int) a.length();
      for (int from = 0; from < n; from += values.length) {
        int m = Math.min(values.length, n - from);
        a.getLongs(from, values, 0, m);
        for (int j = 0; j < m; j++) {
          sum += values[j];
        }
      }
      return sum;
    });
  }

  /** Ours, one value at a time: {@code isNull} then {@code getLong}, as the simplest reader would. */
  static long oursSumPerValue(List<Path> files) throws IOException {
    return sumColumnL(files, a -> {
      long sum = 0;
      long n = a.length();
      for (long i = 0; i < n; i++) {
        if (!a.isNull(i)) {
          sum += a.getLong(i);
        }
      }
      return sum;
    });
  }

  /** Opens each file (mapped), reads column {@code l} alone from every record batch and adds up {@code sum} of it. */
  static long sumColumnL(List<Path> files, java.util.function.ToLongFunction<IntArray> sum) throws IOException {
    long total = 0;
    for (Path f : files) {
      try (ArrowFileReader r = ArrowFileReader.open(f, ReadOptions.DEFAULT)) {
        int col = r.schema().fields().indexOf(field(r.schema(), LONG_COLUMN));
        for (int k = 0; k < r.recordBatchCount(); k++) {
          total += sum.applyAsLong((IntArray) ArrowArray.of(r.recordBatch(k, new int[] {col}).column(0)));
        }
      }
    }
    return total;
  }

  /** The sum of {@code a}'s non-null values: 4096 values copied out at a time, masked 64 at a time. */
  static long sumNonNull(IntArray a) {
    long[] values = new long[4096];
    long sum = 0;
    int n = (int) a.length();
    for (int from = 0; from < n; from += values.length) {
      int m = Math.min(values.length, n - from);
      a.getLongs(from, values, 0, m);
      for (int i = 0; i < m; i += 64) {
        long valid = a.data().validityBits(from + i);
        int k = Math.min(64, m - i);
        for (int j = 0; j < k; j++) {
          sum += values[i + j] & -((valid >>> j) & 1); // the value, or 0 for a null slot
        }
      }
    }
    return sum;
  }

  static long arrowJavaSum(List<Path> files) throws IOException {
    long sum = 0;
    try (BufferAllocator alloc = new RootAllocator()) {
      for (Path f : files) {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
            org.apache.arrow.vector.ipc.ArrowFileReader r =
                new org.apache.arrow.vector.ipc.ArrowFileReader(ch, alloc, CommonsCompressionFactory.INSTANCE)) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          for (ArrowBlock block : r.getRecordBlocks()) {
            r.loadRecordBatch(block);
            BigIntVector v = (BigIntVector) root.getVector(LONG_COLUMN);
            int n = root.getRowCount();
            for (int i = 0; i < n; i++) {
              if (!v.isNull(i)) {
                sum += v.get(i);
              }
            }
          }
        }
      }
    }
    return sum;
  }

  /**
   * Per file, the (offset, value count) pairs of column {@code l}'s value buffer in every record batch, found from
   * the footer and the batch headers (the columns before {@code l} are flat fixed-width: two buffers each).
   */
  static long[] floorRegions(List<Path> files) throws IOException {
    List<Long> out = new ArrayList<>();
    for (int fi = 0; fi < files.size(); fi++) {
      Path f = files.get(fi);
      try (ArrowFileReader r = ArrowFileReader.open(f, ReadOptions.DEFAULT);
          FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
        List<Field> fields = r.schema().fields();
        int col = fields.indexOf(field(r.schema(), LONG_COLUMN));
        for (int c = 0; c < col; c++) {
          if (!fields.get(c).children().isEmpty()) {
            throw new IllegalStateException("floor: columns before l must be flat");
          }
        }
        int bufferIndex = 2 * col + 1;
        MappedByteBuffer mb = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        mb.order(ByteOrder.LITTLE_ENDIAN);
        for (Block block : r.footer().recordBatches()) {
          int pos = (int) block.offset();
          int len = mb.getInt(pos);
          int fb = pos + 4;
          if (len == -1) {
            len = mb.getInt(pos + 4);
            fb = pos + 8;
          }
          Message m = MetadataCodec.readMessage(mb.slice(fb, len).order(ByteOrder.LITTLE_ENDIAN));
          RecordBatchHeader h = (RecordBatchHeader) m.header();
          BodyBuffer validity = h.buffers().get(bufferIndex - 1);
          BodyBuffer buf = h.buffers().get(bufferIndex);
          long body = block.offset() + block.metaDataLength();
          out.add((long) fi);
          out.add(validity.length() == 0 ? -1 : body + validity.offset());
          out.add(body + buf.offset());
          out.add(h.nodes().get(col).length());
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * The physical floor: map each file and sum the long values with MappedByteBuffer.getLong, nothing else. With
   * {@code validity}, a value is added only when its validity bit (one MappedByteBuffer.get of the bitmap byte)
   * is set: what any reader of a nullable column must at least do.
   */
  static long floorSum(List<Path> files, long[] regions, boolean validity) throws IOException {
    long sum = 0;
    for (int fi = 0; fi < files.size(); fi++) {
      try (FileChannel ch = FileChannel.open(files.get(fi), StandardOpenOption.READ)) {
        MappedByteBuffer mb = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        mb.order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < regions.length; k += 4) {
          if (regions[k] != fi) {
            continue;
          }
          int bits = (int) regions[k + 1];
          int start = (int) regions[k + 2];
          int n = (int) regions[k + 3];
          if (validity && bits >= 0) {
            for (int j = 0; j < n; j++) {
              if (((mb.get(bits + (j >>> 3)) >> (j & 7)) & 1) != 0) {
                sum += mb.getLong(start + 8 * j);
              }
            }
          } else {
            for (int j = 0; j < n; j++) {
              sum += mb.getLong(start + 8 * j);
            }
          }
        }
      }
    }
    return sum;
  }

  static void oursWrite(Path path, Schema schema, List<RecordBatch> batches, String codec) throws IOException {
    WriteOptions o = WriteOptions.DEFAULT.withCompression(codec.equals("zstd") ? CompressionCodec.ZSTD : null);
    try (ArrowFileWriter w = ArrowFileWriter.create(path, schema, o)) {
      for (RecordBatch b : batches) {
        w.write(b);
      }
    }
  }

  static void arrowJavaWrite(Path path, org.apache.arrow.vector.types.pojo.Schema schema,
      List<ArrowRecordBatch> batches, BufferAllocator alloc, String codec) throws IOException {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, alloc);
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
        org.apache.arrow.vector.ipc.ArrowFileWriter w = codec.equals("zstd")
            ? new org.apache.arrow.vector.ipc.ArrowFileWriter(root, null, ch, Map.of(), IpcOption.DEFAULT,
                CommonsCompressionFactory.INSTANCE, CompressionUtil.CodecType.ZSTD, Optional.of(3))
            : new org.apache.arrow.vector.ipc.ArrowFileWriter(root, null, ch)) {
      w.start();
      VectorLoader loader = new VectorLoader(root);
      for (ArrowRecordBatch b : batches) {
        loader.load(b);
        w.writeBatch();
      }
      w.end();
    }
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

  static Field field(Schema schema, String name) {
    for (Field f : schema.fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("no column " + name);
  }

  // ---------------------------------------------------------------- report

  static double median(List<Double> xs) {
    List<Double> s = new ArrayList<>(xs);
    Collections.sort(s);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  double med(String section, String row, String source) {
    Map<String, Map<String, List<Double>>> sec = results.get(section);
    if (sec == null || sec.get(row) == null || sec.get(row).get(source) == null) {
      return Double.NaN;
    }
    return median(sec.get(row).get(source));
  }

  String table(String section, String[] sources, String ours, String[] ratioOf) {
    StringBuilder sb = new StringBuilder("| query |");
    for (String s : sources) {
      sb.append(' ').append(s.equals(ours) ? "**" + s + "** (ours)" : s).append(" |");
    }
    for (String r : ratioOf) {
      sb.append(" ").append(r).append(" / ours |");
    }
    sb.append("\n|---|");
    sb.append("---:|".repeat(sources.length + ratioOf.length)).append('\n');
    for (String row : results.get(section).keySet()) {
      sb.append("| ").append(row).append(" |");
      for (String s : sources) {
        sb.append(' ').append(fmt(med(section, row, s))).append(" |");
      }
      double o = med(section, row, ours);
      for (String r : ratioOf) {
        sb.append(' ').append(ratio(med(section, row, r) / o)).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  static String fmt(double ms) {
    return Double.isNaN(ms) ? "–" : ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms)
        : String.format(Locale.ROOT, "%.1f", ms);
  }

  static String ratio(double r) {
    return Double.isNaN(r) || Double.isInfinite(r) ? "–" : String.format(Locale.ROOT, "%.2f×", r);
  }

  void writeReport(double seconds) throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# arrowfile benchmarks\n\n");
    md.append("Generated by `io.arrowfile.bench.ArrowBenchmark` (src/bench/java/io/arrowfile/bench); re-running it "
        + "overwrites this file, except the sections between BEGIN and END markers, which other benchmarks keep "
        + "(`ReadModeBenchmark`: read modes and content checksums).\n\n");
    md.append("## Command\n\n```\n").append(command()).append("\n```\n\n");
    md.append("Defaults: `-Dbench.rows=10000000 -Dbench.repeats=5 -Dbench.warmup=1`; wide table rows/4 "
        + "(`-Dbench.wideRows`), nested table rows/4 (`-Dbench.nestedRows`); data is kept in `-Dbench.dir` "
        + "(default `${arrowfile.buildDir}/bench-data`) and reused by later runs of the same size; `-Dbench.memoryHeap=1g` "
        + "is the heap of the JVM that scans a table 4.25 times its size; `-Dbench.profile=false` skips the JFR "
        + "profile of query 1. At the default size the data takes about 16 GB of disk (9 GB for the tables and the written copies, 7 GB for the "
        + "memory run's larger table) and the run about 45 minutes on 2 cores, most of it writing the data the first time. "
        + "The `bench` profile "
        + "skips the unit tests and, in the `test` phase, runs `java` with the `test.jvm.args` of pom.xml (Spark's `--add-opens`) plus `-Xmx6g -XX:+DebugNonSafepoints` on the test class path. "
        + "Not part of `mvn verify`.\n\n");
    md.append("## This run\n\n");
    md.append("- date: ").append(ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME)).append('\n');
    md.append("- machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores (")
        .append(cpuModel()).append("), ").append(memTotal()).append(" memory, ")
        .append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.arch")).append('\n');
    md.append("- java: ").append(System.getProperty("java.vm.name")).append(' ')
        .append(System.getProperty("java.runtime.version")).append(", max heap ")
        .append(Runtime.getRuntime().maxMemory() >> 20).append(" MiB; Spark ").append(spark.version())
        .append(", local[2]\n");
    md.append("- rows: main ").append(rows).append(", wide (50 columns) ").append(wideRows).append(", nested ")
        .append(nestedRows).append("; ").append(repeats).append(" recorded rounds after ").append(warmup)
        .append(" warm-up round(s); within a round each query runs on every source in turn, starting with a different "
            + "source each round (the first place measured up to 13% slower); each read query, and each library read "
            + "of the uncompressed files, runs ").append(perRound).append(" times per round (the writes once); "
            + "medians in ms; total run ")
        .append(String.format(Locale.ROOT, "%.0f", seconds)).append(" s\n");
    md.append("- data sizes: ").append(dataSizes()).append("\n\n");
    md.append("Data (seeded, `xxhash64(id, k)` expressions over `spark.range`, two files per source): sorted `id` long, "
        + "`i` int, `l` long, `d` double, `s` 5–20 char string, `b` boolean, `ts` timestamp, `dt` date, "
        + "`dec` decimal(18,2), ~10% nulls in i, l, d, s, dt. Wide: 50 columns (long, double, int, short string). "
        + "Nested: struct<int,string,double>, array<int> (0–5 elements, 10% null), map<string,long>. "
        + "\"naive Arrow-Java\" is a copy of the arrowfile-none files read by `io.arrowfile.bench.naive.NaiveArrowSource` "
        + "(Arrow Java's `ArrowFileReader` + Spark's `ArrowColumnVector`, one partition per file, a ColumnarBatch per "
        + "record batch). Ratios are other/ours with ours = arrowfile uncompressed: above 1× means we are faster.\n\n");

    md.append("## Goals\n\n").append(goals()).append('\n');

    md.append("## Spark SQL (local[2])\n\n");
    md.append(table("spark", READ_SOURCES, OURS, new String[] {"parquet snappy", "parquet none", "naive Arrow-Java",
        ARROW_JAVA_FILES}));
    md.append("\n## Spark write\n\n");
    md.append(table("write", WRITE_TARGETS, OURS, new String[] {"parquet snappy", "parquet none"}));
    double scan = med("spark", "1 all columns into noop", OURS);
    md.append("\nThe write reads the arrowfile-none table (").append(fmt(scan)).append(" ms as a full scan into noop); "
        + "net of that scan: ");
    for (String t : WRITE_TARGETS) {
      md.append(t).append(' ').append(fmt(med("write", "8 write the whole table (read from arrowfile none)", t) - scan))
          .append(" ms; ");
    }
    md.append("\n\n## Dictionary encoding on write\n\nOne string column `").append(DICT_EXPR).append("` of ")
        .append(rows).append(" rows, written with `dictionary=never` (plain) and `dictionary=auto` (which encodes it: "
        + "1000 distinct values), then read back; interleaved, medians in ms. Sizes: plain ")
        .append(dictSizes.getOrDefault("never", -1L) >> 10).append(" KiB, auto ")
        .append(dictSizes.getOrDefault("auto", -1L) >> 10).append(" KiB.\n\n");
    md.append(table("dictionary", DICT_MODES, "never", new String[] {"auto"})
        .replace("**never** (ours)", "never (plain)").replace("auto / ours", "auto / never"));
    md.append("\n\n## Library level (no Spark, one thread)\n\nIn a JVM of its own, without Spark; each timing starts after a "
        + "`System.gc()`. ");
    md.append("Read: open each file, read every record batch, sum the non-null values of long column `l`. Ours: "
        + "`io.arrowfile.ipc.ArrowFileReader.open(path)` (memory-mapped), `recordBatch(k, {l})` (which decodes, "
        + "validates and decompresses only column `l`), then `IntArray.getLongs` copies 4096 values at a time into a "
        + "`long[]` and one `ArrayData.validityBits` word masks each 64 of them (no branch per value); \"per value\": "
        + "the same with `IntArray.isNull` then "
        + "`getLong` for each value, whose branch mispredicts on scattered nulls; \"all slots\": `getLongs` summing every "
        + "slot, null or not, as the floor's loop does (our writer zeroes null slots, so the sum is the same); "
        + "\"metadata only\": opening the files and decoding every batch's metadata and column `l`, reading no value. "
        + "Arrow Java: `org.apache.arrow.vector.ipc.ArrowFileReader` over a FileChannel, `loadRecordBatch` (it has "
        + "no column selection: every column is read and decompressed), "
        + "`BigIntVector.isNull/get`. Floor: map the file, `MappedByteBuffer.getLong` over the value buffer of `l` "
        + "in each batch (offsets found beforehand; no validity, no metadata). Floor with validity: the same, adding a "
        + "value only when `MappedByteBuffer.get` of its validity byte has its bit set.\n\n");
    md.append(table("lib-read", new String[] {"arrowfile none", PER_VALUE, ALL_SLOTS, METADATA_ONLY, "arrowfile lz4", "arrowfile zstd", "Arrow Java none",
        "Arrow Java lz4", "Arrow Java zstd", "floor", "floor with validity"}, OURS,
        new String[] {"Arrow Java none", "floor", "floor with validity"}));
    md.append("\nWrite: the whole main table, already in memory on both sides (ours: batches over a heap copy of the "
        + "file; Arrow Java: ArrowRecordBatches loaded into a VectorSchemaRoot), to a new file.\n\n");
    md.append(table("lib-write", new String[] {"arrowfile none", "arrowfile zstd", "Arrow Java none",
        "Arrow Java zstd"}, OURS, new String[] {"Arrow Java none"}));
    double floor = med("lib-read", LIB_READ, "floor");
    double sparkSum = med("spark", "sum(l) (one long column, every value)", OURS);
    double libSum = med("lib-read", LIB_READ, OURS);
    double floorValidity = med("lib-read", LIB_READ, "floor with validity");
    md.append("\n## Physical floor\n\n");
    md.append("Summing column `l` (").append(rows).append(" longs): plain mapped-file loop ").append(fmt(floor))
        .append(" ms (one thread), ").append(fmt(floorValidity)).append(" ms when it tests each validity bit; our library ")
        .append(fmt(libSum)).append(" ms (").append(ratio(libSum / floor)).append(" the floor, ")
        .append(ratio(libSum / floorValidity)).append(" the floor with validity); Spark `SELECT sum(l)` over arrowfile ")
        .append(fmt(sparkSum)).append(" ms (").append(ratio(sparkSum / floor))
        .append(" the floor, with 2 cores and Spark's fixed per-query cost; `count(*)`, which reads no column, takes ")
        .append(fmt(med("spark", "5 count(*)", OURS))).append(" ms).\n\n");
    md.append("## Nested pruning\n\n").append(nestedPruningReport()).append('\n');
    md.append("## Where a full scan's time goes\n\n").append(profileReport()).append('\n');
    md.append("## Where a write's time goes\n\n").append(writeProfileReport()).append('\n');
    md.append("## Memory\n\n").append(memoryReport()).append('\n');
    md.append("## Remote reads (S3A)\n\n").append(remoteReport()).append('\n');
    md.append("## Checks\n\n");
    for (String c : checks) {
      md.append("- ").append(c.replace("|", "\\|")).append('\n');
    }
    String notes = System.getProperty("bench.notes");
    if (notes != null && Files.exists(Path.of(notes))) {
      md.append('\n').append(Files.readString(Path.of(notes)));
    }
    md.append(keptSections());
    Files.writeString(out, md.toString());
  }

  /**
   * The sections other benchmarks keep in the report between {@code <!-- BEGIN name -->} and
   * {@code <!-- END name -->} ({@link ReadModeBenchmark}'s read modes), as they are: this run does not measure them.
   */
  String keptSections() throws IOException {
    String old = Files.exists(out) ? Files.readString(out) : "";
    StringBuilder kept = new StringBuilder();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "(?s)<!-- BEGIN ([\\w-]+) -->\n.*?<!-- END \\1 -->\n").matcher(old);
    while (m.find()) {
      kept.append('\n').append(m.group());
    }
    return kept.toString();
  }

  String goals() {
    StringBuilder g = new StringBuilder("| goal | measured | met |\n|---|---|---|\n");
    double full = med("spark", "1 all columns into noop", OURS);
    double snappy = med("spark", "1 all columns into noop", "parquet snappy");
    double naive = med("spark", "1 all columns into noop", "naive Arrow-Java");
    goal(g, "full scan ≥ 2× Parquet snappy", "Parquet snappy " + fmt(snappy) + " ms / ours " + fmt(full) + " ms = "
        + ratio(snappy / full), snappy / full >= 2);
    double bound = sparkOnly(OURS);
    String reachable = Double.isNaN(bound) ? "" : "; at most " + ratio(naive / bound)
        + " is reachable: Spark's part of our scan alone is " + fmt(bound) + " ms (see below)";
    goal(g, "full scan ≥ 3× naive Arrow-Java", "naive " + fmt(naive) + " ms / ours " + fmt(full) + " ms = "
        + ratio(naive / full) + reachable, naive / full >= 3);
    double one = med("spark", "6 wide: 1 of 50 columns into noop", OURS);
    double all = med("spark", "6b wide: all 50 columns into noop", OURS);
    double noFile = med("spark-floor", "6 floor", "spark.range");
    goal(g, "1 of 50 columns ≤ 1/20 of all 50", "ours " + fmt(one) + " ms / " + fmt(all) + " ms = "
        + String.format(Locale.ROOT, "1/%.1f", all / one) + "; with no file at all, as many rows of one long "
        + "column (`spark.range`, 2 tasks) into noop take " + fmt(noFile) + " ms = "
        + String.format(Locale.ROOT, "1/%.1f", all / noFile) + " of all 50", one * 20 <= all);
    double filt = med("spark", "4 count(*) where id in a 0.1% range", OURS);
    double cnt = med("spark", "5 count(*)", OURS);
    double filtSnappy = med("spark", "4 count(*) where id in a 0.1% range", "parquet snappy");
    double sumL = med("spark", "sum(l) (one long column, every value)", OURS);
    long read = rangeMetrics.getOrDefault("batchesRead", -1L);
    long skipped = rangeMetrics.getOrDefault("batchesSkipped", -1L);
    double skippedShare = (double) skipped / (read + skipped);
    goal(g, "filter (0.1% `id` range): ≥ 90% of batches skipped, ≥ 5× faster than the full scan", skipped + " of "
        + (read + skipped) + " record batches skipped (" + String.format(Locale.ROOT, "%.0f%%", 100 * skippedShare)
        + "), " + read + " read; " + fmt(filt) + " ms against the full scan's " + fmt(full) + " ms = " + ratio(full / filt)
        + " (count(*) " + fmt(cnt) + " ms, a one-column scan (sum(l)) " + fmt(sumL) + " ms; Parquet snappy " + fmt(filtSnappy)
        + " ms)", skippedShare >= 0.9 && full / filt >= 5);
    goal(g, "`count(*)` from footers, no record batch read", (countOnDriver
        ? "answered on the driver from the footers (the plan is a LocalTableScan of the result: no scan task)"
        : countMetrics.getOrDefault("batchesRead", -1L) + " record batches decoded, "
            + countMetrics.getOrDefault("bytesRead", -1L) + " bytes of record batch messages read")
        + "; " + fmt(cnt) + " ms (Parquet snappy " + fmt(med("spark", "5 count(*)", "parquet snappy")) + " ms)",
        countOnDriver || countMetrics.getOrDefault("batchesRead", -1L) == 0);
    String w = "8 write the whole table (read from arrowfile none)";
    double ws = med("write", w, "parquet snappy");
    double wo = med("write", w, OURS);
    goal(g, "write ≥ 1.5× Parquet snappy", "Parquet snappy " + fmt(ws) + " ms / ours " + fmt(wo) + " ms = "
        + ratio(ws / wo) + " (net of the source scan: " + ratio((ws - full) / (wo - full)) + ")", ws / wo >= 1.5);
    double lo = med("lib-read", LIB_READ, OURS);
    double la = med("lib-read", LIB_READ, "Arrow Java none");
    boolean allRan = memoryResults.size() == 6;
    long maxLive = memoryResults.stream().mapToLong(r -> Long.parseLong(r[3])).max().orElse(-1);
    goal(g, "a scan of " + MEMORY_FACTOR + "× the heap works (`-Xmx" + memoryHeap + "`)", memoryResults.size()
        + " of 6 scans completed; largest heap occupancy after a GC " + maxLive + " MiB (see Memory)", allRan);
    goal(g, "library read ≥ 3× Arrow Java", "Arrow Java " + fmt(la) + " ms / ours " + fmt(lo) + " ms = "
        + ratio(la / lo), la / lo >= 3);
    // Performance II: each scan against the in-memory floor (floor time / ours: 1.0 is at the floor).
    String[] scans = {"1 all columns into noop", "2 sum/max/count over numeric and string columns", "3 sum(length(s))",
        "sum(l) (one long column, every value)", "7b sum(st.a) (one field of a struct)"};
    for (String q : scans) {
      double floor = med("spark", q, FLOOR);
      double ours = med("spark", q, OURS);
      double mapped = med("spark", q, MMAP);
      goal(g, "at the floor: " + q + " ≥ 0.9", "floor " + fmt(floor) + " ms / ours " + fmt(ours) + " ms = "
          + String.format(Locale.ROOT, "%.2f", floor / ours) + " (mapped: " + String.format(Locale.ROOT, "%.2f",
          floor / mapped) + ")", floor / ours >= 0.9);
    }
    for (String q : new String[] {"5 count(*)", "min(id), max(id), count(l) (from footers)"}) {
      double floor = med("spark", q, FLOOR);
      double ours = med("spark", q, OURS);
      goal(g, "from footers, faster than the floor's scan: " + q, "floor " + fmt(floor) + " ms, ours " + fmt(ours)
          + " ms", ours < floor);
    }
    // Our files against Arrow Java's, both read by our reader: time on Arrow Java's files / time on ours.
    List<Double> layout = new ArrayList<>();
    String worst = null;
    double worstRatio = Double.MAX_VALUE;
    for (String q : results.getOrDefault("spark", Map.of()).keySet()) {
      double theirs = med("spark", q, ARROW_JAVA_FILES);
      double ours = med("spark", q, OURS);
      if (Double.isNaN(theirs) || Double.isNaN(ours)) {
        continue;
      }
      layout.add(theirs / ours);
      if (theirs / ours < worstRatio) {
        worstRatio = theirs / ours;
        worst = q;
      }
    }
    Collections.sort(layout);
    double layoutMedian = layout.isEmpty() ? Double.NaN : layout.get(layout.size() / 2);
    goal(g, "files written by arrowfile scan at least as fast as Arrow Java's (median ratio ≥ 0.95, the noise of one "
        + "run here)", "time on Arrow Java's files / on ours,"
        + " median over " + layout.size() + " queries " + String.format(Locale.ROOT, "%.2f", layoutMedian) + "; lowest "
        + String.format(Locale.ROOT, "%.2f", worstRatio) + " (" + worst + ")", layoutMedian >= 0.95);
    double sizeRatio = (double) dictSizes.getOrDefault("auto", -1L) / dictSizes.getOrDefault("never", 1L);
    double writeRatio = med("dictionary", "write", "auto") / med("dictionary", "write", "never");
    double scanRatio = med("dictionary", "sum(length(c))", "auto") / med("dictionary", "sum(length(c))", "never");
    double noopRatio = med("dictionary", "all rows into noop", "auto") / med("dictionary", "all rows into noop", "never");
    goal(g, "`dictionary=auto` pays on a low-cardinality string column (else refused)", "auto / plain: size "
        + String.format(Locale.ROOT, "%.2f", sizeRatio) + ", write " + String.format(Locale.ROOT, "%.2f", writeRatio)
        + ", sum(length(c)) " + String.format(Locale.ROOT, "%.2f", scanRatio) + ", scan into noop "
        + String.format(Locale.ROOT, "%.2f", noopRatio) + " (implemented; default stays `never`)",
        sizeRatio < 0.5 && writeRatio < 1.1 && scanRatio < 1.2);
    StringBuilder nested = new StringBuilder("record batch bytes read for one field / for all of it: ");
    boolean pruned = true;
    for (String[] pair : NESTED_PAIRS) {
      long field = nestedBytes.getOrDefault(pair[1], -1L);
      long whole = nestedBytes.getOrDefault(pair[2], -1L);
      pruned &= field > 0 && whole > 0 && field * 2 < whole;
      nested.append(pair[0].substring(0, pair[0].indexOf(' '))).append(' ')
          .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * field / whole)).append(" (")
          .append(fmt(med("nested-pruning", pair[1], OURS))).append(" against ")
          .append(fmt(med("nested-pruning", pair[2], OURS))).append(" ms), ");
    }
    nested.append("see Nested pruning");
    goal(g, "nested pruning: one field of a struct, an array of structs, a map of structs reads only its buffers",
        nested.toString(), pruned);
    double floorLoop = med("lib-read", LIB_READ, "floor");
    goal(g, "library read of one column ≤ 1.5× the raw mapped loop", "ours " + fmt(lo) + " ms / loop "
        + fmt(floorLoop) + " ms = " + ratio(lo / floorLoop) + "; of ours, opening the files and decoding the "
        + "metadata of every batch take " + fmt(med("lib-read", LIB_READ, METADATA_ONLY)) + " ms (the loop has its "
        + "offsets beforehand), and summing every slot without the validity " + fmt(med("lib-read", LIB_READ, ALL_SLOTS))
        + " ms in all (one value at a time with `isNull`: " + fmt(med("lib-read", LIB_READ, PER_VALUE)) + " ms)",
        lo <= 1.5 * floorLoop);
    String remote = remoteGoal();
    goal(g, "remote reads: Hadoop's vectored IO; bytes and requests of a 1-of-9-columns read",
        remote.isEmpty() ? "not measured (see Checks)" : remote, !remote.isEmpty() && remoteOneOfNineShare() < 0.3);
    double noopWrite = med("write", w, NOOP_WRITE);
    goal(g, "write ≤ 1.5× Spark's no-op write, ≥ 2× Parquet snappy", "ours " + fmt(wo) + " ms / noop "
        + fmt(noopWrite) + " ms = " + ratio(wo / noopWrite) + "; Parquet snappy / ours = " + ratio(ws / wo),
        wo <= 1.5 * noopWrite && ws / wo >= 2);
    return g.toString();
  }

  static void goal(StringBuilder g, String name, String measured, boolean met) {
    g.append("| ").append(name).append(" | ").append(measured).append(" | ").append(met ? "**yes**" : "no")
        .append(" |\n");
  }

  String command() {
    String c = System.getProperty("bench.command");
    if (c != null) {
      return c;
    }
    return "mvn -Pbench -Darrowfile.skipFuzz=true -Darrowfile.buildDir=/tmp/build-bench test "
        + "-Dbench.rows=" + rows + " -Dbench.repeats=" + repeats;
  }

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

  static String sizes(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      StringBuilder sb = new StringBuilder();
      s.sorted().forEach(p -> sb.append(p.getFileName()).append(' ').append(size(p) >> 20).append(" MiB, "));
      return sb.toString();
    }
  }

  static String cpuModel() {
    try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      return lines.filter(l -> l.startsWith("model name")).findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim())
          .orElse("unknown CPU");
    } catch (IOException | UncheckedIOException e) {
      return "unknown CPU";
    }
  }

  static String memTotal() {
    try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
      return lines.filter(l -> l.startsWith("MemTotal")).findFirst()
          .map(l -> (Long.parseLong(l.replaceAll("[^0-9]", "")) >> 20) + " GiB").orElse("unknown");
    } catch (IOException | UncheckedIOException e) {
      return "unknown";
    }
  }

  static List<Path> arrowFiles(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".arrow")).sorted(Comparator.naturalOrder()).toList();
    }
  }

  static long size(Path p) {
    try {
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.walk(p)) {
          return s.filter(Files::isRegularFile).mapToLong(ArrowBenchmark::size).sum();
        }
      }
      return Files.exists(p) ? Files.size(p) : 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static long ms(long t0) {
    return (System.nanoTime() - t0) / 1_000_000;
  }

  static void log(String s) {
    System.out.println("[bench] " + s);
    System.out.flush();
  }
}
