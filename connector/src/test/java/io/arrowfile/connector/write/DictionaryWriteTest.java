package io.arrowfile.connector.write;

import io.arrowfile.testing.SparkLine;
import io.arrowfile.spark.ScalaCollections;
import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.options.ArrowWriteOptions;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.testing.ArrowJavaValues;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dictionary=auto|always}: which columns are encoded, values through Spark, our reader and Arrow Java, the
 * single dictionary batch per column after the record batches, statistics, and the bounded dictionary.
 */
public class DictionaryWriteTest {
  private static SparkSession spark;

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-dictionary-write-test")
      .into(s -> spark = s);

  /**
   * The columns of the test data: low: 9 values, '' and nulls; mid: 300 distinct; high: all distinct; allnull;
   * nested and binary left alone (also OurDictionaryFilesTest's data, without the struct).
   */
  public static final List<String> COLUMNS = List.of(
      "id",
      "CASE WHEN id % 11 = 0 THEN NULL WHEN id % 11 = 1 THEN '' ELSE concat('v', CAST(id % 7 AS STRING), '-é中😀') END"
          + " AS low",
      "CAST(id % 300 AS STRING) AS mid",
      "concat('u', CAST(id AS STRING)) AS high",
      "CAST(NULL AS STRING) AS allnull",
      "array(CAST(id % 3 AS STRING), NULL) AS arrs",
      "named_struct('s', CAST(id % 2 AS STRING)) AS st",
      "CAST(CAST(id % 5 AS STRING) AS BINARY) AS bin",
      "CAST(id % 4 AS INT) AS part");

  static final String DATA = "SELECT " + String.join(",\n", COLUMNS) + "\nFROM range(3000)";

  private static Dataset<Row> data() {
    return spark.sql(DATA);
  }

  /** Rows as text ordered by id (binary as hex). */
  private static List<String> sorted(Dataset<Row> df) {
    return text(df.orderBy("id"));
  }

  private static List<String> text(Dataset<Row> df) {
    if (List.of(df.columns()).contains("bin")) {
      df = df.withColumn("bin", org.apache.spark.sql.functions.hex(df.col("bin")));
    }
    return df.collectAsList().stream().map(Row::toString).toList();
  }

  /** The values of a file read by our reader, batch after batch, rows as lists. */
  private static List<List<Object>> ourRows(Path file) throws IOException {
    List<List<Object>> out = new ArrayList<>();
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      for (int k = 0; k < r.recordBatchCount(); k++) {
        RecordBatch b = r.recordBatch(k);
        for (long i = 0; i < b.length(); i++) {
          List<Object> row = new ArrayList<>();
          for (int c = 0; c < b.columns().size(); c++) {
            row.add(hex(ArrowArray.of(b.column(c)).getObject(i)));
          }
          out.add(row);
        }
      }
    }
    return out;
  }

  /** Binary values as hex, for equals. */
  private static Object hex(Object v) {
    return v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : v;
  }

  /** Arrow Java's values of the same file, rows as lists. */
  private static List<List<Object>> arrowJavaRows(Path file) throws IOException {
    List<List<Object>> out = new ArrayList<>();
    for (List<List<Object>> columns : ArrowJavaValues.fromFile(file).batches()) { // column-major
      for (int i = 0; i < columns.get(0).size(); i++) {
        List<Object> row = new ArrayList<>();
        for (List<Object> c : columns) {
          row.add(hex(c.get(i)));
        }
        out.add(row);
      }
    }
    return out;
  }

  private static void assertEncoded(Schema s, String column, boolean encoded) {
    var f = s.field(s.indexOf(column));
    assertEquals(encoded, f.isDictionaryEncoded(), column + ": " + f);
    if (encoded) {
      assertEquals(ArrowType.Int.INT32, f.dictionary().indexType(), column);
      assertFalse(f.dictionary().ordered(), column);
      assertEquals(new ArrowType.Utf8(), f.type(), column);
    }
  }

  @Test
  void autoEncodesLowCardinalityStringColumnsOnly() throws IOException {
    Path out = tmp.resolve("auto");
    data().coalesce(1).write().format("arrowfile").option("dictionary", "auto").save(out.toString());
    Path file = DataFiles.single(out);
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      Schema s = r.schema();
      assertEncoded(s, "low", true);   // 9 distinct in 3000 rows
      assertEncoded(s, "mid", true);   // 300 in 3000: 0.1 <= 0.25
      assertEncoded(s, "high", false); // all distinct
      assertEncoded(s, "allnull", false); // no value to judge by
      assertFalse(s.field(s.indexOf("arrs")).children().get(0).isDictionaryEncoded()); // nested: never
      assertFalse(s.field(s.indexOf("st")).children().get(0).isDictionaryEncoded());
      assertEncoded(s, "bin", false); // strings only
      // one dictionary batch per encoded column, written after the last record batch
      List<Block> dicts = r.footer().dictionaries();
      List<Block> batches = r.footer().recordBatches();
      assertEquals(2, dicts.size());
      for (Block d : dicts) {
        assertTrue(d.offset() > batches.get(batches.size() - 1).offset(), dicts + " " + batches);
      }
    }
    assertEquals(sorted(data()), sorted(spark.read().format("arrowfile").load(out.toString())));
    assertEquals(ourRows(file), arrowJavaRows(file));
    // a plain file of the same rows reads back to the same values, and is larger
    Path plain = tmp.resolve("plain");
    data().coalesce(1).write().format("arrowfile").option("dictionary", "never").save(plain.toString());
    assertEquals(ourRows(DataFiles.single(plain)), ourRows(file));
    assertTrue(Files.size(file) < Files.size(DataFiles.single(plain)));
  }

  @Test
  void alwaysEncodesEveryTopLevelStringColumnAcrossManyBatches() throws IOException {
    Path out = tmp.resolve("always");
    data().coalesce(1).write().format("arrowfile").option("dictionary", "always").option("rowsPerBatch", "7")
        .option("compression", "zstd").save(out.toString());
    Path file = DataFiles.single(out);
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      for (String c : List.of("low", "mid", "high", "allnull")) {
        assertEncoded(r.schema(), c, true);
      }
      assertEquals(3000 / 7 + 1, r.recordBatchCount());
      assertEquals(4, r.footer().dictionaries().size());
    }
    assertEquals(sorted(data()), sorted(spark.read().format("arrowfile").load(out.toString())));
    List<List<Object>> ours = ourRows(file);
    assertEquals(ours, arrowJavaRows(file));
    assertEquals(ourRows(writePlain(data().coalesce(1), "always-plain")), ours);
  }

  private Path writePlain(Dataset<Row> df, String name) throws IOException {
    Path p = tmp.resolve(name);
    df.write().format("arrowfile").save(p.toString());
    return DataFiles.single(p);
  }

  @Test
  void statisticsOfEncodedColumnsDescribeTheirBatchValues() throws IOException {
    Path out = tmp.resolve("stats");
    data().coalesce(1).write().format("arrowfile").option("dictionary", "always").option("rowsPerBatch", "1000")
        .save(out.toString());
    Path plain = tmp.resolve("stats-plain");
    data().coalesce(1).write().format("arrowfile").option("rowsPerBatch", "1000").save(plain.toString());
    String encoded;
    String expected;
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(out), ReadOptions.DEFAULT);
        ArrowFileReader p = ArrowFileReader.open(DataFiles.single(plain), ReadOptions.DEFAULT)) {
      encoded = r.customMetadata().get(ArrowOutputWriter.STATISTICS_KEY);
      expected = p.customMetadata().get(ArrowOutputWriter.STATISTICS_KEY);
    }
    assertEquals(expected, encoded); // the same JSON, batch by batch: min, max and null counts of the values
    // filters on encoded columns give the same answers
    Dataset<Row> df = spark.read().format("arrowfile").load(out.toString());
    assertEquals(data().where("low = 'v3-é中😀'").count(), df.where("low = 'v3-é中😀'").count());
    assertEquals(data().where("low = ''").count(), df.where("low = ''").count());
    assertEquals(data().where("low IS NULL").count(), df.where("low IS NULL").count());
    assertEquals(data().where("mid > '5'").count(), df.where("mid > '5'").count());
    assertEquals(sorted(data().selectExpr("id", "min(low) OVER () AS a", "max(mid) OVER () AS b", "count(low) OVER () AS c")),
        sorted(df.selectExpr("id", "min(low) OVER () AS a", "max(mid) OVER () AS b", "count(low) OVER () AS c")));
    assertEquals(data().selectExpr("count(low)", "min(low)", "max(mid)", "count(*)").collectAsList(),
        df.selectExpr("count(low)", "min(low)", "max(mid)", "count(*)").collectAsList());
  }

  @Test
  void encodedColumnsSkipBatchesByTheirStatistics() {
    Path out = tmp.resolve("skip");
    // sorted: 100 batches of 1000 rows, 10 values per batch, 1000 values in all
    spark.sql("SELECT id, lpad(CAST(id DIV 100 AS STRING), 4, '0') AS s FROM range(100000)").coalesce(1).write()
        .format("arrowfile").option("dictionary", "auto").option("rowsPerBatch", "1000").save(out.toString());
    Dataset<Row> q = spark.read().format("arrowfile").load(out.toString()).where("s = '0421'").select("id");
    assertEquals(100, q.collectAsList().size());
    List<org.apache.spark.sql.execution.SparkPlan> scans = SparkTesting.batchScans(q);
    assertEquals(1, scans.size());
    Map<String, org.apache.spark.sql.execution.metric.SQLMetric> m =
        ScalaCollections.toJava(scans.get(0).metrics());
    assertEquals(1, m.get("batchesRead").value(), "read " + m.get("batchesRead").value());
    assertEquals(99, m.get("batchesSkipped").value());
    // count(s) and count(*) from the footer statistics give the exact answers
    assertEquals(List.of(RowFactory.create(100000L, 100000L)),
        spark.read().format("arrowfile").load(out.toString()).selectExpr("count(s)", "count(*)").collectAsList());
  }

  @Test
  void partitionedAndAppendedFilesDecideEachForItself() throws IOException {
    Path out = tmp.resolve("parts");
    data().repartition(3).write().format("arrowfile").option("dictionary", "auto").partitionBy("part")
        .save(out.toString());
    // then plain files of the same rows into the same directories: one table of mixed encodings
    data().repartition(2).write().format("arrowfile").option("dictionary", "never").mode("append")
        .partitionBy("part").save(out.toString());
    List<Path> files = DataFiles.arrow(out);
    int encoded = 0;
    for (Path f : files) {
      try (ArrowFileReader r = ArrowFileReader.open(f, ReadOptions.DEFAULT)) {
        encoded += r.schema().field(r.schema().indexOf("low")).isDictionaryEncoded() ? 1 : 0;
      }
    }
    assertTrue(encoded >= 4 && encoded < files.size(), encoded + " of " + files.size());
    Dataset<Row> back = spark.read().format("arrowfile").load(out.toString());
    Dataset<Row> twice = data().unionAll(data()).selectExpr(back.columns());
    assertEquals(text(twice).stream().sorted().toList(), text(back).stream().sorted().toList());
  }

  @Test
  void emptyFrameAndEmptyStringsWithAlways() throws IOException {
    Path out = tmp.resolve("empty");
    data().where("id < 0").coalesce(1).write().format("arrowfile").option("dictionary", "always").save(out.toString());
    Path file = DataFiles.single(out);
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      assertEncoded(r.schema(), "low", true);
      assertEquals(0, r.recordBatchCount());
      assertEquals(4, r.footer().dictionaries().size()); // empty dictionaries
    }
    assertEquals(0, spark.read().format("arrowfile").load(out.toString()).count());
    assertEquals(List.of(), arrowJavaRows(file));
    Path auto = tmp.resolve("empty-auto");
    data().where("id < 0").coalesce(1).write().format("arrowfile").option("dictionary", "auto").save(auto.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(auto), ReadOptions.DEFAULT)) {
      assertEncoded(r.schema(), "low", false);
    }
    Path blanks = tmp.resolve("blanks");
    spark.sql("SELECT id, CASE WHEN id % 2 = 0 THEN '' END AS s FROM range(100)").coalesce(1).write()
        .format("arrowfile").option("dictionary", "auto").save(blanks.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(blanks), ReadOptions.DEFAULT)) {
      assertEncoded(r.schema(), "s", true);
    }
    assertEquals(50, spark.read().format("arrowfile").load(blanks.toString()).where("s = ''").count());
    assertEquals(50, spark.read().format("arrowfile").load(blanks.toString()).where("s IS NULL").count());
  }

  @Test
  void aDictionaryThatOutgrowsMemoryGoesOnFromLocalDisk() throws IOException {
    // auto picks the dictionary from the first batch (100 rows of one value), then every row is new: the
    // in-memory dictionary (bounded by maxBatchBytes, here 1 KiB) fills up and further values spill
    String sql = "SELECT id, CASE WHEN id < 100 THEN 'a' WHEN id % 10 = 0 THEN NULL "
        + "ELSE concat('value-', CAST(id AS STRING)) END AS s FROM range(5000)";
    for (String dictionary : List.of("auto", "always")) {
      Path out = tmp.resolve("spill-" + dictionary);
      spark.sql(sql).coalesce(1).write().format("arrowfile").option("dictionary", dictionary)
          .option("rowsPerBatch", "100").option("maxBatchBytes", "1k").option("compression", "zstd")
          .save(out.toString());
      Path file = DataFiles.single(out);
      try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
        assertEncoded(r.schema(), "s", true);
        assertEquals(1, r.footer().dictionaries().size()); // one dictionary, no delta
      }
      Dataset<Row> back = spark.read().format("arrowfile").load(out.toString());
      assertEquals(sorted(spark.sql(sql)), sorted(back), dictionary);
      assertEquals(ourRows(file), arrowJavaRows(file), dictionary);
      // batch statistics hold for spilled values: a point filter finds its row, and skips the other batches
      assertEquals(List.of("[4321,value-4321]"), text(back.where("s = 'value-4321'")), dictionary);
      assertEquals(1, back.where("s >= 'value-4999' AND s < 'value-5'").count(), dictionary);
    }
  }

  @Test
  void aDictionaryPastTheLargestStringArrayFailsTheWriteNamingTheRemedies() {
    // 2 GiB of values in one file, here lowered to 4 KiB
    DictionarySpill.maxBytes = 4096;
    try {
      Exception e = assertThrows(Exception.class, () -> spark.sql("SELECT concat('value-', id) AS s FROM range(5000)")
          .coalesce(1).write().format("arrowfile").option("dictionary", "always").option("maxBatchBytes", "1k")
          .save(tmp.resolve("too-large").toString()));
      String m = messages(e);
      assertTrue(m.contains("string column 's' is dictionary-encoded in this file") && m.contains("dictionary=never")
          && m.contains("maxRecordsPerFile"), m);
    } finally {
      DictionarySpill.maxBytes = DictionarySpill.MAX_BYTES;
    }
  }

  @Test
  void aSpilledDictionaryIsTheHeadThenTheSpilledValuesAndLeavesNoFile() throws IOException {
    StringDictionary head = new StringDictionary(2, 1 << 20);
    head.add(UTF8String.fromString("a"));
    head.add(UTF8String.fromString("bc"));
    DictionarySpill spill = DictionarySpill.startWith(head, "s");
    assertEquals(2, spill.append(UTF8String.fromString("déf")));
    assertEquals(3, spill.append(UTF8String.fromString("")));
    assertEquals(4, spill.append(UTF8String.fromString("a"))); // no deduplication past the head
    List<Path> files = spill.files();
    assertTrue(files.stream().allMatch(Files::exists), files.toString());
    ArrowArray values = ArrowArray.of(spill.values(io.arrowfile.columnar.type.Field.notNull("v", new ArrowType.Utf8())));
    List<Object> got = new ArrayList<>();
    for (long i = 0; i < values.length(); i++) {
      got.add(values.getObject(i));
    }
    assertEquals(List.of("a", "bc", "déf", "", "a"), got);
    spill.close();
    assertTrue(files.stream().noneMatch(Files::exists), files.toString());
  }

  @Test
  void collatedStringsKeepTheirCollationWhenEncoded() throws IOException {
    SparkLine.assumeCollations();
    Path out = tmp.resolve("collated");
    String sql = "SELECT id, CAST(id % 3 AS STRING) COLLATE UNICODE_CI AS c FROM range(300)";
    spark.sql(sql).coalesce(1).write().format("arrowfile").option("dictionary", "auto").save(out.toString());
    try (ArrowFileReader r = ArrowFileReader.open(DataFiles.single(out), ReadOptions.DEFAULT)) {
      assertEncoded(r.schema(), "c", true);
    }
    Dataset<Row> back = spark.read().format("arrowfile").load(out.toString());
    assertEquals(spark.sql(sql).schema().apply("c"), back.schema().apply("c"));
    assertEquals(sorted(spark.sql(sql)), sorted(back));
  }

  @Test
  void optionValues() {
    assertEquals(ArrowWriteOptions.Dictionary.NEVER, ArrowWriteOptions.parse(Map.of()).dictionary()); // the default
    assertEquals(ArrowWriteOptions.Dictionary.AUTO, ArrowWriteOptions.parse(Map.of("dictionary", "Auto")).dictionary());
    assertEquals(ArrowWriteOptions.Dictionary.ALWAYS,
        ArrowWriteOptions.parse(Map.of("Dictionary", "ALWAYS")).dictionary());
    assertEquals(ArrowWriteOptions.Dictionary.NEVER, ArrowWriteOptions.parse(Map.of("dictionary", "never")).dictionary());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ArrowWriteOptions.parse(Map.of("dictionary", "yes")));
    assertTrue(e.getMessage().contains("valid values: never, auto, always"), e.getMessage());
  }

  @Test
  void stringDictionaryFindsGrowsAndStopsAtItsBounds() {
    StringDictionary d = new StringDictionary(1000, 1 << 20);
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 1000; i++) {
        assertEquals(i, d.add(UTF8String.fromString("k" + i)));
      }
    }
    assertEquals(1000, d.size());
    assertEquals(-1, d.add(UTF8String.fromString("new")));
    assertEquals(1000, d.size());
    assertEquals("k999", d.get(999).toString());
    assertEquals(0, new StringDictionary(10, 1 << 20).add(UTF8String.fromString("")));
    StringDictionary small = new StringDictionary(10, 5);
    assertEquals(0, small.add(UTF8String.fromString("abc")));
    assertEquals(-1, small.add(UTF8String.fromString("xyz")));
    assertEquals(1, small.add(UTF8String.fromString("xy")));
    assertEquals(0, small.add(UTF8String.fromString("abc")));
    // values sliced out of a larger buffer compare by content
    UTF8String big = UTF8String.fromString("__abc__");
    assertEquals(0, small.add(big.substring(2, 5)));
  }

  @Test
  void aFilesDictionariesShareOneBoundAndAPlainColumnGivesItsShareBack() {
    StringDictionary.Bound bound = new StringDictionary.Bound(3, 1 << 20);
    StringDictionary a = new StringDictionary(bound);
    StringDictionary b = new StringDictionary(bound);
    assertEquals(0, a.add(UTF8String.fromString("x")));
    assertEquals(1, a.add(UTF8String.fromString("y")));
    assertEquals(0, b.add(UTF8String.fromString("x")));
    assertEquals(-1, b.add(UTF8String.fromString("z")));
    assertEquals(0, b.add(UTF8String.fromString("x"))); // values it holds are still found
    a.release();
    assertEquals(1, b.add(UTF8String.fromString("z")));
    assertEquals(2, bound.entries); // b's x and z
  }
}
