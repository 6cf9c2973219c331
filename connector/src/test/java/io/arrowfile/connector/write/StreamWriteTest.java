package io.arrowfile.connector.write;

import static io.arrowfile.testing.SparkTesting.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.MessageReader;
import io.arrowfile.ipc.ReadMessage;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ipcFormat=stream}: files in the IPC stream format, named {@code .arrows} (or {@code fileExtension}), read
 * back equal through arrowfile and by the format module's stream reader; dictionaries before the batches that use
 * them, each change the whole dictionary again (a replacement) or, with {@code dictionaryDeltas=true}, a delta of
 * the new values; no statistics.
 */
class StreamWriteTest {
  private static SparkSession spark;

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-stream-write-test")
      .into(s -> spark = s);

  /** New low-cardinality values keep appearing in later batches, beside nested and binary columns. */
  private static Dataset<Row> data() {
    return spark.sql("SELECT id, CASE WHEN id % 13 = 0 THEN NULL ELSE concat('c', CAST(id DIV 50 AS STRING), '-é') END"
        + " AS cat, concat('u', CAST(id AS STRING)) AS high, array(CAST(id % 3 AS STRING), NULL) AS arrs,"
        + " named_struct('a', id * 2, 'b', CAST(id % 4 AS STRING)) AS st, CAST(CAST(id AS STRING) AS BINARY) AS bin,"
        + " CAST(id AS DECIMAL(20, 3)) / 7 AS dec FROM range(0, 1000, 1, 2)");
  }

  private static List<String> sorted(Dataset<Row> df) {
    return df.orderBy("id").selectExpr("id", "cat", "high", "arrs", "st", "hex(bin)", "dec").collectAsList()
        .stream().map(Row::toString).toList();
  }

  private static List<Path> files(Path dir, String extension) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(extension)).sorted().toList();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"never", "auto", "always"})
  void streamsReadBackEqual(String dictionary) throws IOException {
    for (String compression : List.of("none", "lz4", "zstd")) {
      Path out = tmp.resolve(dictionary + "-" + compression);
      data().write().format("arrowfile").option("ipcFormat", "stream").option("compression", compression)
          .option("dictionary", dictionary).option("rowsPerBatch", "64").save(out.toString());
      List<Path> streams = files(out, ".arrows");
      assertEquals(2, streams.size(), out + ": " + streams);
      assertTrue(files(out, ".arrow").isEmpty());
      for (Path f : streams) {
        assertStream(f, dictionary);
      }
      String label = dictionary + "/" + compression;
      assertEquals(sorted(data()), sorted(spark.read().format("arrowfile").load(out.toString())), label);
      assertEquals(1000L, spark.read().format("arrowfile").load(out.toString()).count(), label);
    }
  }

  /**
   * A stream (it starts with the continuation marker, not ARROW1, and ends with the end-of-stream marker) that
   * the format module's stream reader reads whole: with dictionaries, the column {@code cat} is encoded and its
   * dictionary grew before the batches that use the new values, each time as a replacement (no delta).
   */
  private static void assertStream(Path f, String dictionary) throws IOException {
    try (FileChannel c = FileChannel.open(f)) {
      ByteBuffer head = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
      c.read(head, 0);
      assertEquals(0xFFFFFFFF, head.getInt(0), f + " starts with the continuation marker");
      ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      c.read(tail, c.size() - 8);
      assertEquals(0xFFFFFFFF, tail.getInt(0), f + " ends with the end-of-stream marker");
      assertEquals(0, tail.getInt(4), f + " ends with the end-of-stream marker");
    }
    long rows = 0;
    try (ArrowStreamReader reader = ArrowStreamReader.open(f, ReadOptions.DEFAULT)) {
      Field cat = reader.schema().fields().get(1);
      assertEquals(!dictionary.equals("never"), cat.isDictionaryEncoded(), f + ": " + cat);
      assertEquals(dictionary.equals("always"), reader.schema().fields().get(2).isDictionaryEncoded(),
          "an all-distinct column is encoded by always only");
      RecordBatch b;
      while ((b = reader.next()) != null) {
        rows += b.length();
      }
    }
    assertEquals(500, rows, f.toString());
    int[] kinds = dictionaryBatches(f);
    assertEquals(0, kinds[1], f + ": no delta dictionary batch unless dictionaryDeltas=true");
    if (!dictionary.equals("never")) {
      assertTrue(kinds[0] > 2, f + ": the first dictionaries and replacements as cat grew: " + kinds[0]);
    }
  }

  /** A stream's dictionary batches: {whole (the first or a replacement), deltas}. */
  private static int[] dictionaryBatches(Path f) throws IOException {
    int[] kinds = new int[2];
    try (InputStream in = Files.newInputStream(f);
        MessageReader messages = MessageReader.of(in, f.toString(), ReadOptions.DEFAULT)) {
      ReadMessage m;
      while ((m = messages.next()) != null) {
        if (m.message().header() instanceof DictionaryBatchHeader d) {
          kinds[d.isDelta() ? 1 : 0]++;
        }
      }
    }
    return kinds;
  }

  /**
   * {@code dictionaryDeltas=true}: each encoded column's first dictionary whole, then only the new values before the
   * batches that use them; read back equal. A file has no deltas, so the option needs {@code ipcFormat=stream}.
   */
  @Test
  void dictionaryDeltasWriteOnlyTheNewValues() throws IOException {
    Path out = tmp.resolve("deltas");
    data().write().format("arrowfile").option("ipcFormat", "stream").option("dictionary", "auto")
        .option("dictionaryDeltas", "true").option("rowsPerBatch", "64").save(out.toString());
    for (Path f : files(out, ".arrows")) {
      int[] kinds = dictionaryBatches(f);
      assertEquals(1, kinds[0], f + ": one whole dictionary, cat's first");
      assertTrue(kinds[1] > 1, f + ": deltas as cat grew: " + kinds[1]);
    }
    assertEquals(sorted(data()), sorted(spark.read().format("arrowfile").load(out.toString())));
    Path replaced = tmp.resolve("replaced");
    data().write().format("arrowfile").option("ipcFormat", "stream").option("dictionary", "auto")
        .option("rowsPerBatch", "64").save(replaced.toString());
    assertTrue(size(out) < size(replaced), "deltas make the smaller stream: " + size(out) + " vs " + size(replaced));
    Exception e = assertThrows(Exception.class, () -> data().write().format("arrowfile")
        .option("dictionaryDeltas", "true").save(tmp.resolve("file-deltas").toString()));
    assertTrue(messages(e).contains("dictionaryDeltas=true needs ipcFormat=stream"), messages(e));
  }

  private static long size(Path dir) throws IOException {
    long n = 0;
    for (Path f : files(dir, ".arrows")) {
      n += Files.size(f);
    }
    return n;
  }

  /** The file's name ends as asked: Hugging Face names its stream shards .arrow. */
  @Test
  void fileExtensionNamesTheFiles() throws IOException {
    Path out = tmp.resolve("hf");
    data().write().format("arrowfile").option("ipcFormat", "stream").option("fileExtension", "arrow")
        .save(out.toString());
    List<Path> written = files(out, ".arrow");
    assertEquals(2, written.size(), written.toString());
    assertStream(written.get(0), "never");
    Path feather = tmp.resolve("feather");
    data().write().format("arrowfile").option("fileExtension", ".feather").save(feather.toString());
    assertEquals(2, files(feather, ".feather").size());
    assertEquals(sorted(data()), sorted(spark.read().format("arrowfile").load(out.toString())));
  }

  /**
   * A dictionary that outgrows its memory bound (maxBatchBytes) goes on through the local-disk spill; in a stream its
   * further values go out as deltas before the batches that use them (not the whole dictionary again, which would
   * re-read the spill for every batch), whether or not {@code dictionaryDeltas} asks for them.
   */
  @Test
  void spilledDictionaryGoesOutAsDeltas() throws IOException {
    Path out = tmp.resolve("spilled");
    Dataset<Row> df = spark.sql("SELECT id, concat(repeat('x', 40), CAST(id DIV 2 AS STRING)) AS s "
        + "FROM range(0, 2000, 1, 1)");
    df.write().format("arrowfile").option("ipcFormat", "stream").option("dictionary", "always")
        .option("maxBatchBytes", "4k").option("compression", "zstd").save(out.toString());
    Path f = files(out, ".arrows").get(0);
    try (ArrowStreamReader reader = ArrowStreamReader.open(f, ReadOptions.DEFAULT)) {
      assertTrue(reader.schema().fields().get(1).isDictionaryEncoded());
    }
    assertTrue(dictionaryBatches(f)[1] > 0, f + ": deltas once the dictionary spilled");
    assertEquals(df.orderBy("id").collectAsList(),
        spark.read().format("arrowfile").load(out.toString()).orderBy("id").collectAsList());
  }

  @Test
  void emptyStreamsHoldTheirSchema() throws IOException {
    Path out = tmp.resolve("empty");
    data().limit(0).write().format("arrowfile").option("ipcFormat", "stream").option("dictionary", "always")
        .save(out.toString());
    List<Path> written = files(out, ".arrows");
    assertFalse(written.isEmpty());
    try (ArrowStreamReader reader = ArrowStreamReader.open(written.get(0), ReadOptions.DEFAULT)) {
      assertEquals(7, reader.schema().fields().size());
      assertEquals(null, reader.next());
    }
    assertEquals(0, spark.read().format("arrowfile").load(out.toString()).count());
  }

  @Test
  void invalidValuesFailOnTheDriver() {
    List<String> errors = new ArrayList<>();
    for (String[] o : List.of(new String[] {"ipcFormat", "feather"}, new String[] {"fileExtension", "a/b"},
        new String[] {"statistics", "true"})) {
      Exception e = assertThrows(Exception.class, () -> data().write().format("arrowfile")
          .option("ipcFormat", o[0].equals("ipcFormat") ? o[1] : "stream").option(o[0], o[1])
          .save(tmp.resolve("bad-" + o[0]).toString()));
      errors.add(messages(e));
    }
    assertTrue(errors.get(0).contains("invalid arrowfile write option ipcFormat='feather'; valid values: file, stream"),
        errors.get(0));
    assertTrue(errors.get(1).contains("invalid arrowfile write option fileExtension='a/b'"), errors.get(1));
    assertTrue(errors.get(2).contains("statistics=true needs ipcFormat=file"), errors.get(2));
  }
}
