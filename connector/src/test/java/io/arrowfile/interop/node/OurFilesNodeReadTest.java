package io.arrowfile.interop.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.arrowfile.interop.python.Canonical;
import io.arrowfile.interop.python.OurFilesSparkWrittenTest;
import io.arrowfile.testing.DataFiles;
import io.arrowfile.testing.NodePeers;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the Spark writer makes, of every Spark type of docs/types.md's "Spark to Arrow (writing)" table (the data of
 * {@link OurFilesSparkWrittenTest}) and with the write options that change the bytes (compression, dictionary
 * encoding, batch sizes), read by apache-arrow and flechette ({@code testkit/node/check_our_files.mjs}) and
 * compared value by value with the rows Spark was given. parquet-wasm (arrow-rs) reads IPC streams only: each
 * DataFrame is also written as a stream by the Spark writer ({@code ipcFormat=stream}, same options: there the
 * dictionaries come before the batches, each change as the whole dictionary again, or as deltas with
 * {@code dictionaryDeltas}) and all three read that.
 *
 * <p>What a peer cannot read is a named expectation ({@link #CANNOT}), checked to fail with its own words.
 */
class OurFilesNodeReadTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  /** Option sets: name, then key, value pairs. */
  private static final String[][] OPTIONS = {
      {"default"},
      {"lz4", "compression", "lz4"},
      {"zstd", "compression", "zstd"},
      {"dictionary-auto", "dictionary", "auto"},
      {"dictionary-always", "dictionary", "always"},
      {"dictionary-always-lz4", "dictionary", "always", "compression", "lz4"},
      {"dictionary-auto-zstd", "dictionary", "auto", "compression", "zstd"},
      {"rows7", "rowsPerBatch", "7"},
      {"zstd-rows7", "compression", "zstd", "rowsPerBatch", "7"},
      {"lz4-maxBatchBytes1k", "compression", "lz4", "maxBatchBytes", "1k"},
      // new strings in every batch of main: in a stream, a replacement dictionary before each record batch
      {"dictionary-always-rows7", "dictionary", "always", "rowsPerBatch", "7"},
      // ... or a delta dictionary batch (the stream only: a file has none)
      {"dictionary-always-rows7-deltas", "dictionary", "always", "rowsPerBatch", "7", "dictionaryDeltas", "true"},
  };

  /**
   * Peer, then a pattern of the case names it cannot read and the words of its error. parquet-wasm's arrow-rs is
   * built without the IPC codecs. flechette reads a file's messages in order, not through its footer, and fails
   * on a dictionary that follows the record batches using it, where the file format allows it and where the
   * Spark writer puts it ({@code dictionary=auto|always}; {@code auto} encodes the colors, not the main
   * DataFrame's strings, too varied for it).
   */
  static final Map<String, Map<String, String>> CANNOT = Map.of(
      "parquet-wasm", Map.of(".*lz4.*", "lz4 IPC decompression requires the lz4 feature",
          ".*zstd.*", "zstd IPC decompression requires the zstd feature"),
      "flechette", Map.of("dictionary-(always.*/(main|colors)|auto.*/colors)/file",
          "Cannot read properties of undefined (reading 'cache')"));

  private static final Object[][] COLORS = {{"id", DataTypes.IntegerType}, {"color", DataTypes.StringType}};

  private static JsonNode report;
  private static final List<String> CASES = new ArrayList<>();

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("our-files-node-read");

  @BeforeAll
  static void writeAndCheck() throws IOException {
    if (!NodePeers.available()) {
      return;
    }
    spark = SESSION.session();
    spark.conf().set("spark.sql.datetime.java8API.enabled", "true");
    Dataset<Row> main = frame(OurFilesSparkWrittenTest.MAIN, OurFilesSparkWrittenTest.mainRows(300, 11));
    Dataset<Row> intervals = frame(OurFilesSparkWrittenTest.INTERVALS,
        OurFilesSparkWrittenTest.intervalRows(100, 12));
    // Few distinct strings, which dictionary=auto encodes (the main DataFrame's are too varied for it).
    List<Row> colorRows = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      colorRows.add(RowFactory.create(i, i % 9 == 0 ? null : List.of("red", "green", "blue", "").get(i % 4)));
    }
    Dataset<Row> colors = frame(COLORS, colorRows);
    List<Canonical.Case> cases = new ArrayList<>();
    for (String[] o : OPTIONS) {
      cases.addAll(write(o[0] + "/main", main, OurFilesSparkWrittenTest.MAIN, o));
      cases.addAll(write(o[0] + "/intervals", intervals, OurFilesSparkWrittenTest.INTERVALS, o));
      cases.addAll(write(o[0] + "/colors", colors, COLORS, o));
    }
    ArrayNode list = Canonical.JSON.createArrayNode();
    for (Canonical.Case c : cases) {
      list.addObject().put("name", c.name()).put("path", c.path().toString()).put("format", c.format())
          .put("expected", c.expected().toString());
      CASES.add(c.name());
    }
    Path file = dir.resolve("cases.json");
    Canonical.JSON.writeValue(file.toFile(), list);
    report = Canonical.JSON.readTree(NodePeers.run("check_our_files.mjs", 300, file.toString()));
  }

  private static Dataset<Row> frame(Object[][] columns, List<Row> rows) {
    StructType schema = new StructType();
    for (Object[] c : columns) {
      schema = schema.add(new StructField((String) c[0], (DataType) c[1], true, Metadata.empty()));
    }
    return spark.createDataFrame(rows, schema).coalesce(1);
  }

  /** Writes {@code df} with the options of {@code o} (one file), and the same batches as a stream. */
  private static List<Canonical.Case> write(String name, Dataset<Row> df, Object[][] columns, String[] o)
      throws IOException {
    Path out = dir.resolve(name.replace('/', '-'));
    DataFrameWriter<Row> w = df.write().format("arrowfile");
    for (int i = 1; i + 1 < o.length; i += 2) {
      if (!o[i].equals("dictionaryDeltas")) {
        w = w.option(o[i], o[i + 1]);
      }
    }
    w.save(out.toString());
    List<Path> files = DataFiles.arrow(out);
    assertEquals(1, files.size(), name + ": coalesce(1) writes one file, got " + files);
    Path file = files.get(0);
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (Object[] c : columns) {
      names.add((String) c[0]);
      types.add(null);
    }
    ArrayNode rows = Canonical.sparkRows(df.collectAsList(), df.schema(), names);
    Path streamOut = dir.resolve(name.replace('/', '-') + "-stream");
    // Uncompressed unless the name says lz4 or zstd: parquet-wasm's arrow-rs has no codecs (CANNOT).
    if (!name.contains("lz4") && !name.contains("zstd")) {
      w = w.option("compression", "none");
    }
    for (int i = 1; i + 1 < o.length; i += 2) {
      if (o[i].equals("dictionaryDeltas")) {
        w = w.option(o[i], o[i + 1]);
      }
    }
    w.option("ipcFormat", "stream").save(streamOut.toString());
    List<Path> streams;
    try (Stream<Path> s = Files.list(streamOut)) {
      streams = s.filter(p -> p.getFileName().toString().endsWith(".arrows")).toList();
    }
    assertEquals(1, streams.size(), name + ": coalesce(1) writes one stream, got " + streams);
    Path stream = streams.get(0);
    return List.of(
        Canonical.expect(name + "/file", file, "file", names, types, rows, false, Map.of()),
        Canonical.expect(name + "/stream", stream, "stream", names, types, rows, false, Map.of()));
  }

  @TestFactory
  Stream<DynamicTest> apacheArrowFlechetteAndArrowRsReadWhatSparkWrote() {
    NodePeers.require();
    List<DynamicTest> tests = new ArrayList<>();
    tests.add(DynamicTest.dynamicTest("versions " + report.get("versions"), () -> { }));
    for (String name : CASES) {
      JsonNode r = report.path("cases").path(name);
      List<String> peers = name.endsWith("/stream") ? List.of("apache-arrow", "flechette", "parquet-wasm")
          : List.of("apache-arrow", "flechette");
      for (String peer : peers) {
        String cannot = null;
        for (Map.Entry<String, String> e : CANNOT.getOrDefault(peer, Map.of()).entrySet()) {
          if (name.matches(e.getKey())) {
            cannot = e.getValue();
          }
        }
        JsonNode check = r.get(peer);
        if (cannot != null) {
          String words = cannot;
          tests.add(DynamicTest.dynamicTest(name + ": " + peer + " cannot (" + words + ")", () -> {
            assertFalse(check.path("ok").asBoolean(true), name + ": " + peer + " read it after all: " + check);
            if (!check.path("error").asText().contains(words)) {
              throw new AssertionError(name + ": " + peer + " failed for another reason: " + check);
            }
          }));
        } else {
          tests.add(DynamicTest.dynamicTest(name + ": " + peer + " values", () -> Canonical.assertOk(check, name + ": " + peer)));
        }
      }
    }
    return tests.stream();
  }
}
