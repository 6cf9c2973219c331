package io.arrowfile.interop.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hugging Face {@code datasets} as a peer, both ways ({@code testkit/python/hf_datasets_peer.py}, one Python process
 * per direction): a dataset of datasets' own feature types, {@code save_to_disk}'d in two stream shards beside
 * {@code dataset_info.json} and {@code state.json}, read through Spark with {@code pathGlobFilter} equal to what
 * {@code datasets} gives; and Spark's stream output ({@code ipcFormat=stream}, {@code fileExtension=arrow}) opened
 * by {@code Dataset.from_file}, {@code load_dataset("arrow", ...)}, {@code pyarrow.ipc.open_stream} and Polars'
 * {@code read_ipc_stream} (which refuses the delta dictionaries of {@code dictionaryDeltas=true}).
 */
class HuggingFaceDatasetsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @TempDir static Path dir;
  private static SparkSession spark;
  private static JsonNode made;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("hf-datasets").into(s -> spark = s);

  @BeforeAll
  static void make() throws IOException {
    spark.conf().set("spark.sql.datetime.java8API.enabled", "true");
    if (PythonPeers.available()) {
      made = JSON.readTree(PythonPeers.run("hf_datasets_peer.py", 300, "make", dir.toString()));
    }
  }

  private static String datasetDir() {
    return dir.resolve("ds").toString();
  }

  /** The directory as a user first points at it: the sidecar fails the read, and the message says what to do. */
  @Test
  void theDirectoryAloneSaysToFilterTheArrowFiles() {
    PythonPeers.require();
    Exception e = assertThrows(Exception.class,
        () -> spark.read().format("arrowfile").load(datasetDir()).collectAsList());
    String message = SparkTesting.messages(e);
    assertTrue((message.contains("dataset_info.json") || message.contains("state.json"))
        && message.contains(".option(\"pathGlobFilter\", \"*.arrow\")"), message);
  }

  @Test
  void sparkReadsTheShardsAsDatasetsGivesThem() throws IOException {
    PythonPeers.require();
    Dataset<Row> df = spark.read().format("arrowfile").option("pathGlobFilter", "*.arrow").load(datasetDir());
    List<String> actual = canonical(df.orderBy("id"));
    List<String> expected = rows(made.get("rows"));
    assertEquals(40, expected.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), "row " + i + " (schema " + df.schema().simpleString() + ")");
    }
    assertEquals(expected.size(), actual.size());
  }

  @Test
  void datasetsOpensSparksStreams() throws IOException {
    PythonPeers.require();
    // dictionary=auto with new values of cat in later batches: each time the whole dictionary again (a replacement)
    // or, with dictionaryDeltas=true, a delta.
    Dataset<Row> df = spark.sql("SELECT id, CAST(id % 5 AS INT) AS label, concat('row ', CAST(id AS STRING)) AS text,"
        + " concat('c', CAST(id DIV 20 AS STRING)) AS cat, id / 8 - 2.5 AS f64, CAST(id / 4 AS FLOAT) AS f32,"
        + " id % 2 = 0 AS flag, CAST(CAST(id AS STRING) AS BINARY) AS blob, date_add(DATE'1999-12-31', CAST(id AS INT))"
        + " AS day, TIMESTAMP'2024-05-01 12:00:00 UTC' + make_interval(0, 0, 0, 0, 0, 0, id) AS at,"
        + " CAST(id AS DECIMAL(12, 2)) / 4 AS price, array(CAST(id AS INT), NULL) AS tokens,"
        + " named_struct('source', CAST(id % 3 AS STRING), 'score', named_struct('value', id * 0.5D)) AS meta,"
        + " array(named_struct('start', CAST(id AS INT), 'tag', 't')) AS spans,"
        + " CASE WHEN id % 7 = 3 THEN NULL ELSE id * 3 END AS maybe FROM range(0, 100, 1, 2)");
    List<String> expected = canonical(df.orderBy("id"));
    List<String> report = new ArrayList<>();
    for (String variant : List.of("never", "auto", "auto-deltas")) {
      String dictionary = variant.startsWith("auto") ? "auto" : "never";
      Path out = dir.resolve("spark-" + variant);
      df.write().format("arrowfile").option("ipcFormat", "stream").option("fileExtension", "arrow")
          .option("dictionary", dictionary).option("dictionaryDeltas", String.valueOf(variant.endsWith("deltas")))
          .option("rowsPerBatch", "16").save(out.toString());
      List<String> files;
      try (Stream<Path> s = Files.list(out)) {
        files = s.map(Path::toString).filter(p -> p.endsWith(".arrow")).sorted().toList();
      }
      assertEquals(2, files.size(), files.toString());
      String[] args = new String[files.size() + 1];
      args[0] = "check";
      for (int i = 0; i < files.size(); i++) {
        args[i + 1] = files.get(i);
      }
      JsonNode checked = JSON.readTree(PythonPeers.run("hf_datasets_peer.py", 300, args));
      for (String reader : List.of("from_file", "load_dataset", "open_stream")) {
        JsonNode r = checked.get(reader);
        String label = variant + "/" + reader;
        assertFalse(r.has("error"), label + ": " + r);
        List<String> got = rows(r);
        got = new ArrayList<>(got);
        got.sort(java.util.Comparator.comparingLong(HuggingFaceDatasetsTest::idOf));
        assertEquals(expected, got, label + " (features " + checked.get("features") + ")");
        report.add(label);
      }
      // Polars reads plain streams and replaced dictionaries; it refuses delta dictionaries (docs/writing.md says
      // so): this fails once Polars reads them, and the docs must change then.
      JsonNode polars = checked.get("polars");
      if (!variant.endsWith("deltas")) {
        assertFalse(polars.has("error"), "Polars: " + polars);
        List<String> got = new ArrayList<>(rows(polars));
        got.sort(java.util.Comparator.comparingLong(HuggingFaceDatasetsTest::idOf));
        assertEquals(expected, got, variant + ": Polars read_ipc_stream");
      } else {
        assertTrue(polars.path("error").asText().contains("delta dictionary batches not supported"),
            "Polars: " + polars);
      }
    }
    assertEquals(9, report.size(), report.toString());
  }

  private static long idOf(String row) {
    try {
      return JSON.readTree(row).get("id").asLong();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Each row of a JSON array as text, written by Jackson (so that Python's and Java's numbers print alike). */
  private static List<String> rows(JsonNode array) throws IOException {
    List<String> out = new ArrayList<>();
    for (JsonNode row : array) {
      out.add(JSON.writeValueAsString(row));
    }
    return out;
  }

  /** Spark's rows in the script's canonical form (see hf_datasets_peer.py). */
  private static List<String> canonical(Dataset<Row> df) throws IOException {
    List<String> out = new ArrayList<>();
    StructType schema = df.schema();
    for (Row r : df.collectAsList()) {
      out.add(JSON.writeValueAsString(struct(r, schema)));
    }
    return out;
  }

  private static ObjectNode struct(Row r, StructType t) {
    ObjectNode o = NODES.objectNode();
    StructField[] fields = t.fields();
    for (int i = 0; i < fields.length; i++) {
      o.set(fields[i].name(), value(r.get(i), fields[i].dataType()));
    }
    return o;
  }

  private static JsonNode value(Object v, DataType t) {
    if (v == null) {
      return NODES.nullNode();
    }
    if (v instanceof Boolean b) {
      return NODES.booleanNode(b);
    }
    if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
      return NODES.numberNode(((Number) v).longValue());
    }
    if (v instanceof Float f) {
      return NODES.numberNode(Double.doubleToLongBits(f.doubleValue()));
    }
    if (v instanceof Double d) {
      return NODES.numberNode(Double.doubleToLongBits(d));
    }
    if (v instanceof BigDecimal d) {
      return NODES.textNode(d.toPlainString());
    }
    if (v instanceof String s) {
      return NODES.textNode(s);
    }
    if (v instanceof byte[] b) {
      return NODES.textNode(HexFormat.of().formatHex(b));
    }
    if (v instanceof LocalDate d) {
      return NODES.numberNode(d.toEpochDay());
    }
    if (v instanceof LocalDateTime d) {
      return NODES.numberNode(micros(d.toInstant(ZoneOffset.UTC)));
    }
    if (v instanceof Instant i) {
      return NODES.numberNode(micros(i));
    }
    if (v instanceof Row r) {
      return struct(r, (StructType) t);
    }
    if (v instanceof scala.collection.Seq<?> seq) {
      ArrayNode a = NODES.arrayNode();
      DataType element = ((ArrayType) t).elementType();
      scala.collection.Iterator<?> it = seq.iterator();
      while (it.hasNext()) {
        a.add(value(it.next(), element));
      }
      return a;
    }
    throw new AssertionError("no canonical form for " + v.getClass() + " (" + t + ")");
  }

  private static long micros(Instant i) {
    return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
  }
}
