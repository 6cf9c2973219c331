package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.DictionaryBuilder;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stream-format files are split across tasks as file-format files are: each task reads the record batches whose
 * message starts in its range, found by walking the message headers, with the dictionaries (replacements and
 * deltas) as they stand at each batch; every row is read once, by as many tasks as the file format's.
 */
class StreamSplitTest {
  static SparkSession spark;
  @TempDir
  static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-stream-split-test")
      .into(s -> spark = s);

  private static final int BATCHES = 24;
  private static final int ROWS = 2000;
  /** The batch left empty. */
  private static final int EMPTY = 5;

  private static final Schema SCHEMA = Schema.of(Field.nullable("id", ArrowType.Int.INT64),
      new Field("s", true, new ArrowType.Utf8(), new DictionaryEncoding(7, ArrowType.Int.INT32, false), null, null));

  @BeforeEach
  void smallSplits() {
    spark.conf().set("spark.sql.files.maxPartitionBytes", "60000");
    spark.conf().set("spark.sql.files.openCostInBytes", "0");
  }

  @AfterEach
  void reset() {
    spark.conf().unset("spark.sql.files.maxPartitionBytes");
    spark.conf().unset("spark.sql.files.openCostInBytes");
  }

  /** Batch {@code b}'s dictionary: every fourth batch replaces it with its own, the others grow it (deltas). */
  private static boolean replaces(int b) {
    return b % 4 == 3;
  }

  /** Row {@code id}'s string, in batch {@code b}: null, or a value of the batch's dictionary. */
  static String expected(long id, int b) {
    if (id % 7 == 3) {
      return null;
    }
    return replaces(b) ? "w" + id % 3 : "v" + id % (20 + 5L * b);
  }

  /** {@link #BATCHES} batches of {@link #ROWS} rows (batch {@link #EMPTY} empty): ids in order, and their strings. */
  static Path write(Path path, boolean stream, WriteOptions options) throws Exception {
    Files.createDirectories(path.getParent());
    RecordBatchBuilder growing = RecordBatchBuilder.create(SCHEMA);
    ((DictionaryBuilder) growing.column(1)).retainDictionary(true);
    RecordBatchBuilder fresh = RecordBatchBuilder.create(SCHEMA);
    try (AutoCloseable w = stream ? ArrowStreamWriter.create(path, SCHEMA, options)
        : ArrowFileWriter.create(path, SCHEMA, options)) {
      long id = 0;
      for (int b = 0; b < BATCHES; b++) {
        RecordBatchBuilder builder = replaces(b) ? fresh : growing;
        for (int i = 0; i < (b == EMPTY ? 0 : ROWS); i++, id++) {
          builder.appendRow(id, expected(id, b));
        }
        RecordBatch batch = builder.build();
        if (w instanceof ArrowFileWriter f) {
          f.write(batch);
        } else {
          ((ArrowStreamWriter) w).write(batch);
        }
      }
    }
    return path;
  }

  private static final long TOTAL = (long) (BATCHES - 1) * ROWS;

  /** Every id once, each with its string (the batch of an id is known from the id: one batch is empty). */
  static void assertRows(Dataset<Row> df) {
    List<Row> rows = df.select("id", "s").orderBy("id").collectAsList();
    assertEquals(TOTAL, rows.size());
    for (int i = 0; i < rows.size(); i++) {
      long id = rows.get(i).getLong(0);
      assertEquals(i, id);
      int b = (int) (id / ROWS);
      b = b >= EMPTY ? b + 1 : b;
      assertEquals(expected(id, b), rows.get(i).getString(1), "row " + id);
    }
  }

  /** Tasks that read at least one row (of both columns: a scan of no column is not cut). */
  static long nonEmptyTasks(Dataset<Row> df) {
    return df.select(functions.col("id"), functions.col("s"), functions.spark_partition_id().as("p"))
        .groupBy("p").agg(functions.max("id"), functions.max("s")).collectAsList().size(); // count() prunes the columns
  }

  private static Dataset<Row> load(Path p) {
    return spark.read().format("arrowfile").load(p.toString());
  }

  @Test
  void streamFilesAreSplitAsFileFormatFilesAre() throws Exception {
    Path file = write(dir.resolve("file/a.arrow"), false, WriteOptions.DEFAULT);
    Path streamArrow = write(dir.resolve("stream/a.arrow"), true, WriteOptions.DEFAULT);
    Path streamArrows = write(dir.resolve("arrows/a.arrows"), true, WriteOptions.DEFAULT);
    long fileTasks = nonEmptyTasks(load(file));
    assertTrue(fileTasks >= 4, "file-format tasks that read rows: " + fileTasks);
    for (Path p : List.of(streamArrow, streamArrows)) {
      Dataset<Row> df = load(p);
      assertTrue(df.rdd().getNumPartitions() >= 4, p + ": " + df.rdd().getNumPartitions() + " tasks");
      long tasks = nonEmptyTasks(df);
      assertTrue(tasks >= fileTasks - 1 && tasks > 1, p + ": " + tasks + " tasks read rows, file format "
          + fileTasks);
      assertRows(df);
      Dataset<Row> both = df.select("id", "s");
      both.collectAsList();
      assertEquals(BATCHES, SparkTesting.scanMetrics(both).get("batchesRead").value(), "each record batch read once");
      assertEquals(1, SparkTesting.scanMetrics(both).get("filesRead").value());
      // V1 (SQL on the path), Hadoop reads and a mapping split alike
      assertRows(spark.sql("SELECT id, s FROM arrowfile.`" + p + "`"));
      assertRows(spark.read().format("arrowfile").option("arrowfile.forceHadoopRead", "true").load(p.toString()));
      assertRows(spark.read().format("arrowfile").option("arrowfile.mmap", "true").load(p.toString()));
    }
  }

  @Test
  void compressedStreamsSplitToo() throws Exception {
    for (CompressionCodec codec : CompressionCodec.values()) {
      Path p = write(dir.resolve("compressed-" + codec + "/a.arrows"), true,
          WriteOptions.DEFAULT.withCompression(codec));
      Dataset<Row> df = load(p);
      assertTrue(nonEmptyTasks(df) > 1, codec + ": one task read the whole stream");
      assertRows(df);
      // a column without dictionary: the dictionary bodies are not read
      Dataset<Row> ids = load(p).select("id");
      assertEquals(TOTAL, ids.distinct().count());
      assertEquals(TOTAL * (TOTAL - 1) / 2, ids.agg(functions.sum("id")).first().getLong(0));
    }
  }

  @Test
  void rowIndexCountsTheBatchesBeforeEachSplit() throws Exception {
    Path p = write(dir.resolve("rowindex/a.arrows"), true, WriteOptions.DEFAULT);
    List<Row> rows = load(p).select("id", "_metadata.row_index").collectAsList();
    assertEquals(TOTAL, rows.size());
    for (Row r : rows) {
      assertEquals(r.getLong(0), r.getLong(1));
    }
  }

  @Test
  void aFilterSkipsNothingWithoutStatistics() throws Exception {
    Path p = write(dir.resolve("filter/a.arrows"), true, WriteOptions.DEFAULT);
    Dataset<Row> df = load(p).where("id >= 1000 AND id < 1010");
    assertEquals(10, df.count());
    Dataset<Row> all = load(p).where("id >= 1000 AND id < 1010").select("id", "s");
    all.collectAsList();
    assertEquals(0, SparkTesting.scanMetrics(all).get("batchesSkipped").value());
    assertEquals(BATCHES, SparkTesting.scanMetrics(all).get("batchesRead").value());
  }
}
