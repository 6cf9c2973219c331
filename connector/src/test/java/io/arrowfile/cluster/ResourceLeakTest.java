package io.arrowfile.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.lang.management.BufferPoolMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many queries over the same files leak nothing: after 200 small queries (full reads, filters, {@code LIMIT 1}
 * early exits, failing reads of a corrupt file; DataFrame (V2) and SQL (V1)) the JVM holds as many open file
 * descriptors and file mappings as before; 32 concurrent queries from one session get the right results; and so
 * do 8 threads of queries while another thread writes elsewhere.
 */
class ResourceLeakTest {
  @TempDir
  static Path tmp;
  static SparkSession spark;
  static Path data;
  static Path bad;
  static StructType schema;
  static long expectedSum;
  static List<String> expectedRows;

  static final int ROWS = 2000;
  static final int QUERIES = 200;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.of(() -> ClusterSupport.spark(
      tmp.resolve("warehouse"))).into(s -> spark = s);

  @BeforeAll
  static void setUp() throws Exception {
    data = tmp.resolve("data");
    Dataset<Row> source = spark.range(0, ROWS, 1, 4).selectExpr("id", "cast(id % 100 as int) as k",
        "case when id % 7 = 0 then null else concat('s', id) end as s", "id * 0.5 as d");
    source.write().format("arrowfile").option("rowsPerBatch", "125").save(data.toString());
    schema = source.schema();
    expectedSum = (long) ROWS * (ROWS - 1) / 2;
    expectedRows = ClusterSupport.canonical(source);
    bad = tmp.resolve("bad");
    Files.createDirectories(bad);
    Path good = DataFiles.any(data).get(0);
    ClusterSupport.truncate(good, bad.resolve("part-00000-truncated.arrow"), 30);
  }

  Dataset<Row> df() {
    return spark.read().format("arrowfile").load(data.toString());
  }

  /** Query number {@code i} of the mix; checks its result. */
  void query(int i) {
    String sqlPath = "arrowfile.`" + data + "`";
    // Single-stage queries (no shuffle), so that hundreds of them stay quick.
    switch (i % 8) {
      case 0 -> assertEquals(ROWS, df().collectAsList().size());
      case 1 -> assertEquals(ROWS, spark.sql("SELECT id, s FROM " + sqlPath).collectAsList().size());
      case 2 -> assertEquals(ROWS / 100, df().where("k = " + (i % 100)).select("id").collectAsList().size());
      case 3 -> assertEquals(ROWS / 100,
          spark.sql("SELECT id FROM " + sqlPath + " WHERE k = " + (i % 100)).collectAsList().size());
      case 4 -> assertEquals(1, df().limit(1).collectAsList().size());
      case 5 -> assertEquals(1, spark.sql("SELECT * FROM " + sqlPath + " LIMIT 1").collectAsList().size());
      case 6 -> {
        Exception e = assertThrows(Exception.class,
            () -> spark.read().format("arrowfile").schema(schema).load(bad.toString()).collectAsList());
        assertTrue(SparkTesting.messages(e).contains("part-00000-truncated.arrow"), SparkTesting.messages(e));
      }
      default -> {
        long id = (i * 13L + 1) % ROWS;
        assertEquals(id % 7 == 0 ? 0 : 1, df().where("s IS NOT NULL AND id = " + id).collectAsList().size());
      }
    }
  }

  record Snapshot(int fds, int dataFds, int maps, long mappedCount, long mappedBytes) {
    static Snapshot take() throws InterruptedException {
      ClusterSupport.settle();
      BufferPoolMXBean pool = ClusterSupport.mappedPool();
      return new Snapshot(ClusterSupport.openFds(), ClusterSupport.openFdsUnder(tmp),
          ClusterSupport.mappingsUnder(tmp), pool.getCount(), pool.getMemoryUsed());
    }
  }

  @Test
  void hundredsOfQueriesLeakNoDescriptorsOrMappings() throws Exception {
    // Warm up: Spark's own lazily created resources (threads, codegen, jars, logs) before the baseline.
    for (int i = 0; i < 48; i++) {
      query(i);
    }
    Snapshot before = Snapshot.take();
    long t0 = System.nanoTime();
    // 25 of each of the 8 kinds: a data file left open or mapped shows after one query; Spark's own descriptors
    // get a margin of 16, which a leak of one per query of any kind exceeds
    for (int i = 0; i < QUERIES; i++) {
      query(i);
    }
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    Snapshot after = Snapshot.take();
    System.out.println("ResourceLeakTest: " + QUERIES + " queries in " + ms + " ms; before " + before + ", after " + after);
    assertEquals(0, after.dataFds(), "descriptors still open on the data files: " + after);
    assertEquals(0, after.maps(), "data files still mapped (/proc/self/maps): " + after);
    assertTrue(after.mappedCount() <= before.mappedCount(), "mapped buffers: " + before + " -> " + after);
    assertTrue(after.mappedBytes() <= before.mappedBytes(), "mapped bytes: " + before + " -> " + after);
    // Spark's own descriptors (shuffle files, jars, sockets) may come and go a little.
    assertTrue(after.fds() <= before.fds() + 16, "open descriptors: " + before + " -> " + after);
  }

  @Test
  void thirtyTwoConcurrentQueriesFromOneSession() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(32);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 32; t++) {
        int n = t;
        futures.add(pool.submit(() -> {
          switch (n % 4) {
            case 0 -> assertEquals(expectedRows, ClusterSupport.canonical(df()));
            case 1 -> assertEquals(expectedSum,
                spark.sql("SELECT sum(id) FROM arrowfile.`" + data + "`").first().getLong(0));
            case 2 -> assertEquals(ROWS / 100, df().where("k = " + n).count());
            default -> {
              query(n);
              assertEquals(expectedRows, ClusterSupport.canonical(
                  spark.sql("SELECT * FROM arrowfile.`" + data + "`")));
            }
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get(3, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    Snapshot after = Snapshot.take();
    assertEquals(0, after.dataFds(), "descriptors still open on the data files: " + after);
    assertEquals(0, after.maps(), "data files still mapped: " + after);
  }

  @Test
  void eightReadingThreadsWhileAnotherWrites() throws Exception {
    Path written = tmp.resolve("written");
    ExecutorService pool = Executors.newFixedThreadPool(9);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int n = t;
        futures.add(pool.submit(() -> {
          for (int q = 0; q < 12; q++) {
            query(n * 12 + q);
          }
          assertEquals(expectedRows, ClusterSupport.canonical(df()));
          return null;
        }));
      }
      // The writer overwrites its own directory with each codec in turn, and checks each version reads whole.
      futures.add(pool.submit(() -> {
        for (String codec : List.of("none", "lz4", "zstd", "none")) {
          Dataset<Row> rows = spark.range(0, 5000, 1, 3).selectExpr("id", "concat('" + codec + "', id) as s");
          rows.write().format("arrowfile").mode("overwrite").option("compression", codec)
              .option("rowsPerBatch", "700").save(written.toString());
          assertEquals(ClusterSupport.canonical(rows),
              ClusterSupport.canonical(spark.read().format("arrowfile").load(written.toString())));
        }
        return null;
      }));
      for (Future<?> f : futures) {
        f.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    Snapshot after = Snapshot.take();
    assertEquals(0, after.dataFds(), "descriptors still open on the data files: " + after);
    assertEquals(0, after.maps(), "data files still mapped: " + after);
  }
}
