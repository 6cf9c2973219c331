package io.arrowfile.interop.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.interop.python.PeerFilesTest;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.NodePeers;
import io.arrowfile.testing.SparkSessionExtension;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import io.arrowfile.spark.ScalaCollections;

/**
 * Files and streams as apache-arrow, flechette and parquet-wasm (arrow-rs in WebAssembly) write them
 * ({@code testkit/node/write_peer_files.mjs}: every type each can build, file and stream, uncompressed, LZ4 and
 * ZSTD where the library writes them; sliced, zero-row, delta dictionaries; arrow-rs re-encoding a stream, and the
 * Arrow data it makes of a Parquet file). Each is read by our library with full validation and through Spark,
 * and compared value by value with the values the generator built it from: through Spark after the documented
 * type mapping (units to microseconds, unions as structs, ...).
 *
 * <p>What a peer cannot write is a named limitation, {@link #LIMITATIONS}: the generator reports each, and a new
 * one (or one gone) fails {@code limitations}.
 */
class NodePeerFilesTest {
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static SparkSession spark;

  /** Producer, then what it cannot write: docs/python.md's interop table says the same. */
  static final Map<String, List<String>> LIMITATIONS = Map.of(
      "apache-arrow", List.of("compression", "run_end_encoded", "slicedViews"),
      "flechette", List.of("binary_view", "fixedSizeListChildNulls", "timestampNanosecondInputs", "utf8_view"),
      "parquet-wasm", List.of("compression", "file"));

  @TempDir static Path dir;

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("node-peer-files");

  @TestFactory
  Stream<DynamicNode> peerFiles() throws IOException {
    JsonNode report = JSON.readTree(NodePeers.run("write_peer_files.mjs", 300, dir.toString()));
    List<DynamicNode> out = new ArrayList<>();
    out.add(DynamicTest.dynamicTest("limitations " + report.get("versions"), () -> {
      Map<String, List<String>> got = new TreeMap<>();
      report.get("limitations").properties().forEach(e -> {
        List<String> what = new ArrayList<>();
        e.getValue().fieldNames().forEachRemaining(what::add);
        what.sort(null);
        got.put(e.getKey(), what);
      });
      assertEquals(new TreeMap<>(LIMITATIONS), got, "what the peers cannot write: " + report.get("limitations"));
    }));
    for (JsonNode c : report.get("cases")) {
      String name = c.asText();
      JsonNode expected = JSON.readTree(dir.resolve(name + ".json").toFile());
      boolean file = expected.get("format").asText().equals("file");
      Path path = dir.resolve(name + (file ? ".arrow" : ".arrows"));
      JsonNode refused = expected.get("refused");
      if (refused != null) {
        // A file the peer writes wrong: refused by us as by pyarrow and arrow-rs, with a message that says what.
        Pattern error = Pattern.compile(refused.get("error").asText());
        out.add(DynamicContainer.dynamicContainer(name + " (refused: " + refused.get("what").asText() + ")",
            Stream.of(DynamicTest.dynamicTest("library", () -> assertRefused(error, path, () -> {
              try (BatchReader reader = open(path, file)) {
                while (reader.next() != null) {
                  // every batch
                }
              }
            })), DynamicTest.dynamicTest("spark", () -> assertRefused(error, path,
                () -> spark().read().format("arrowfile").load(path.toString()).collectAsList())))));
        continue;
      }
      out.add(DynamicContainer.dynamicContainer(name, Stream.of(
          DynamicTest.dynamicTest("library", () -> assertLibraryReads(path, file, expected.get("columns"))),
          DynamicTest.dynamicTest("spark", () -> assertSparkReads(path, file, expected.get("columns"))))));
    }
    return out.stream();
  }

  private static void assertRefused(Pattern error, Path path, Executable read) {
    Throwable e = assertThrows(Throwable.class, read, path.getFileName() + " was read; expected an error");
    String messages = SparkTesting.messages(e);
    assertTrue(error.matcher(messages).find() && messages.contains(path.getFileName().toString()),
        path.getFileName() + ": expected an error naming the file and matching '" + error + "', got " + messages);
  }

  private static SparkSession spark() {
    if (spark == null) {
      spark = SESSION.session();
      spark.conf().set("spark.sql.datetime.java8API.enabled", "true");
    }
    return spark;
  }

  private static BatchReader open(Path path, boolean file) throws IOException {
    return file ? ArrowFileReader.open(path, FULL) : ArrowStreamReader.open(path, FULL);
  }

  private static void assertLibraryReads(Path path, boolean file, JsonNode expected) throws IOException {
    Map<String, ArrayNode> actual = new LinkedHashMap<>();
    try (BatchReader reader = open(path, file)) {
      for (var f : reader.schema().fields()) {
        actual.put(f.name(), NODES.arrayNode());
      }
      RecordBatch batch;
      while ((batch = reader.next()) != null) {
        int k = 0;
        for (ArrayData column : batch.columns()) {
          ArrowArray view = ArrowArray.of(column);
          ArrayNode values = actual.get(reader.schema().field(k++).name());
          for (long i = 0; i < column.length(); i++) {
            values.add(PeerFilesTest.canonical(view.getObject(i)));
          }
        }
      }
    }
    assertColumns(path, expected, actual, "");
  }

  private static void assertColumns(Path path, JsonNode expected, Map<String, ArrayNode> actual, String via) {
    List<String> names = new ArrayList<>();
    expected.fieldNames().forEachRemaining(names::add);
    assertEquals(names, List.copyOf(actual.keySet()), path.getFileName() + via + ": columns");
    for (String name : names) {
      JsonNode want = expected.get(name);
      JsonNode got = actual.get(name);
      if (!want.equals(got)) {
        assertEquals(want.size(), got.size(), path.getFileName() + via + " column " + name + ": rows");
        for (int i = 0; i < got.size(); i++) {
          assertEquals(want.get(i), got.get(i), path.getFileName() + via + " column " + name + " row " + i);
        }
      }
    }
  }

  /** Every row through Spark's scan, each value compared with the generator's after docs/types.md's type mapping. */
  private static void assertSparkReads(Path path, boolean file, JsonNode expected) throws IOException {
    Schema schema;
    try (BatchReader reader = open(path, file)) {
      schema = reader.schema();
    }
    List<Row> rows = spark().read().format("arrowfile").load(path.toString()).collectAsList();
    Map<String, ArrayNode> actual = new LinkedHashMap<>();
    Map<String, ArrayNode> want = new LinkedHashMap<>();
    for (int k = 0; k < schema.fields().size(); k++) {
      Field field = schema.field(k);
      ArrayNode got = NODES.arrayNode();
      for (Row r : rows) {
        got.add(spark(r.get(k)));
      }
      actual.put(field.name(), got);
      ArrayNode mapped = NODES.arrayNode();
      for (JsonNode v : expected.path(field.name())) {
        mapped.add(asSparkReadsIt(v, field));
      }
      want.put(field.name(), mapped);
    }
    assertColumns(path, JSON.valueToTree(want), actual, " through Spark");
  }

  // ------------------------------------------------------------------ the generator's values as Spark reads them

  private static final BigInteger DAY_MS = BigInteger.valueOf(86_400_000L);

  /** The canonical value {@code v} of Arrow {@code field}, after docs/types.md's "Arrow to Spark (reading)" mapping. */
  static JsonNode asSparkReadsIt(JsonNode v, Field field) {
    if (v.isNull()) {
      return v;
    }
    if (field.isDictionaryEncoded()) {
      return asSparkReadsIt(v, field.dictionaryValueField());
    }
    ArrowType t = field.type();
    if (t instanceof ArrowType.RunEndEncoded) {
      return asSparkReadsIt(v, field.child(1));
    }
    if (t instanceof ArrowType.Date d && d.unit() == io.arrowfile.columnar.type.DateUnit.MILLISECOND) {
      return text(new BigInteger(v.asText()).divide(DAY_MS)); // whole days: floor and division agree
    }
    if (t instanceof ArrowType.Timestamp ts) {
      BigInteger[] qr = new BigInteger(v.asText()).multiply(BigInteger.valueOf(microsPer(ts.unit())[0]))
          .divideAndRemainder(BigInteger.valueOf(microsPer(ts.unit())[1]));
      return text(qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0]); // points in time: floored
    }
    if (t instanceof ArrowType.Duration du) {
      return text(new BigInteger(v.asText()).multiply(BigInteger.valueOf(microsPer(du.unit())[0]))
          .divide(BigInteger.valueOf(microsPer(du.unit())[1]))); // amounts: truncated toward zero
    }
    if (t instanceof ArrowType.Time tm) {
      long[] f = microsPer(tm.unit());
      return text(new BigInteger(v.asText()).multiply(BigInteger.valueOf(f[0] * 1000)).divide(BigInteger.valueOf(f[1])));
    }
    if (t instanceof ArrowType.Interval iv && iv.unit() == IntervalUnit.DAY_TIME) {
      return NODES.arrayNode().add("0").add(v.get(0).asText())
          .add(text(new BigInteger(v.get(1).asText()).multiply(BigInteger.valueOf(1000))));
    }
    if (t instanceof ArrowType.Interval iv && iv.unit() == IntervalUnit.MONTH_DAY_NANO) {
      return NODES.arrayNode().add(v.get(0).asText()).add(v.get(1).asText())
          .add(text(new BigInteger(v.get(2).asText()).divide(BigInteger.valueOf(1000))));
    }
    if (t instanceof ArrowType.Union u) {
      ArrayNode members = NODES.arrayNode();
      for (int k = 0; k < field.children().size(); k++) {
        members.add(u.typeIdOf(k) == Integer.parseInt(v.get(0).asText())
            ? asSparkReadsIt(v.get(1), field.child(k)) : NODES.nullNode());
      }
      return members;
    }
    if (t instanceof ArrowType.Map) {
      Field entries = field.child(0);
      ArrayNode a = NODES.arrayNode();
      for (JsonNode e : v) {
        a.add(NODES.arrayNode().add(asSparkReadsIt(e.get(0), entries.child(0)))
            .add(asSparkReadsIt(e.get(1), entries.child(1))));
      }
      return a;
    }
    if (t instanceof ArrowType.Struct) {
      ArrayNode a = NODES.arrayNode();
      for (int k = 0; k < field.children().size(); k++) {
        a.add(asSparkReadsIt(v.get(k), field.child(k)));
      }
      return a;
    }
    if (t.isNested()) { // the list kinds
      ArrayNode a = NODES.arrayNode();
      for (JsonNode e : v) {
        a.add(asSparkReadsIt(e, field.child(0)));
      }
      return a;
    }
    return v; // integers (widened), floats, decimals, strings, binary, booleans, dates in days, year-month months
  }

  /** Microseconds per unit as a fraction {numerator, denominator}. */
  private static long[] microsPer(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> new long[] {1_000_000, 1};
      case MILLISECOND -> new long[] {1000, 1};
      case MICROSECOND -> new long[] {1, 1};
      case NANOSECOND -> new long[] {1, 1000};
    };
  }

  private static JsonNode text(BigInteger v) {
    return NODES.textNode(v.toString());
  }

  /** A value of a collected Spark row (java8API on) in the generator's canonical form. */
  static JsonNode spark(Object v) {
    if (v == null) {
      return NODES.nullNode();
    }
    if (v instanceof Boolean b) {
      return NODES.booleanNode(b);
    }
    if (v instanceof Float || v instanceof Double || v instanceof BigDecimal || v instanceof Byte
        || v instanceof Short || v instanceof Integer || v instanceof Long || v instanceof String
        || v instanceof byte[]) {
      return PeerFilesTest.canonical(v);
    }
    if (v instanceof LocalDate d) {
      return NODES.textNode(Long.toString(d.toEpochDay()));
    }
    if (v instanceof Instant i) {
      return text(BigInteger.valueOf(i.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000))
          .add(BigInteger.valueOf(i.getNano() / 1000)));
    }
    if (v instanceof LocalDateTime ldt) {
      return spark(ldt.toInstant(ZoneOffset.UTC));
    }
    if (v instanceof Duration d) {
      return text(BigInteger.valueOf(d.getSeconds()).multiply(BigInteger.valueOf(1_000_000))
          .add(BigInteger.valueOf(d.getNano() / 1000)));
    }
    if (v instanceof Period p) {
      return NODES.textNode(Long.toString(p.toTotalMonths()));
    }
    if (v instanceof CalendarInterval ci) {
      return NODES.arrayNode().add(String.valueOf(ci.months)).add(String.valueOf(ci.days))
          .add(String.valueOf(ci.microseconds));
    }
    if (v instanceof scala.collection.Seq<?> s) {
      ArrayNode a = NODES.arrayNode();
      for (Object e : ScalaCollections.toJava(s)) {
        a.add(spark(e));
      }
      return a;
    }
    if (v instanceof scala.collection.Map<?, ?> m) {
      ArrayNode a = NODES.arrayNode();
      for (Map.Entry<?, ?> e : ScalaCollections.toJava(m).entrySet()) {
        a.add(NODES.arrayNode().add(spark(e.getKey())).add(spark(e.getValue())));
      }
      return a;
    }
    if (v instanceof Row r) {
      ArrayNode a = NODES.arrayNode();
      for (int i = 0; i < r.length(); i++) {
        a.add(spark(r.get(i)));
      }
      return a;
    }
    throw new AssertionError("no canonical form for " + v.getClass() + ": " + v);
  }
}
