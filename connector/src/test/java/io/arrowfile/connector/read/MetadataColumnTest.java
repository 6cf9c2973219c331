package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.statistics.FileStatistics;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark's hidden {@code _metadata} column on arrowfile reads, compared field by field with what Parquet's gives for
 * the same rows written the same way (two files of ids in order, or one per partition directory): the file fields
 * as the file system has them, and {@code row_index}, the row's position in its file, under small splits, batch
 * skipping by statistics (with and without statistics in the footer, over every way of reading a file), slicing
 * of large record batches, row-based reads, and SQL on a path (V1).
 */
class MetadataColumnTest {
  static SparkSession spark;
  @TempDir
  static Path dir;
  /** Rows per table: two files of HALF rows, ids in order, 1000 rows per record batch. */
  static final long ROWS = 20_000;
  static final long HALF = ROWS / 2;
  static final String[] FIELDS = {"file_path", "file_name", "file_size", "file_block_start", "file_block_length",
      "file_modification_time", "row_index"};

  static String arrow;
  static String parquet;
  static String arrowNoStatistics;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-metadata-test")
      .into(s -> spark = s);

  @BeforeAll
  static void setUp() {
    // Directory names with a space: file_path is a URI, and must be escaped as Parquet's is.
    arrow = dir.resolve("arrow data").toString();
    parquet = dir.resolve("parquet data").toString();
    arrowNoStatistics = dir.resolve("arrow no statistics").toString();
    table().write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "1000").save(arrow);
    table().write().format("arrowfile").options(SparkTesting.PLAIN).option("rowsPerBatch", "1000").option("statistics", "false")
        .save(arrowNoStatistics);
    table().write().parquet(parquet);
  }

  /** Two tasks, so two files: ids 0 .. HALF-1 in order in one, the rest in order in the other. */
  static Dataset<Row> table() {
    return spark.range(0, ROWS, 1, 2).selectExpr("id", "id * 2 AS v");
  }

  /** Where the writer put row {@code id} in its file. */
  static long expectedRowIndex(long id) {
    return id % HALF;
  }

  static Dataset<Row> withMetadata(Dataset<Row> df) {
    String[] cols = new String[FIELDS.length + 1];
    cols[0] = "id";
    for (int i = 0; i < FIELDS.length; i++) {
      cols[i + 1] = "_metadata." + FIELDS[i];
    }
    return df.selectExpr(cols);
  }

  static Map<Long, Row> byId(Dataset<Row> df) {
    Map<Long, Row> out = new HashMap<>();
    for (Row r : df.collectAsList()) {
      assertTrue(out.put(r.getLong(0), r) == null, "id " + r.getLong(0) + " read twice");
    }
    return out;
  }

  static Path file(String table, String name) throws IOException {
    try (Stream<Path> files = Files.walk(Path.of(table))) {
      return files.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
    }
  }

  /**
   * Every row's _metadata of {@code arrowRows} against {@code parquetRows} (same ids): row_index equal (and where
   * the writer put the row), file_path rendered as Parquet's with the arrowfile directory and name, name, size and
   * modification time those of the file, and the block a part of the file.
   */
  static void assertAsParquet(String arrowTable, String parquetTable, Map<Long, Row> arrowRows,
      Map<Long, Row> parquetRows, long expectedRows) throws IOException {
    assertEquals(expectedRows, arrowRows.size());
    assertEquals(parquetRows.keySet(), arrowRows.keySet());
    String arrowDir = Path.of(arrowTable).getFileName().toString().replace(" ", "%20");
    String parquetDir = Path.of(parquetTable).getFileName().toString().replace(" ", "%20");
    for (Map.Entry<Long, Row> e : arrowRows.entrySet()) {
      long id = e.getKey();
      Row a = e.getValue();
      Row p = parquetRows.get(id);
      String name = a.getString(2);
      assertTrue(name.endsWith(".arrow"), name);
      assertEquals(p.getString(1).replace(parquetDir, arrowDir).replace(p.getString(2), name), a.getString(1),
          "file_path of id " + id);
      Path f = file(arrowTable, name);
      assertEquals(Files.size(f), a.getLong(3), "file_size");
      long start = a.getLong(4);
      long length = a.getLong(5);
      assertTrue(start >= 0 && length > 0 && start + length <= a.getLong(3), start + "+" + length);
      assertEquals(Files.getLastModifiedTime(f).toMillis(), a.getTimestamp(6).getTime(), "file_modification_time");
      assertEquals(p.getLong(7), a.getLong(7), "row_index of id " + id);
      assertEquals(expectedRowIndex(id), a.getLong(7), "row_index of id " + id);
    }
  }

  static Dataset<Row> read(String table) {
    return spark.read().format("arrowfile").load(table);
  }

  @Test
  void everyFieldIsParquets() throws IOException {
    assertAsParquet(arrow, parquet, byId(withMetadata(read(arrow))),
        byId(withMetadata(spark.read().parquet(parquet))), ROWS);
    // the same struct: names, types and nullability
    StructField ours = read(arrow).select("_metadata").schema().fields()[0];
    StructField theirs = spark.read().parquet(parquet).select("_metadata").schema().fields()[0];
    assertEquals(theirs.nullable(), ours.nullable());
    StructField[] a = ((StructType) ours.dataType()).fields();
    StructField[] p = ((StructType) theirs.dataType()).fields();
    assertEquals(p.length, a.length);
    for (int i = 0; i < p.length; i++) {
      assertEquals(p[i].name(), a[i].name());
      assertEquals(p[i].dataType(), a[i].dataType(), p[i].name());
      assertEquals(p[i].nullable(), a[i].nullable(), p[i].name());
    }
    // the whole struct, and rows without _metadata, read the same as before
    assertEquals(ROWS, read(arrow).select("_metadata").where("_metadata.file_size > 0").count());
    assertEquals(spark.read().parquet(parquet).select("id", "v").orderBy("id").collectAsList(),
        read(arrow).orderBy("id").collectAsList());
  }

  @Test
  void rowIndexUnderSmallSplits() throws IOException {
    spark.conf().set("spark.sql.files.maxPartitionBytes", "8192");
    spark.conf().set("spark.sql.files.openCostInBytes", "1024");
    try {
      Dataset<Row> df = withMetadata(read(arrow));
      assertTrue(ReadPathTest.filePartitions(df).size() > 4, "tasks: " + ReadPathTest.filePartitions(df).size());
      Map<Long, Row> rows = byId(df);
      Map<String, Set<Long>> starts = new HashMap<>();
      for (Row r : rows.values()) {
        starts.computeIfAbsent(r.getString(2), k -> new HashSet<>()).add(r.getLong(4));
      }
      for (Set<Long> s : starts.values()) {
        assertTrue(s.size() > 1, "every file read in several splits: " + starts);
      }
      assertAsParquet(arrow, parquet, rows, byId(withMetadata(spark.read().parquet(parquet))), ROWS);
      // a file without statistics counts the batches before a split from their headers
      assertRowIndexes(read(arrowNoStatistics), ROWS);
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
      spark.conf().unset("spark.sql.files.openCostInBytes");
    }
  }

  /** Each of {@code df}'s rows (id, row_index) has the row_index where the writer put it. */
  static void assertRowIndexes(Dataset<Row> df, long expectedRows) {
    List<Row> rows = df.selectExpr("id", "_metadata.row_index").collectAsList();
    assertEquals(expectedRows, rows.size());
    for (Row r : rows) {
      assertEquals(expectedRowIndex(r.getLong(0)), r.getLong(1), "row_index of id " + r.getLong(0));
    }
  }

  @Test
  void rowIndexWhenStatisticsSkipBatches() throws IOException {
    String where = "id >= 12345 AND id < 12400 OR id >= 3500 AND id < 3501";
    Dataset<Row> q = read(arrow).where(where).selectExpr("id", "_metadata.row_index");
    List<Row> rows = q.collectAsList();
    assertEquals(56, rows.size());
    for (Row r : rows) {
      assertEquals(expectedRowIndex(r.getLong(0)), r.getLong(1), "row_index of id " + r.getLong(0));
    }
    Map<String, SQLMetric> m = SparkTesting.scanMetrics(q);
    assertTrue(m.get("batchesSkipped").value() >= 17, "skipped " + m.get("batchesSkipped").value());
    assertAsParquet(arrow, parquet, byId(withMetadata(read(arrow).where(where))),
        byId(withMetadata(spark.read().parquet(parquet).where(where))), 56);
    // Without statistics every batch is read; with a split starting inside a file, the batches before it are
    // counted from their headers: over local positioned reads, a mapping and Hadoop's streams.
    spark.conf().set("spark.sql.files.maxPartitionBytes", "8192");
    spark.conf().set("spark.sql.files.openCostInBytes", "1024");
    try {
      assertRowIndexes(read(arrowNoStatistics).where(where), 56);
      assertRowIndexes(spark.read().format("arrowfile").option("arrowfile.mmap", "true").load(arrowNoStatistics)
          .where(where), 56);
      assertRowIndexes(spark.read().format("arrowfile").option("arrowfile.forceHadoopRead", "true")
          .load(arrowNoStatistics).where(where), 56);
      assertRowIndexes(spark.read().format("arrowfile").option("arrowfile.forceHadoopRead", "true")
          .load(arrow).where(where), 56);
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
      spark.conf().unset("spark.sql.files.openCostInBytes");
    }
  }

  @Test
  void rowIndexAcrossSlicesOfARecordBatch() {
    spark.conf().set("spark.sql.parquet.columnarReaderBatchSize", "128");
    try {
      assertRowIndexes(read(arrow), ROWS);
      assertRowIndexes(read(arrowNoStatistics).where("id % 7 = 3"), (ROWS + 3) / 7);
    } finally {
      spark.conf().unset("spark.sql.parquet.columnarReaderBatchSize");
    }
  }

  @Test
  void rowBasedReads() {
    spark.conf().set("spark.sql.codegen.wholeStage", "false");
    try {
      assertRowIndexes(read(arrow), ROWS);
      assertEquals(HALF, read(arrow).select("_metadata").where("_metadata.row_index < " + HALF / 2).count());
    } finally {
      spark.conf().unset("spark.sql.codegen.wholeStage");
    }
  }

  @Test
  void onlyMetadataSelected() {
    List<Row> rows = read(arrow).select("_metadata").collectAsList();
    assertEquals(ROWS, rows.size());
    Map<String, Set<Long>> indexes = new HashMap<>();
    for (Row r : rows) {
      Row m = r.getStruct(0);
      assertEquals(FIELDS.length, m.size());
      indexes.computeIfAbsent(m.getString(1), k -> new HashSet<>()).add(m.getLong(6));
    }
    assertEquals(2, indexes.size());
    for (Set<Long> s : indexes.values()) {
      assertEquals(HALF, s.size());
      assertTrue(s.contains(0L) && s.contains(HALF - 1));
    }
    // one field alone: the scan reads no data column
    Dataset<Row> names = read(arrow).select("_metadata.file_name").distinct();
    assertEquals(2, names.count());
    assertTrue(names.queryExecution().executedPlan().toString().contains("ReadSchema: struct<>"),
        names.queryExecution().executedPlan().toString());
  }

  /** Spark then asks for the whole _metadata struct, and for whole top-level data columns. */
  @Test
  void withoutNestedSchemaPruning() throws IOException {
    spark.conf().set("spark.sql.optimizer.nestedSchemaPruning.enabled", "false");
    try {
      assertAsParquet(arrow, parquet, byId(withMetadata(read(arrow))),
          byId(withMetadata(spark.read().parquet(parquet))), ROWS);
    } finally {
      spark.conf().unset("spark.sql.optimizer.nestedSchemaPruning.enabled");
    }
  }

  @Test
  void metadataInAFilter() {
    String name = read(arrow).where("id = " + (HALF + 5)).select("_metadata.file_name").first().getString(0);
    Dataset<Row> df = read(arrow).where("_metadata.file_name = '" + name + "'").selectExpr("id", "_metadata.row_index");
    List<Row> rows = df.collectAsList();
    assertEquals(HALF, rows.size());
    for (Row r : rows) {
      assertTrue(r.getLong(0) >= HALF, "id " + r.getLong(0));
      assertEquals(r.getLong(0) - HALF, r.getLong(1));
    }
    assertEquals(10, read(arrow).where("_metadata.row_index < 5").count());
  }

  @Test
  void partitionedDirectories() throws IOException {
    String arrowTable = dir.resolve("arrow parts").toString();
    String parquetTable = dir.resolve("parquet parts").toString();
    for (int k = 0; k < 2; k++) {
      Dataset<Row> part = table().where("id % 2 = " + k).coalesce(1);
      part.write().format("arrowfile").option("rowsPerBatch", "1000").save(arrowTable + "/k=" + k);
      part.write().parquet(parquetTable + "/k=" + k);
    }
    Dataset<Row> a = read(arrowTable);
    Dataset<Row> p = spark.read().parquet(parquetTable);
    List<Row> rows = withMetadata(a).join(a.select("id", "k"), "id").collectAsList();
    assertEquals(ROWS, rows.size());
    Map<Long, Row> parquetRows = byId(withMetadata(p));
    String arrowDir = Path.of(arrowTable).getFileName().toString().replace(" ", "%20");
    String parquetDir = Path.of(parquetTable).getFileName().toString().replace(" ", "%20");
    for (Row r : rows) {
      long id = r.getLong(0);
      Row q = parquetRows.get(id);
      assertEquals(id / 2, r.getLong(7), "row_index of id " + id);
      assertEquals(q.getLong(7), r.getLong(7));
      assertEquals(q.getString(1).replace(parquetDir, arrowDir).replace(q.getString(2), r.getString(2)),
          r.getString(1));
      assertTrue(r.getString(1).contains("/k=" + id % 2 + "/"), r.getString(1));
      assertEquals(Files.size(file(arrowTable, r.getString(2))), r.getLong(3));
      assertEquals(id % 2, r.getInt(8));
    }
    // a partition filter and _metadata together
    assertEquals(HALF, a.where("k = 1 AND _metadata.row_index < " + ROWS).count());
  }

  @Test
  void sqlOnAPathHasRowIndexToo() throws IOException {
    Dataset<Row> v1 = spark.sql("SELECT id, _metadata.file_path, _metadata.file_name, _metadata.file_size, "
        + "_metadata.file_block_start, _metadata.file_block_length, _metadata.file_modification_time, "
        + "_metadata.row_index FROM arrowfile.`" + arrow + "`");
    assertTrue(v1.queryExecution().executedPlan().toString().contains("FileScan arrowfile"),
        v1.queryExecution().executedPlan().toString());
    assertAsParquet(arrow, parquet, byId(v1), byId(withMetadata(spark.read().parquet(parquet))), ROWS);
    spark.conf().set("spark.sql.files.maxPartitionBytes", "8192");
    spark.conf().set("spark.sql.files.openCostInBytes", "1024");
    spark.conf().set("spark.sql.parquet.columnarReaderBatchSize", "300");
    try {
      assertRowIndexes(spark.sql("SELECT * FROM arrowfile.`" + arrowNoStatistics + "` WHERE id % 3 = 0"),
          (ROWS + 2) / 3);
      assertRowIndexes(spark.sql("SELECT * FROM arrowfile.`" + arrow + "` WHERE id BETWEEN 4000 AND 4010"), 11);
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
      spark.conf().unset("spark.sql.files.openCostInBytes");
      spark.conf().unset("spark.sql.parquet.columnarReaderBatchSize");
    }
  }

  @Test
  void rowIndexOfAStream() throws IOException {
    Schema schema = Schema.of(Field.notNull("id", ArrowType.Int.INT64));
    Path stream = dir.resolve("stream").resolve("ids.arrows");
    Files.createDirectories(stream.getParent());
    try (ArrowStreamWriter w = ArrowStreamWriter.create(stream, schema, WriteOptions.DEFAULT)) {
      for (int b = 0; b < 3; b++) {
        RecordBatchBuilder batch = RecordBatchBuilder.create(schema);
        for (long i = 0; i < 1000; i++) {
          batch.appendRow(new Object[] {b * 1000 + i});
        }
        w.write(batch.build());
      }
    }
    List<Row> rows = read(stream.getParent().toString()).selectExpr("id", "_metadata.row_index").collectAsList();
    assertEquals(3000, rows.size());
    for (Row r : rows) {
      assertEquals(r.getLong(0), r.getLong(1));
    }
  }

  @Test
  void statisticsThatMiscountABatchFailRatherThanMisnumberRows() throws IOException {
    Schema schema = Schema.of(Field.notNull("id", ArrowType.Int.INT64));
    FileStatistics statistics = FileStatistics.of(schema, Map.of(FileStatistics.KEY, "{\"version\":1,"
        + "\"columns\":[{\"name\":\"id\",\"type\":\"int64\"}],\"batches\":[{\"rows\":5,\"columns\":[{}]},"
        + "{\"rows\":3,\"columns\":[{}]}]}"), 2);
    RowPositions positions = new RowPositions("f.arrow", statistics, k -> {
      throw new AssertionError("statistics count the batches");
    });
    assertEquals(5, positions.firstRow(1));
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> positions.read(1, 4));
    assertTrue(e.getMessage().contains("f.arrow") && e.getMessage().contains("record batch 1 has 4 rows")
        && e.getMessage().contains("say 3"), e.getMessage());
  }

  @Test
  void aFileColumnNamedMetadataWins() {
    String arrowTable = dir.resolve("own metadata").toString();
    String parquetTable = dir.resolve("own metadata parquet").toString();
    Dataset<Row> df = spark.range(0, 10, 1, 1).selectExpr("id", "CONCAT('m', id) AS _metadata");
    df.write().format("arrowfile").save(arrowTable);
    df.write().parquet(parquetTable);
    assertEquals(spark.read().parquet(parquetTable).select("id", "_metadata").orderBy("id").collectAsList(),
        read(arrowTable).select("id", "_metadata").orderBy("id").collectAsList());
    assertEquals("m3", read(arrowTable).where("id = 3").select("_metadata").first().getString(0));
  }
}
