package io.arrowfile.connector.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.files.HadoopConfBroadcast;
import io.arrowfile.connector.options.ArrowReadOptions;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.SparkSessionExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.paths.SparkPath$;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record batch longer than the columnar batch size ({@code spark.sql.parquet.columnarReaderBatchSize}) reaches
 * Spark as several ColumnarBatches over zero-copy slices of its columns: the rows are exact for every layout
 * (nested, dictionary, run-end encoded, bit-packed at odd offsets), the metrics count record batches, and a LIMIT
 * needs only the first slice.
 */
class SlicedRecordBatchesTest {
  static SparkSession spark;
  @TempDir
  static Path dir;
  static Path file;
  static Path stream;
  static final int ROWS = 100_000;

  static Field f(String name, ArrowType type, Field... children) {
    return Field.nullable(name, type, children);
  }

  static final Schema SCHEMA = Schema.of(
      Field.notNull("id", ArrowType.Int.INT64),
      f("flag", new ArrowType.Bool()),
      f("s", new ArrowType.Utf8()),
      f("list", new ArrowType.List(), f("item", ArrowType.Int.INT32)),
      f("st", new ArrowType.Struct(), f("a", ArrowType.Int.INT32), f("b", new ArrowType.Utf8())),
      f("m", new ArrowType.Map(false), Field.notNull("entries", new ArrowType.Struct(),
          Field.notNull("key", new ArrowType.Utf8()), f("value", ArrowType.Int.INT32))),
      new Field("dict", true, new ArrowType.Utf8(), new DictionaryEncoding(1, ArrowType.Int.INT16, false), null,
          null),
      f("ree", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
          f("values", new ArrowType.Utf8())));

  static Object[] row(int i) {
    return new Object[] {
        (long) i,
        i % 7 == 0 ? null : i % 3 == 0,
        i % 11 == 0 ? null : "s" + i,
        i % 13 == 0 ? null : listOf(i % 5, i),
        i % 17 == 0 ? null : List.of(i, "b" + (i % 9)),
        i % 19 == 0 ? null : mapOf(i % 4, i),
        i % 23 == 0 ? null : "d" + (i % 6),
        (i / 37) % 5 == 0 ? null : "run" + (i / 37)};
  }

  static List<Integer> listOf(int n, int i) {
    List<Integer> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      out.add(k == 1 ? null : i + k);
    }
    return out;
  }

  static List<SimpleEntry<String, Integer>> mapOf(int n, int i) {
    List<SimpleEntry<String, Integer>> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      out.add(new SimpleEntry<>("k" + k, k == 2 ? null : i * k));
    }
    return out;
  }

  static RecordBatch batch;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-sliced-test",
      "spark.sql.datetime.java8API.enabled", "true").into(s -> spark = s);

  @BeforeAll
  static void setUp() throws Exception {
    RecordBatchBuilder b = RecordBatchBuilder.create(SCHEMA);
    for (int i = 0; i < ROWS; i++) {
      b.appendRow(row(i));
    }
    batch = b.build();
    file = dir.resolve("big.arrow");
    try (ArrowFileWriter w = ArrowFileWriter.create(file, SCHEMA, WriteOptions.DEFAULT)) {
      w.write(batch);
    }
    stream = dir.resolve("big.arrows");
    try (ArrowStreamWriter w = ArrowStreamWriter.create(stream, SCHEMA, WriteOptions.DEFAULT)) {
      w.write(batch);
    }
  }

  static org.apache.hadoop.fs.Path hadoopPath(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  /** The iterator hands out slices of at most the batch size, in order, and counts one record batch. */
  @Test
  void iteratorEmitsSlicesOfOneRecordBatch() throws Exception {
    StructType schema = ArrowToSpark.schema(SCHEMA);
    for (Path p : new Path[] {file, stream}) {
      for (int size : new int[] {1000, 3333, ArrowReadOptions.DEFAULT_BATCH_SIZE, 200_000}) {
        ReadRequest request = new ReadRequest(schema, new StructType(), null, -1, null, true, true,
            new ArrowReadOptions(false, false, false, true, false, size, false, false, false));
        SplitReader reader = new SplitReader(request,
            HadoopConfBroadcast.of(spark.sparkContext(), new Configuration(false)));
        PartitionedFile split = new PartitionedFile(InternalRow.empty(), SparkPath$.MODULE$.fromPath(hadoopPath(p)),
            0, Files.size(p), new String[0], 0, 0, scala.collection.immutable.Map$.MODULE$.empty());
        ScanMetrics metrics = new ScanMetrics();
        List<Integer> sizes = new ArrayList<>();
        long next = 0;
        try (ArrowBatchIterator it = reader.open(split, metrics)) {
          while (it.hasNext()) {
            ColumnarBatch cb = it.next();
            sizes.add(cb.numRows());
            for (int r = 0; r < cb.numRows(); r++) {
              assertEquals(next++, cb.column(0).getLong(r), p + " size " + size);
            }
          }
        }
        assertEquals(ROWS, next);
        int expectedBatches = (ROWS + size - 1) / size;
        assertEquals(expectedBatches, sizes.size(), p + " size " + size + ": " + sizes);
        for (int k = 0; k < sizes.size() - 1; k++) {
          assertEquals(Math.min(size, ROWS), sizes.get(k));
        }
        assertEquals(1, metrics.batchesRead, "record batches, not slices");
      }
    }
  }

  /** Every column of every row, sliced (several sizes, at odd offsets) and whole, equals the batch's rows. */
  @Test
  void slicedReadsEqualTheUnslicedBatch() {
    StructType schema = ArrowToSpark.schema(SCHEMA);
    List<String> want = SparkRowStrings.expected(batch, schema);
    for (Path p : new Path[] {file, stream}) {
      List<String> whole = SparkRowStrings.actual(spark.read().format("arrowfile")
          .option(ArrowReadOptions.BATCH_SIZE_KEY, 1_000_000).load(p.toString()), schema);
      assertEquals(want, whole, p + " unsliced");
      for (int size : new int[] {999, 4096}) {
        org.apache.spark.sql.Dataset<Row> df = spark.read().format("arrowfile")
            .option(ArrowReadOptions.BATCH_SIZE_KEY, size).load(p.toString());
        List<String> got = SparkRowStrings.actual(df, schema);
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
          if (!want.get(i).equals(got.get(i))) {
            assertEquals(want.get(i), got.get(i), p + " size " + size + " row " + i);
          }
        }
      }
    }
    // V1, with the batch size a session conf
    spark.conf().set(ArrowReadOptions.BATCH_SIZE_KEY, "777");
    try {
      assertEquals(want, SparkRowStrings.actual(spark.sql("SELECT * FROM arrowfile.`" + file + "`"), schema),
          "V1 sliced");
      // a column subset of the slices
      List<Row> rows = spark.sql("SELECT id, ree, dict FROM arrowfile.`" + file + "` WHERE id % 9999 = 0")
          .collectAsList();
      assertEquals(11, rows.size());
      for (Row r : rows) {
        Object[] expected = row((int) r.getLong(0));
        assertEquals(expected[7], r.get(1));
        assertEquals(expected[6], r.get(2));
      }
    } finally {
      spark.conf().unset(ArrowReadOptions.BATCH_SIZE_KEY);
    }
  }

  /** LIMIT 10 returns the first rows (the first slice holds them all). */
  @Test
  void limitReadsTheFirstSlice() {
    StructType schema = ArrowToSpark.schema(SCHEMA);
    List<String> want = SparkRowStrings.expected(batch, schema).subList(0, 10);
    for (Path p : new Path[] {file, stream}) {
      org.apache.spark.sql.Dataset<Row> df = spark.read().format("arrowfile")
          .option(ArrowReadOptions.BATCH_SIZE_KEY, 1000).load(p.toString()).limit(10);
      assertEquals(want, SparkRowStrings.actual(df, schema), p.toString());
      List<Row> ids = spark.read().format("arrowfile").option(ArrowReadOptions.BATCH_SIZE_KEY, 1000)
          .load(p.toString()).select("id").limit(10).collectAsList();
      assertEquals(10, ids.size());
      for (int i = 0; i < 10; i++) {
        assertEquals((long) i, ids.get(i).getLong(0));
      }
    }
    assertTrue(Files.exists(file));
  }
}
