package io.arrowfile.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.arrowfile.testing.SparkTesting;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The memory goal of the benchmark, run by {@link ArrowBenchmark} in a JVM of its own with a small heap
 * ({@code -Dbench.memoryHeap}, default 1g): scans of a table several times larger than that heap, mapped,
 * decompressed (zstd) and through Hadoop reads, in Spark and in the library. For each it prints one line
 * {@code RESULT<TAB>name<TAB>ms<TAB>answer<TAB>live MiB<TAB>GCs<TAB>full GCs} for the parent to report, where
 * "live" is the largest heap occupancy seen right after a garbage collection: what the scan keeps alive.
 *
 * <p>Arguments: the uncompressed table's directory, the zstd table's directory. One unrecorded scan comes
 * first, so that the recorded ones do not pay for class loading and JIT compilation.
 */
public final class HeapBoundScan {
  private static final AtomicLong liveAfterGc = new AtomicLong();
  private static final AtomicLong fullGcs = new AtomicLong();

  public static void main(String[] args) throws Exception {
    Path none = Path.of(args[0]);
    Path zstd = Path.of(args[1]);
    watchCollections();
    SparkSession spark = SparkTesting.local("arrowfile-heap-bound-scan");
    spark.sparkContext().setLogLevel("WARN");
    try {
      // Unrecorded: the first scan also pays for class loading and JIT compilation.
      noop(spark, none, false);
      run("Spark: all columns into noop, mapped (none)", () -> noop(spark, none, false));
      run("Spark: all columns into noop, zstd", () -> noop(spark, zstd, false));
      run("Spark: all columns into noop, Hadoop reads (none)", () -> noop(spark, none, true));
      run("Spark: count, sum(l), sum(length(s)), max(ts) (none)", () -> {
        Row r = spark.read().format("arrowfile").load(none.toString())
            .selectExpr("count(*)", "sum(l)", "sum(length(s))", "CAST(max(ts) AS STRING)").first();
        return r.mkString(",");
      });
      run("library: sum(l) over every batch, mapped (none)", () -> Long.toString(librarySum(none)));
      run("library: sum(l) over every batch, zstd", () -> Long.toString(librarySum(zstd)));
    } finally {
      spark.stop();
    }
  }

  interface Query {
    String run() throws Exception;
  }

  static void run(String name, Query q) throws Exception {
    System.gc();
    Thread.sleep(500); // GC notifications arrive asynchronously: let this one pass before resetting
    liveAfterGc.set(0);
    long gcsBefore = gcCount();
    long fullBefore = fullGcs.get();
    long t0 = System.nanoTime();
    String answer = q.run();
    long ms = (System.nanoTime() - t0) / 1_000_000;
    System.out.println("RESULT\t" + name + "\t" + ms + "\t" + answer + "\t" + (liveAfterGc.get() >> 20) + "\t"
        + (gcCount() - gcsBefore) + "\t" + (fullGcs.get() - fullBefore));
    System.out.flush();
  }

  static String noop(SparkSession spark, Path table, boolean hadoop) {
    spark.read().format("arrowfile").option("arrowfile.forceHadoopRead", Boolean.toString(hadoop))
        .load(table.toString()).write().format("noop").mode("overwrite").save();
    return "";
  }

  static long librarySum(Path table) throws Exception {
    return LibraryLevel.oursSum(Bench.arrowFiles(table));
  }

  static long gcCount() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  /** Records the heap occupancy after every collection (the live set, plus what the collector left). */
  static void watchCollections() {
    Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    for (GarbageCollectorMXBean gc : gcs) {
      ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
          return;
        }
        GarbageCollectionNotificationInfo info =
            GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        if (info.getGcAction().contains("major")) {
          fullGcs.incrementAndGet();
        }
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
          if (heapPools.contains(pool.getKey())) {
            used += pool.getValue().getUsed();
          }
        }
        liveAfterGc.accumulateAndGet(used, Math::max);
      }, null, null);
    }
  }
}
