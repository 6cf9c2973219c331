package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.GoldenFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nested schema pruning: {@code select st.x} hands the scan {@code st struct<x>}, and the scan reads and decodes
 * only x's buffers (not y's strings nor z's doubles), inside structs, arrays of structs and map values alike; the
 * answers equal those with pruning off, over the same files, whatever the read mode, and union columns (read as
 * structs of their members) prune by member.
 */
class NestedPruningTest {
  static SparkSession spark;
  @TempDir
  static Path dir;
  static String table;

  static final String PRUNING = "spark.sql.optimizer.nestedSchemaPruning.enabled";

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-nested-pruning")
      .into(s -> spark = s);

  @BeforeAll
  static void setUp() {
    spark.conf().set("spark.sql.adaptive.enabled", "false");
    table = dir.resolve("nested").toString();
    spark.range(0, 20_000, 1, 2).selectExpr("id",
        "CASE WHEN id % 10 = 0 THEN NULL ELSE named_struct('x', CASE WHEN id % 7 = 0 THEN NULL ELSE id END,"
            + " 'y', repeat(CAST(id AS STRING), 20), 'z', id / 3.0D) END AS st",
        "transform(sequence(0, CAST(id % 4 AS INT)), i -> named_struct('a', CAST(id + i AS INT),"
            + " 'b', repeat('b', 50))) AS arr",
        "map('k', named_struct('p', CAST(id AS INT), 'q', repeat('q', 50))) AS m")
        .write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "5000").save(table);
  }

  static List<Row> run(String path, String mode, String query, boolean pruning) {
    spark.conf().set(PRUNING, Boolean.toString(pruning));
    try {
      read(path, mode).createOrReplaceTempView("t");
      return spark.sql(query).collectAsList();
    } finally {
      spark.conf().unset(PRUNING);
    }
  }

  /** positioned (the default), mmap or hadoop. */
  static Dataset<Row> read(String path, String mode) {
    return spark.read().format("arrowfile").option("arrowfile.mmap", Boolean.toString(mode.equals("mmap")))
        .option("arrowfile.forceHadoopRead", Boolean.toString(mode.equals("hadoop"))).load(path);
  }

  static final String[] QUERIES = {
      "SELECT sum(st.x), count(st.x), count(st) FROM t",
      "SELECT id, st.z, st.x FROM t WHERE id % 997 = 3 ORDER BY id",
      "SELECT sum(aggregate(arr.a, 0L, (s, v) -> s + v)), sum(size(arr)) FROM t",
      "SELECT sum(m['k'].p) FROM t"};

  @ParameterizedTest
  @ValueSource(strings = {"positioned", "mmap", "hadoop"})
  void prunedAnswersEqualUnprunedOnes(String mode) {
    for (String q : QUERIES) {
      assertEquals(run(table, mode, q, false).toString(), run(table, mode, q, true).toString(), q);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"positioned", "hadoop"})
  void onlyTheWantedChildIsRead(String mode) {
    read(table, mode).createOrReplaceTempView("t");
    Dataset<Row> pruned = spark.sql("SELECT sum(st.x) FROM t");
    pruned.collectAsList();
    String plan = pruned.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("ReadSchema: struct<st:struct<x:bigint>>"), plan);
    long prunedBytes = SparkTesting.scanMetrics(pruned).get(ScanMetrics.BYTES_READ).value();
    spark.conf().set(PRUNING, "false");
    Dataset<Row> whole;
    try {
      whole = spark.sql("SELECT sum(st.x) FROM t");
      whole.collectAsList();
    } finally {
      spark.conf().unset(PRUNING);
    }
    long wholeBytes = SparkTesting.scanMetrics(whole).get(ScanMetrics.BYTES_READ).value();
    System.out.println("sum(st.x) " + mode + ": " + prunedBytes + " bytes read pruned, " + wholeBytes + " whole");
    assertTrue(prunedBytes * 5 < wholeBytes, prunedBytes + " bytes pruned vs " + wholeBytes + " whole");
  }

  @ParameterizedTest
  @ValueSource(strings = {"positioned", "mmap"})
  void unionMembersPruneByName(String mode) throws Exception {
    Path union = dir.resolve("union-" + mode);
    Files.createDirectories(union);
    Files.copy(GoldenFiles.root().resolve("1.0.0-littleendian/generated_union.arrow_file"),
        union.resolve("u.arrow"));
    // Four top-level unions named sparse, dense, sparse, dense: Spark sees sparse, dense, sparse_2, dense_2.
    String q = "SELECT sparse.f2, dense_2.f1, hex(dense.f2) FROM t";
    assertEquals(run(union.toString(), mode, q, false).toString(), run(union.toString(), mode, q, true).toString());
  }
}
