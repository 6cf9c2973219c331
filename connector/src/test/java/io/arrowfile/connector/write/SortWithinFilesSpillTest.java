package io.arrowfile.connector.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sortWithinFiles} with more rows than the sorter may hold: Spark's external sorter spills sorted runs to
 * local disk and merges them back, and the file is still sorted and complete. Its own session, since the spill
 * threshold ({@code spark.shuffle.spill.numElementsForceSpillThreshold}, 1,000 rows here) is read from the
 * SparkConf of the context.
 */
class SortWithinFilesSpillTest {
  private static SparkSession spark;
  private static final AtomicLong SPILLED = new AtomicLong();

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-sort-spill-test",
      "spark.shuffle.spill.numElementsForceSpillThreshold", "1000", "spark.unsafe.exceptionOnMemoryLeak", "true")
      .into(s -> spark = s);

  @BeforeAll
  static void start() {
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
          SPILLED.addAndGet(end.taskMetrics().diskBytesSpilled());
        }
      }
    });
  }

  /** Bytes spilled to disk while writing 20,000 rows in one task to {@code out}, sorted by {@code sort}. */
  private static long spilledBy(Path out, String sort) throws Exception {
    spark.sparkContext().listenerBus().waitUntilEmpty();
    SPILLED.set(0);
    var w = SortWithinFilesTest.unshuffledRows(spark, 1).write().format("arrowfile").option("rowsPerBatch", "4096");
    (sort == null ? w : w.option("sortWithinFiles", sort)).save(out.toString());
    spark.sparkContext().listenerBus().waitUntilEmpty();
    return SPILLED.get();
  }

  @Test
  void aFileLargerThanTheSorterSpillsAndIsStillSortedAndWhole() throws Exception {
    // no shuffle before the write: whatever spills is the write's sorter
    assertEquals(0, spilledBy(tmp.resolve("plain"), null), "without the option nothing spills");
    Path out = tmp.resolve("spilled");
    long spilled = spilledBy(out, "s, k");
    assertTrue(spilled > 0, "the write's sorter spilled to disk: " + spilled + " bytes");
    assertEquals(1, DataFiles.arrow(out).size());
    SortWithinFilesTest.assertEachFileSorted(spark, out, new Column("s").asc_nulls_first(),
        new Column("k").asc_nulls_first());
    assertEquals(SortWithinFilesTest.sortedRows(SortWithinFilesTest.unshuffledRows(spark, 1)),
        SortWithinFilesTest.sortedRows(spark.read().format("arrowfile").load(out.toString())));
  }

  @Test
  void oneLongKeyIsRadixSortedAndSpillsToo() throws Exception {
    // one bigint column: the prefix is the whole key, so the sorter radix-sorts (spark.sql.sort.enableRadixSort)
    Path out = tmp.resolve("radix");
    assertTrue(spilledBy(out, "k") > 0);
    SortWithinFilesTest.assertEachFileSorted(spark, out, new Column("k").asc_nulls_first());
    assertEquals(20_000, spark.read().format("arrowfile").load(out.toString()).count());
  }
}
