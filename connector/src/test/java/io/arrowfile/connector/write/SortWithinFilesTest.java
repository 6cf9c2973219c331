package io.arrowfile.connector.write;

import io.arrowfile.testing.SparkLine;
import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.connector.read.ScanMetrics;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import io.arrowfile.spark.ScalaCollections;

/**
 * The write option {@code sortWithinFiles}: every written file holds the rows Spark gave it, in Spark's ascending,
 * nulls-first order of the named columns, so its record batches get narrow min/max ranges that let scans skip
 * them, whatever order the rows arrived in.
 */
class SortWithinFilesTest {
  private static SparkSession spark;

  @TempDir
  Path tmp;

  // a leaked page of the sorter fails the task instead of logging a warning
  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-sort-within-files-test",
      "spark.unsafe.exceptionOnMemoryLeak", "true").into(s -> spark = s);

  /** 20,000 rows in no useful order: k is a permutation of 0..19999, s has nulls and repeats, p three values. */
  static Dataset<Row> shuffled(SparkSession spark) {
    return unshuffledRows(spark, 2).repartition(2);
  }

  /** The rows of {@link #shuffled} in {@code partitions} partitions, with no shuffle (nothing else spills). */
  static Dataset<Row> unshuffledRows(SparkSession spark, int partitions) {
    return spark.range(0, 20_000, 1, partitions).selectExpr("id", "(id * 7919) % 20000 AS k",
        "IF(id % 10 = 0, NULL, concat('s', (id * 31) % 1000)) AS s", "CAST(id % 3 AS INT) AS p",
        "IF(id % 7 = 0, NULL, CAST((id * 13) % 500 AS DOUBLE) / 4) AS d");
  }

  static List<String> sortedRows(Dataset<Row> df) {
    return df.collectAsList().stream().map(Row::toString).sorted().toList();
  }

  /** Each file's rows in file order (one file is one split: read in order) equal Spark's sort of them. */
  static void assertEachFileSorted(SparkSession spark, Path dir, Column... order) throws IOException {
    List<Path> files = DataFiles.arrow(dir);
    assertFalse(files.isEmpty());
    for (Path f : files) {
      Dataset<Row> file = spark.read().format("arrowfile").load(f.toString());
      assertEquals(1, file.rdd().getNumPartitions(), f.toString());
      assertEquals(file.orderBy(order).collectAsList(), file.collectAsList(), f.toString());
    }
  }

  @Test
  void eachFileIsSortedAndHoldsTheSameRows() throws IOException {
    Path sorted = tmp.resolve("sorted");
    Path plain = tmp.resolve("plain");
    shuffled(spark).write().format("arrowfile").option("sortWithinFiles", "s, d").option("rowsPerBatch", "1000")
        .save(sorted.toString());
    shuffled(spark).write().format("arrowfile").save(plain.toString());
    assertEquals(2, DataFiles.arrow(sorted).size());
    assertEachFileSorted(spark, sorted, new Column("s").asc_nulls_first(), new Column("d").asc_nulls_first());
    // the same rows as without the option, and as Parquet's
    Path parquet = tmp.resolve("parquet");
    shuffled(spark).write().parquet(parquet.toString());
    List<String> expected = sortedRows(spark.read().parquet(parquet.toString()));
    assertEquals(expected, sortedRows(spark.read().format("arrowfile").load(sorted.toString())));
    assertEquals(expected, sortedRows(spark.read().format("arrowfile").load(plain.toString())));
  }

  @Test
  void sortedFilesLetFiltersSkipBatchesThatShuffledFilesCannot() {
    Map<String, Long> skipped = new java.util.LinkedHashMap<>();
    for (String sort : List.of("", "k")) {
      Path out = tmp.resolve("skip" + sort);
      var w = shuffled(spark).coalesce(1).write().format("arrowfile").option("rowsPerBatch", "1000");
      (sort.isEmpty() ? w : w.option("sortWithinFiles", sort)).save(out.toString());
      Dataset<Row> df = spark.read().format("arrowfile").load(out.toString()).where("k BETWEEN 5000 AND 5099");
      assertEquals(100, df.collectAsList().size());
      Map<String, SQLMetric> m = ScalaCollections.toJava(SparkTesting.batchScans(df).get(0).metrics());
      skipped.put(sort.isEmpty() ? "arrival order" : "sorted by k", m.get(ScanMetrics.BATCHES_SKIPPED).value());
    }
    // 20 batches of 1000 rows: shuffled, every batch spans nearly all of k; sorted, only one batch holds 5000..5099
    assertEquals(Map.of("arrival order", 0L, "sorted by k", 19L), skipped);
  }

  @Test
  void partitionByAndMaxRecordsPerFileSortEachFileOnItsOwn() throws IOException {
    Path out = tmp.resolve("parts");
    shuffled(spark).write().format("arrowfile").partitionBy("p").option("maxRecordsPerFile", "3000")
        .option("sortWithinFiles", "k").save(out.toString());
    List<Path> files = DataFiles.arrow(out);
    assertTrue(files.size() >= 8, files.toString()); // 2 tasks x 3 partitions, ~3,333 rows each: split in two
    for (Path f : files) {
      assertTrue(f.getParent().getFileName().toString().startsWith("p="), f.toString());
      assertTrue(spark.read().format("arrowfile").load(f.toString()).count() <= 3000, f.toString());
    }
    assertEachFileSorted(spark, out, new Column("k").asc_nulls_first());
    assertEquals(sortedRows(shuffled(spark).select("id", "k", "s", "d", "p")),
        sortedRows(spark.read().format("arrowfile").load(out.toString()).select("id", "k", "s", "d", "p")));
  }

  @Test
  void bucketedTablesSortEachBucketFileByTheOptionsColumns() throws IOException {
    try {
      shuffled(spark).write().format("arrowfile").bucketBy(4, "p").sortBy("id").option("sortWithinFiles", "k")
          .saveAsTable("bucketed");
      assertEquals(sortedRows(shuffled(spark)), sortedRows(spark.table("bucketed").select("id", "k", "s", "p", "d")));
      Path dir = Path.of(java.net.URI.create(spark.sql("DESCRIBE TABLE EXTENDED bucketed").where("col_name = 'Location'")
          .first().getString(1)));
      assertEachFileSorted(spark, dir, new Column("k").asc_nulls_first());
    } finally {
      spark.sql("DROP TABLE IF EXISTS bucketed");
    }
  }

  @Test
  void aFailedTaskFreesItsSortAndLeavesNoFile() throws IOException {
    Path out = tmp.resolve("failed");
    Exception e = assertThrows(Exception.class, () -> shuffled(spark)
        .selectExpr("*", "IF(id = 15000, raise_error('row 15000 is bad'), 0) AS boom").write().format("arrowfile")
        .option("sortWithinFiles", "k").save(out.toString()));
    assertTrue(messages(e).contains("row 15000 is bad"), messages(e));
    assertEquals(List.of(), DataFiles.arrowIfExists(out));
    // a later write is fine (Spark checks for leaked memory only after tasks that succeed: see the next test)
    shuffled(spark).write().format("arrowfile").option("sortWithinFiles", "k").mode("overwrite").save(out.toString());
    assertEquals(20_000, spark.read().format("arrowfile").load(out.toString()).count());
  }

  @Test
  void aWriteFailingWhileTheSortedRowsAreWrittenReportsItsOwnError() throws IOException {
    // dictionary=always with a 1 KiB cap in memory and (lowered here) 4 KiB on disk: the distinct strings outgrow
    // the dictionary once sorted rows reach the file
    Path out = tmp.resolve("outgrown");
    DictionarySpill.maxBytes = 4096;
    try {
      Exception e = assertThrows(Exception.class, () -> shuffled(spark).coalesce(1).write().format("arrowfile")
          .option("sortWithinFiles", "k").option("dictionary", "always").option("maxBatchBytes", "1k")
          .save(out.toString()));
      assertTrue(messages(e).contains("arrowfile: string column 's' is dictionary-encoded in this file"),
          messages(e));
    } finally {
      DictionarySpill.maxBytes = DictionarySpill.MAX_BYTES;
    }
    assertEquals(List.of(), DataFiles.arrowIfExists(out));
  }

  @Test
  void namesResolveLikeSparkColumnsAndBadOnesFailOnTheDriver() throws IOException {
    Path out = tmp.resolve("errors");
    Dataset<Row> df = spark.range(10).selectExpr("id", "CAST(id AS STRING) AS Name", "array(id) AS arr",
        "named_struct('a', id) AS st", "map(id, id) AS m", "CAST(id AS INT) AS p",
        SparkLine.VARIANT ? "parse_json(CAST(id AS STRING)) AS v" : "CAST(id AS BINARY) AS v"); // 3.5: no VARIANT
    // case-insensitive by default, as Spark resolves columns
    df.drop("v").write().format("arrowfile").option("sortWithinFiles", "NAME, ID").save(out.resolve("ok").toString());
    Map<String, String> errors = new java.util.LinkedHashMap<>();
    errors.put("nope", "no column 'nope' among the columns written into files: id, Name, arr, st, m");
    errors.put("p", "no column 'p' among the columns written into files: id, Name, arr, st, m (partition columns"
        + " are not among them: they are constant within a file)");
    errors.put("arr", "cannot sort by column 'arr' of type array<bigint>: nested columns are not sort keys");
    errors.put("st", "cannot sort by column 'st' of type struct<a:bigint>: nested columns");
    errors.put("m", "cannot sort by column 'm' of type map<bigint,bigint>: nested columns");
    errors.put("id, ID", "column 'id' is named twice");
    errors.put("id,,Name", "invalid arrowfile write option sortWithinFiles='id,,Name'; valid values: comma-separated"
        + " top-level column names, each at most once, e.g. 'ts, id' (an empty name)");
    errors.put("", "(an empty name)");
    for (Map.Entry<String, String> c : errors.entrySet()) {
      Exception e = assertThrows(Exception.class, () -> df.drop("v").write().format("arrowfile").partitionBy("p")
          .option("sortWithinFiles", c.getKey()).mode("overwrite").save(out.resolve("bad").toString()));
      assertTrue(messages(e).contains(c.getValue()), c.getKey() + ": " + messages(e));
    }
    if (SparkLine.VARIANT) {
      Exception variant = assertThrows(Exception.class, () -> df.select("id", "v").write().format("arrowfile")
          .option("sortWithinFiles", "v").save(out.resolve("v").toString()));
      assertTrue(messages(variant).contains("cannot sort by column 'v' of type variant: Spark defines no order"),
          messages(variant));
    }
    Exception typo = assertThrows(Exception.class, () -> df.select("id").write().format("arrowfile")
        .option("sortWithinFile", "id").save(out.resolve("typo").toString()));
    assertTrue(messages(typo).contains("did you mean 'sortWithinFiles'?"),
        messages(typo));
    assertEquals(List.of(), DataFiles.arrowIfExists(out.resolve("bad")), "no task ran");
  }

  @Test
  void backticksQuoteNamesWithCommas() throws IOException {
    Path out = tmp.resolve("quoted");
    shuffled(spark).selectExpr("k AS `a,b`", "id").coalesce(1).write().format("arrowfile")
        .option("sortWithinFiles", "`a,b`").save(out.toString());
    assertEachFileSorted(spark, out, new Column("`a,b`").asc_nulls_first());
  }
}
