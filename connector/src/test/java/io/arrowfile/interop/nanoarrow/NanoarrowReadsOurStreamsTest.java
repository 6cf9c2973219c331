package io.arrowfile.interop.nanoarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.arrowfile.testing.NanoarrowPeer;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Spark writer's streams ({@code ipcFormat=stream}) read by nanoarrow, the Arrow C library: its IPC array
 * stream reads every batch of each file and validates it at {@code NANOARROW_VALIDATION_LEVEL_FULL}
 * ({@code testkit/c/nanoarrow_check.c}), and the rows, non-null values, integer sums, string bytes and true values
 * it counts equal what Spark computes over the DataFrame it was given.
 *
 * <p>nanoarrow 0.8.0 (the release vendored in {@code testkit/c/nanoarrow}) decodes no dictionary-encoded field;
 * {@code dictionary=auto|always} streams are checked to be refused with its own words.
 */
class NanoarrowReadsOurStreamsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static SparkSession spark;

  @TempDir
  Path tmp;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("arrowfile-nanoarrow-test",
      "spark.sql.session.timeZone", "UTC").into(s -> spark = s);

  /** Without the checker (no gcc), skip before Spark writes anything. */
  @BeforeEach
  void requirePeer() {
    NanoarrowPeer.require();
  }

  /** Two partitions, so two files, of 1000 rows in batches of 64: nulls in most columns, UTF-8 beyond ASCII. */
  private static Dataset<Row> data() {
    return spark.sql("SELECT id, CAST(id % 1000 AS INT) - 500 AS i,"
        + " CASE WHEN id % 7 = 0 THEN NULL ELSE CAST(id AS DOUBLE) / 3 END AS d,"
        + " CASE WHEN id % 5 = 0 THEN NULL ELSE concat('s', CAST(id AS STRING), repeat('é', CAST(id % 4 AS INT)))"
        + " END AS s,"
        + " CASE WHEN id % 11 = 0 THEN NULL ELSE id % 3 = 0 END AS b,"
        + " date_add(DATE'2024-01-01', CAST(id % 400 AS INT)) AS day,"
        + " timestamp_micros(1700000000000000 + id * 1000003) AS ts,"
        + " CASE WHEN id % 13 = 0 THEN NULL ELSE CAST(id / 8 AS DECIMAL(12, 3)) END AS dec,"
        + " CASE WHEN id % 9 = 0 THEN NULL ELSE array(CAST(id AS INT), NULL, 7) END AS li,"
        + " named_struct('a', id, 'b', CAST(id AS STRING)) AS st,"
        + " CASE WHEN id % 6 = 0 THEN NULL ELSE map('k', CAST(id AS INT), 'l', NULL) END AS m,"
        // three values: dictionary=auto encodes it (at most one distinct value per 4 in the first batch)
        + " CASE WHEN id % 10 = 0 THEN NULL ELSE element_at(array('red', 'green', 'blue'), CAST(id % 3 AS INT) + 1)"
        + " END AS color"
        + " FROM range(0, 1000, 1, 2)");
  }

  /** The Arrow types nanoarrow sees, as {@code name:format} (the C data interface's format strings). */
  private static final List<String> FIELDS = List.of("id:l", "i:i", "d:g", "s:u", "b:b", "day:tdD", "ts:tsu:UTC",
      "dec:d:12,3", "li:+l", "st:+s", "m:+m", "color:u");

  @ParameterizedTest
  @ValueSource(strings = {"none", "lz4", "zstd"})
  void nanoarrowReadsAndValidatesOurStreams(String compression) throws IOException {
    requireCodec(compression);
    Path out = write(data(), "compression", compression, "rowsPerBatch", "64");
    List<Path> streams = streams(out);
    assertEquals(2, streams.size(), streams.toString());
    Seen seen = readAll(streams);
    assertEquals(FIELDS, seen.fields());
    assertEquals(2 * 8, seen.batches(), "500 rows a file in batches of 64");
    assertEquals(spark(data()), seen.numbers());
  }

  /** An empty DataFrame still makes a stream: its schema and no batch. */
  @Test
  void nanoarrowReadsAnEmptyStream() throws IOException {
    List<Path> streams = streams(write(data().limit(0), "compression", "none"));
    assertFalse(streams.isEmpty());
    Seen seen = readAll(streams);
    assertEquals(FIELDS, seen.fields());
    assertEquals(0, seen.batches());
    assertEquals(spark(data().limit(0)), seen.numbers());
  }

  /**
   * nanoarrow 0.8.0 refuses any dictionary-encoded field when it reads the schema, whatever the dictionaries'
   * place. When the vendored nanoarrow decodes dictionaries (its main branch does, not yet their deltas), this fails:
   * then read these streams as above (the checker sums a dictionary&lt;utf8&gt; column's bytes through its dictionary).
   */
  @ParameterizedTest
  @ValueSource(strings = {"auto", "always"})
  void nanoarrowRefusesDictionaryEncodedStreams(String dictionary) throws IOException {
    Path out = write(data(), "compression", "none", "dictionary", dictionary, "rowsPerBatch", "64");
    for (Path f : streams(out)) {
      NanoarrowPeer.Result r = NanoarrowPeer.check(f);
      assertFalse(r.ok(), f + " read: " + r.stdout());
      assertTrue(r.stderr().contains("Schema message field with DictionaryEncoding not supported"), r.stderr());
    }
  }

  /** What nanoarrow counted in a directory's streams, added up over its files. */
  private record Seen(List<String> fields, long batches, Map<String, Long> numbers) {}

  private static Seen readAll(List<Path> streams) throws IOException {
    List<String> fields = null;
    long batches = 0;
    Map<String, Long> numbers = new TreeMap<>();
    for (Path f : streams) {
      JsonNode json = JSON.readTree(NanoarrowPeer.run(f));
      List<String> these = new ArrayList<>();
      json.get("fields").forEach(field -> these.add(field.get("name").asText() + ":" + field.get("format").asText()
          + (field.has("dictionary") ? "[" + field.get("dictionary").asText() + "]" : "")));
      if (fields != null) {
        assertEquals(fields, these, f + " has the schema of the other files");
      }
      fields = these;
      batches += json.get("batches").asLong();
      numbers.merge("rows", json.get("rows").asLong(), Long::sum);
      for (int c = 0; c < these.size(); c++) {
        String name = these.get(c).substring(0, these.get(c).indexOf(':'));
        for (Map.Entry<String, JsonNode> e : json.get("columns").get(c).properties()) {
          numbers.merge(name + "." + e.getKey(), e.getValue().asLong(), Long::sum);
        }
      }
    }
    return new Seen(fields, batches, numbers);
  }

  /** The same numbers from Spark, over the DataFrame itself: rows, and per column what the checker counts. */
  private static Map<String, Long> spark(Dataset<Row> df) {
    List<String> names = new ArrayList<>(List.of("rows"));
    List<String> exprs = new ArrayList<>(List.of("count(*)"));
    for (StructField f : df.schema().fields()) {
      String c = "`" + f.name() + "`";
      DataType t = f.dataType();
      names.add(f.name() + ".nonNull");
      exprs.add("count(" + c + ")");
      if (t.equals(DataTypes.LongType) || t.equals(DataTypes.IntegerType)) {
        names.add(f.name() + ".sum");
        exprs.add("coalesce(sum(CAST(" + c + " AS BIGINT)), 0)");
      } else if (t.equals(DataTypes.StringType)) {
        names.add(f.name() + ".bytes");
        exprs.add("coalesce(sum(octet_length(" + c + ")), 0)");
      } else if (t.equals(DataTypes.BooleanType)) {
        names.add(f.name() + ".trues");
        exprs.add("count_if(" + c + ")");
      }
    }
    Row r = df.selectExpr(exprs.toArray(String[]::new)).first();
    Map<String, Long> numbers = new TreeMap<>();
    for (int i = 0; i < names.size(); i++) {
      numbers.put(names.get(i), ((Number) r.get(i)).longValue());
    }
    return numbers;
  }

  /** Writes {@code df} as streams with the options, key, value pairs, into a new directory. */
  private Path write(Dataset<Row> df, String... options) {
    Path out = tmp.resolve("out-" + String.join("-", options));
    DataFrameWriter<Row> w = df.write().format("arrowfile").option("ipcFormat", "stream");
    for (int i = 0; i < options.length; i += 2) {
      w = w.option(options[i], options[i + 1]);
    }
    w.save(out.toString());
    return out;
  }

  private static List<Path> streams(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".arrows")).sorted().toList();
    }
  }

  /** A codec the checker was built without (no libzstd.so.1 / liblz4.so.1 here) skips; CI=true builds both. */
  private static void requireCodec(String compression) {
    Assumptions.assumeTrue(compression.equals("none") || NanoarrowPeer.codecs().contains(compression),
        "the nanoarrow peer was built without " + compression + " (its shared library is not on this machine)");
  }
}
