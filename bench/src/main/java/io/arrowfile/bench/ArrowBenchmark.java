package io.arrowfile.bench;

import io.arrowfile.bench.naive.NaiveArrowSource;
import io.arrowfile.testing.SparkTesting;

/**
 * The arrowfile benchmark: the same seeded data as arrowfile (none, lz4, zstd), Parquet (snappy, none) and an
 * Arrow-Java-read copy ({@link NaiveArrowSource}); Spark SQL queries on local[2], interleaved across sources;
 * library-level read/write without Spark against Arrow Java; the physical floor of a mapped-file loop. Writes
 * medians to {@code benchmarks/micro.md} and its row of {@code BENCHMARKS.md} ({@link ReportSection}).
 *
 * <p>Run: {@code mvn -o -Pbench -pl bench -am -DskipTests test -Dbench.rows=2000000 -Dbench.repeats=3} (see the
 * {@code bench} profile in pom.xml). System properties: {@code bench.rows} (default 10,000,000; wide and nested
 * tables get {@code bench.wideRows}/{@code bench.nestedRows}, default rows/4 and rows/4), {@code bench.repeats} (5),
 * {@code bench.warmup} (1 unrecorded round), {@code bench.dir} (data, reused when present), {@code bench.out}.
 *
 * <p>Each section is a class of its own, run here in this order: {@link BenchTables} (the data, and the check that
 * every source answers alike), {@link SparkQueries}, {@link DictionaryWrite}, {@link ScanProfiles},
 * {@link LibraryLevel} and {@link MemoryScan} and {@link RemoteReads} (each in a JVM of its own); then
 * {@link BenchReport} writes what they measured.
 */
public final class ArrowBenchmark {
  private ArrowBenchmark() {}

  public static void main(String[] args) throws Exception {
    long start = System.nanoTime();
    BenchRun run = new BenchRun();
    Bench.log("rows=" + run.rows + " wideRows=" + run.wideRows + " nestedRows=" + run.nestedRows + " repeats="
        + run.repeats + " warmup=" + run.warmup + " dir=" + run.dir);
    BenchTables tables = new BenchTables(run);
    SparkQueries queries = new SparkQueries(run, tables);
    DictionaryWrite dictionary = new DictionaryWrite(run);
    ScanProfiles profiles = new ScanProfiles(run, tables);
    LibraryLevel library = new LibraryLevel(run, tables);
    MemoryScan memory = new MemoryScan(run, tables);
    RemoteReads remote = new RemoteReads(run);
    run.spark = SparkTesting.local("arrowfile-bench");
    run.spark.sparkContext().setLogLevel("WARN");
    try {
      tables.generate();
      tables.check();
      queries.measure();
      dictionary.measure();
      profiles.measure();
      library.measureInFreshJvm();
      memory.measure();
      remote.measureInFreshJvm();
    } finally {
      run.spark.stop();
    }
    new BenchReport(run, tables, queries, dictionary, profiles, library, memory, remote)
        .write((System.nanoTime() - start) / 1e9);
  }
}
