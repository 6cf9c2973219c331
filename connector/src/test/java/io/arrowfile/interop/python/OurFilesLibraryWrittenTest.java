package io.arrowfile.interop.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.interop.Batches;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.Dataset;
import io.arrowfile.testing.PythonPeers;
import io.arrowfile.testing.RandomData;
import io.arrowfile.testing.RandomData.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files and streams our library writers make, one layout at a time (random schemas of that layout over every
 * primitive type, several batches, nulls), with no compression, LZ4 and ZSTD: pyarrow must pass
 * {@code validate(full=True)} and read the values we built. Polars must read the flat layouts equal; for the
 * nested ones its outcome is recorded in the test name (it lacks intervals, Decimal256, list views, unions and
 * run-end encoding, refuses delta dictionaries in files, and panics on some nested data).
 * Multi-batch dictionary columns change their dictionary from batch to batch, so the writer emits deltas.
 */
class OurFilesLibraryWrittenTest {
  @TempDir static Path dir;

  private static final Set<Kind> LEAVES = RandomData.Kind.primitives(Kind.ALL);

  /** Layout name → the kinds its random schemas use (every leaf kind plus the layout). */
  private static final Map<String, Set<Kind>> LAYOUTS = new LinkedHashMap<>();

  static {
    LAYOUTS.put("primitives", LEAVES);
    LAYOUTS.put("binary-large-binary", EnumSet.of(Kind.BINARY, Kind.LARGE_BINARY, Kind.UTF8, Kind.LARGE_UTF8,
        Kind.FIXED_SIZE_BINARY));
    LAYOUTS.put("views", EnumSet.of(Kind.BINARY_VIEW, Kind.UTF8_VIEW));
    LAYOUTS.put("decimals", EnumSet.of(Kind.DECIMAL, Kind.DECIMAL32_64));
    LAYOUTS.put("null", EnumSet.of(Kind.NULL, Kind.INT));
    for (Kind k : List.of(Kind.LIST, Kind.LARGE_LIST, Kind.LIST_VIEW, Kind.LARGE_LIST_VIEW, Kind.FIXED_SIZE_LIST,
        Kind.STRUCT, Kind.MAP, Kind.SPARSE_UNION, Kind.DENSE_UNION, Kind.DICTIONARY, Kind.RUN_END_ENCODED)) {
      EnumSet<Kind> kinds = EnumSet.copyOf(LEAVES);
      kinds.add(k);
      LAYOUTS.put(k.name().toLowerCase(), kinds);
    }
    EnumSet<Kind> dict = EnumSet.copyOf(LEAVES);
    dict.add(Kind.DICTIONARY);
    dict.add(Kind.NESTED_DICTIONARY_VALUES);
    dict.add(Kind.LIST);
    dict.add(Kind.STRUCT);
    LAYOUTS.put("dictionary-nested-values", dict);
    EnumSet<Kind> ext = EnumSet.copyOf(LEAVES);
    ext.add(Kind.METADATA);
    ext.add(Kind.STRUCT);
    ext.add(Kind.LIST);
    LAYOUTS.put("extension-and-metadata", ext);
    EnumSet<Kind> all = EnumSet.copyOf(Kind.ALL);
    LAYOUTS.put("everything-nested", all);
  }

  /** Layouts Polars 1.44 has every type of: it must read them, equal. */
  private static final Set<String> POLARS_MUST_READ = Set.of("primitives", "binary-large-binary", "views",
      "decimals", "null");

  private static final CompressionCodec[] CODECS = {null, CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD};
  private static final Map<String, JsonNode> REPORT = new LinkedHashMap<>();
  private static final List<String> CASES = new ArrayList<>();

  @BeforeAll
  static void writeAndCheck() throws IOException {
    if (!PythonPeers.available()) {
      return;
    }
    List<Canonical.Case> cases = new ArrayList<>();
    long seed = 0;
    for (Map.Entry<String, Set<Kind>> layout : LAYOUTS.entrySet()) {
      for (CompressionCodec codec : CODECS) {
        seed++;
        boolean nested = !layout.getKey().equals("primitives") && !layout.getKey().startsWith("binary")
            && !layout.getKey().equals("views") && !layout.getKey().equals("decimals")
            && !layout.getKey().equals("null");
        Dataset data = new RandomData(seed * 7919, layout.getValue()).maxDepth(nested ? 3 : 0)
            .dataset(nested ? 6 : 10, 4, 60);
        String name = layout.getKey() + "/" + (codec == null ? "none" : codec.name().toLowerCase());
        WriteOptions options = WriteOptions.DEFAULT.withCompression(codec);
        Path file = dir.resolve(name.replace('/', '-') + ".arrow");
        Path stream = dir.resolve(name.replace('/', '-') + ".arrows");
        try (ArrowFileWriter fw = ArrowFileWriter.create(file, data.schema(), options);
             ArrowStreamWriter sw = ArrowStreamWriter.create(stream, data.schema(), options)) {
          for (List<List<Object>> columns : data.batches()) {
            RecordBatch batch = Batches.build(data.schema(), columns);
            fw.write(batch);
            sw.write(batch);
          }
        }
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (Field f : data.schema().fields()) {
          names.add(f.name());
          types.add(null);
        }
        ArrayNode rows = rows(data);
        cases.add(Canonical.expect(name + "/file", file, "file", names, types, rows, false, Map.of()));
        cases.add(Canonical.expect(name + "/stream", stream, "stream", names, types, rows, false, Map.of()));
      }
    }
    JsonNode report = Canonical.check(dir, cases);
    for (Canonical.Case c : cases) {
      REPORT.put(c.name(), report.get(c.name()));
      CASES.add(c.name());
    }
  }

  private static ArrayNode rows(Dataset data) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    List<Field> fields = data.schema().fields();
    for (List<List<Object>> batch : data.batches()) {
      int n = batch.isEmpty() ? 0 : batch.get(0).size();
      for (int r = 0; r < n; r++) {
        ArrayNode row = out.addArray();
        for (int c = 0; c < fields.size(); c++) {
          row.add(Canonical.model(batch.get(c).get(r), fields.get(c)));
        }
      }
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> pyarrowAndPolarsReadWhatOurWritersWrote() {
    PythonPeers.require();
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : CASES) {
      JsonNode r = REPORT.get(name);
      boolean file = name.endsWith("/file");
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow validate(full=True)",
          () -> Canonical.assertOk(r.path("pyarrow").get("validate"), name)));
      tests.add(DynamicTest.dynamicTest(name + ": pyarrow values",
          () -> Canonical.assertOk(r.path("pyarrow").get("values"), name)));
      if (file) {
        tests.add(DynamicTest.dynamicTest(name + ": pyarrow.feather values",
            () -> Canonical.assertOk(r.path("pyarrow").get("feather"), name)));
      }
      JsonNode polars = r.path("polars");
      List<String> readers = file ? List.of("read_ipc", "read_ipc_mmap", "scan_ipc") : List.of("read_ipc_stream");
      String layout = name.substring(0, name.indexOf('/'));
      if (!POLARS_MUST_READ.contains(layout)) {
        // Nested layouts meet Polars' own gaps (delta dictionaries in files, durations in seconds beyond its
        // millisecond range, panics on some nested data): the outcome is recorded in the test's name.
        for (String reader : readers) {
          JsonNode check = polars.has("crash") ? polars.get("crash") : polars.get(reader);
          String outcome = !polars.path("unsupported").isEmpty() ? "not asked: " + polars.get("unsupported")
              : check == null ? "not run" : check.path("ok").asBoolean(false) ? "equal values"
              : "fails: " + check.path("error").asText();
          tests.add(DynamicTest.dynamicTest(name + ": Polars " + reader + " (recorded) "
              + outcome.substring(0, Math.min(outcome.length(), 160)), () -> { }));
        }
        continue;
      }
      for (String reader : readers) {
        tests.add(DynamicTest.dynamicTest(name + ": Polars " + reader, () -> {
          if (reader.equals("read_ipc_mmap") && polars.has("read_ipc_mmap_skipped") && !polars.has("crash")) {
            return; // Polars' mmap reader lacks maps; recorded in the report
          }
          if (!polars.path("unsupported").isEmpty() && !polars.has("crash")) {
            // A type Polars lacks fails the whole file; what it cannot read is recorded, not asserted.
            return;
          }
          Canonical.assertOk(polars.has("crash") ? polars.get("crash") : polars.get(reader), name);
        }));
      }
    }
    return tests.stream();
  }
}
