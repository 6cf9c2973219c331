package io.arrowfile.interop.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.testing.LineCases;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.SparkSessionExtension;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Files as pyarrow, pandas and Polars write them ({@code testkit/python/write_peer_files.py}: every type pyarrow
 * writes, file and stream, uncompressed, LZ4 and ZSTD, sliced tables, empty batches, zero rows, megabyte buffers,
 * delta dictionaries, pandas {@code to_feather}, Polars {@code write_ipc} and {@code write_ipc_stream} at each
 * compat level and compression). Each is read by our library with full validation and compared value by value
 * with the values the generator built it from (on the default Spark line: {@link LineCases}); and through Spark,
 * on every line, every row and column decoded, with each column's count of non-null values compared.
 */
public class PeerFilesTest {
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static SparkSession spark;

  /**
   * The files every Spark line reads: each codec in each format, each producer and each kind of file. The others
   * repeat one of these for Spark's side (another codec of the same columns, another Polars compat level), and the
   * default line reads them ({@link LineCases}).
   */
  private static final Set<String> ON_EVERY_LINE = Set.of(
      "pyarrow_types_file_none", "pyarrow_types_file_zstd", "pyarrow_types_stream_lz4", "pyarrow_sliced_none",
      "pyarrow_zero_rows", "pyarrow_empty_batch", "pyarrow_large_zstd", "pyarrow_dictionary_deltas",
      "pandas_to_feather", "polars_oldest_uncompressed", "polars_newest_zstd", "polars_stream_oldest_lz4");

  @RegisterExtension
  static final SparkSessionExtension SESSION = SparkSessionExtension.local("peer-files");

  @TestFactory
  Stream<DynamicContainer> peerFiles() throws IOException {
    PythonPeers.Written written = PythonPeers.writeOnce("write_peer_files.py", 600);
    Path dir = written.dir();
    JsonNode cases = JSON.readTree(written.stdout());
    List<String> names = new ArrayList<>();
    cases.forEach(c -> names.add(c.asText()));
    assertTrue(names.containsAll(ON_EVERY_LINE), "cases every line reads, not written by the generator: "
        + ON_EVERY_LINE.stream().filter(n -> !names.contains(n)).toList());
    List<DynamicContainer> out = new ArrayList<>();
    for (JsonNode c : cases) {
      String name = c.asText();
      if (!LineCases.ALL && !ON_EVERY_LINE.contains(name)) {
        continue;
      }
      JsonNode expected = JSON.readTree(dir.resolve(name + ".json").toFile());
      boolean file = expected.get("format").asText().equals("file");
      Path path = dir.resolve(name + (file ? ".arrow" : ".arrows"));
      // the library's half is the format module's alone: the default line runs it, every line runs Spark's
      List<DynamicTest> tests = new ArrayList<>();
      if (LineCases.ALL) {
        tests.add(DynamicTest.dynamicTest("library", () -> assertLibraryReads(path, file, expected.get("columns"))));
      }
      tests.add(DynamicTest.dynamicTest("spark", () -> assertSparkReads(path, expected.get("columns"))));
      out.add(DynamicContainer.dynamicContainer(name, tests.stream()));
    }
    return out.stream();
  }

  private static void assertLibraryReads(Path path, boolean file, JsonNode expected) throws IOException {
    Map<String, ArrayNode> actual = new LinkedHashMap<>();
    try (BatchReader reader = file ? ArrowFileReader.open(path, FULL) : ArrowStreamReader.open(path, FULL)) {
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
            values.add(canonical(view.getObject(i)));
          }
        }
      }
    }
    assertEquals(names(expected), List.copyOf(actual.keySet()), path.getFileName() + ": columns");
    for (Iterator<Map.Entry<String, JsonNode>> it = expected.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode got = actual.get(e.getKey());
      if (!e.getValue().equals(got)) {
        assertEquals(e.getValue().size(), got.size(), path.getFileName() + " column " + e.getKey() + ": rows");
        for (int i = 0; i < got.size(); i++) {
          assertEquals(e.getValue().get(i), got.get(i), path.getFileName() + " column " + e.getKey() + " row " + i);
        }
      }
    }
  }

  /** Every value decoded through Spark's columnar scan; per column the non-null count the generator made. */
  private static void assertSparkReads(Path path, JsonNode expected) {
    if (spark == null) {
      spark = SESSION.session();
    }
    Dataset<Row> df = spark.read().format("arrowfile").load(path.toString());
    List<String> counts = new ArrayList<>();
    List<String> want = new ArrayList<>();
    int k = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = expected.properties().iterator(); it.hasNext(); k++) {
      Map.Entry<String, JsonNode> e = it.next();
      counts.add("count(`" + df.columns()[k] + "`)");
      long nonNull = 0;
      for (JsonNode v : e.getValue()) {
        nonNull += v.isNull() ? 0 : 1;
      }
      want.add(e.getKey() + "=" + nonNull);
    }
    long rows = expected.elements().hasNext() ? expected.elements().next().size() : 0;
    assertEquals(rows, df.collectAsList().size(), path.getFileName() + ": rows through Spark");
    Row got = df.selectExpr(counts.toArray(new String[0])).first();
    List<String> have = new ArrayList<>();
    k = 0;
    for (Iterator<String> it = expected.fieldNames(); it.hasNext(); k++) {
      have.add(it.next() + "=" + got.getLong(k));
    }
    assertEquals(want, have, path.getFileName() + ": non-null values per column through Spark");
  }

  private static List<String> names(JsonNode columns) {
    List<String> names = new ArrayList<>();
    columns.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** Our object model in the generator's canonical form (see write_peer_files.py). */
  public static JsonNode canonical(Object v) {
    if (v == null) {
      return NODES.nullNode();
    }
    if (v instanceof Boolean b) {
      return NODES.booleanNode(b);
    }
    if (v instanceof Float f) {
      return number(f.doubleValue());
    }
    if (v instanceof Double d) {
      return number(d);
    }
    if (v instanceof BigDecimal d) {
      return NODES.textNode(d.toPlainString());
    }
    if (v instanceof Number n) {
      return NODES.textNode(n.toString());
    }
    if (v instanceof String s) {
      return NODES.textNode(s);
    }
    if (v instanceof byte[] b) {
      return NODES.textNode(HexFormat.of().formatHex(b));
    }
    if (v instanceof IntervalMonthDayNano i) {
      return NODES.arrayNode().add(String.valueOf(i.months())).add(String.valueOf(i.days()))
          .add(String.valueOf(i.nanoseconds()));
    }
    if (v instanceof IntervalDayTime i) {
      return NODES.arrayNode().add(String.valueOf(i.days())).add(String.valueOf(i.milliseconds()));
    }
    if (v instanceof UnionValue u) {
      return NODES.arrayNode().add(String.valueOf(u.typeId())).add(canonical(u.value()));
    }
    if (v instanceof Map.Entry<?, ?> e) {
      return NODES.arrayNode().add(canonical(e.getKey())).add(canonical(e.getValue()));
    }
    if (v instanceof List<?> list) {
      ArrayNode a = NODES.arrayNode();
      for (Object o : list) {
        a.add(canonical(o));
      }
      return a;
    }
    throw new AssertionError("no canonical form for " + v.getClass());
  }

  private static JsonNode number(double d) {
    if (Double.isNaN(d)) {
      return NODES.textNode("NaN");
    }
    if (Double.isInfinite(d)) {
      return NODES.textNode(d > 0 ? "Infinity" : "-Infinity");
    }
    return NODES.textNode(d == 0 ? "0" : new BigDecimal(d).toPlainString());
  }

}
