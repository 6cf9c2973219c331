package io.arrowfile.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.BatchReaders;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.testing.ValueAssertions;
import io.arrowfile.testing.ArrowJavaValues;
import io.arrowfile.testing.Dataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every golden case written by Arrow C++ (../shared/arrow-testing, all folders), in both the file and the
 * stream form, reads with the schema and values of its integration JSON; and what we read, written back by
 * our file and stream writers, reads the same again.
 */
class GoldenFilesTest {
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  @TempDir
  Path tmp;

  static List<Path> jsonCases() throws IOException {
    Path root = Path.of(System.getProperty("arrowfile.testing.dir", "../shared/arrow-testing"));
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> cases = files.filter(p -> p.toString().endsWith(".json.gz")).sorted().toList();
      assertFalse(cases.isEmpty(), "no golden files under " + root.toAbsolutePath());
      return cases;
    }
  }

  private static Path sibling(Path json, String suffix) {
    String name = json.getFileName().toString();
    return json.resolveSibling(name.substring(0, name.length() - ".json.gz".length()) + suffix);
  }

  private static String caseName(Path json) {
    return json.getParent().getFileName() + "/" + json.getFileName().toString().replace(".json.gz", "");
  }

  @TestFactory
  Stream<DynamicTest> fileFormatReadsAsItsJson() throws IOException {
    return jsonCases().stream().map(json -> DynamicTest.dynamicTest(caseName(json), () -> {
      IntegrationJson.Content expected = IntegrationJson.read(json);
      try (ArrowFileReader reader = ArrowFileReader.open(sibling(json, ".arrow_file"), FULL)) {
        assertContentEquals(expected, OurReading.readAll(reader), caseName(json) + " (file)");
        assertEquals(expected.batches().size(), reader.recordBatchCount());
        // Random access gives the same batches as the sequential read.
        for (int k = reader.recordBatchCount() - 1; k >= 0; k--) {
          ValueAssertions.assertBatchEqual(expected.schema(), expected.batches().get(k),
              OurReading.values(reader.recordBatch(k)), caseName(json) + " batch " + k);
        }
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> streamFormatReadsAsItsJson() throws IOException {
    return jsonCases().stream().map(json -> DynamicTest.dynamicTest(caseName(json), () -> {
      IntegrationJson.Content expected = IntegrationJson.read(json);
      try (BatchReader reader = ArrowStreamReader.open(sibling(json, ".stream"), FULL)) {
        assertContentEquals(expected, OurReading.readAll(reader), caseName(json) + " (stream)");
      }
    }));
  }

  /** Copies the golden file through our file and stream writers; returns {file, stream}. */
  private Path[] writeBack(Path json, String tag) throws IOException {
    Path file = tmp.resolve(json.getFileName() + tag + ".arrow");
    Path stream = tmp.resolve(json.getFileName() + tag + ".stream");
    try (ArrowFileReader reader = ArrowFileReader.open(sibling(json, ".arrow_file"), FULL);
         ArrowFileWriter fileWriter = ArrowFileWriter.create(file, reader.schema(), WriteOptions.DEFAULT);
         ArrowStreamWriter streamWriter = ArrowStreamWriter.create(stream, reader.schema(), WriteOptions.DEFAULT)) {
      RecordBatch batch;
      while ((batch = reader.next()) != null) {
        fileWriter.write(batch);
        streamWriter.write(batch);
      }
    }
    return new Path[] {file, stream};
  }

  @TestFactory
  Stream<DynamicTest> writtenBackReadsTheSame() throws IOException {
    return jsonCases().stream().map(json -> DynamicTest.dynamicTest(caseName(json), () -> {
      IntegrationJson.Content expected = IntegrationJson.read(json);
      Path[] written = writeBack(json, "");
      try (BatchReader reader = BatchReaders.open(written[0], FULL)) {
        assertTrue(reader instanceof ArrowFileReader);
        assertContentEquals(expected, OurReading.readAll(reader), caseName(json) + " (written back, file)");
      }
      try (BatchReader reader = BatchReaders.open(written[1], FULL)) {
        assertContentEquals(expected, OurReading.readAll(reader), caseName(json) + " (written back, stream)");
      }
    }));
  }

  /** What our writers make of each golden file, Arrow's Java library reads with the same values. */
  @TestFactory
  Stream<DynamicTest> writtenBackReadsTheSameInArrowJava() throws IOException {
    return jsonCases().stream().map(json -> DynamicTest.dynamicTest(caseName(json), () -> {
      IntegrationJson.Content expected = IntegrationJson.read(json);
      Path[] written = writeBack(json, ".java");
      if (json.getFileName().toString().startsWith("generated_duplicate_fieldnames")) {
        // Arrow Java keys a struct's children by name, so it can't load this case, not even Arrow C++'s file.
        assertThrows(IllegalArgumentException.class, () -> ArrowJavaValues.fromFile(sibling(json, ".arrow_file")));
        assertThrows(IllegalArgumentException.class, () -> ArrowJavaValues.fromFile(written[0]));
        return;
      }
      Dataset want = new Dataset(expected.schema(), expected.batches());
      ValueAssertions.assertDatasetsEqual(want, ArrowJavaValues.fromFile(written[0]), ValueAssertions.SchemaCheck.NONE);
      ValueAssertions.assertDatasetsEqual(want, ArrowJavaValues.fromStream(written[1]), ValueAssertions.SchemaCheck.NONE);
    }));
  }

  static void assertContentEquals(IntegrationJson.Content expected, IntegrationJson.Content actual, String what) {
    assertSchemaEquals(expected.schema(), actual.schema(), what);
    assertEquals(expected.batches().size(), actual.batches().size(), what + ": record batches");
    for (int k = 0; k < expected.batches().size(); k++) {
      ValueAssertions.assertBatchEqual(expected.schema(), expected.batches().get(k), actual.batches().get(k),
          what + ", batch " + k);
    }
  }

  /** Fields equal in every respect the JSON records (names, types, nullability, dictionaries, metadata). */
  static void assertSchemaEquals(Schema expected, Schema actual, String what) {
    assertEquals(expected.fields().size(), actual.fields().size(), what + ": field count");
    List<String> diffs = new ArrayList<>();
    for (int i = 0; i < expected.fields().size(); i++) {
      compareFields(expected.field(i), actual.field(i), expected.field(i).name(), true, diffs);
    }
    assertEquals(List.of(), diffs, what + ": schema");
    assertEquals(expected.metadata(), actual.metadata(), what + ": schema metadata");
  }

  /**
   * Index type and order flag; not the id, which the JSON and the binary forms of a case may number
   * differently (generated_nested_dictionary does).
   */
  private static boolean sameEncoding(DictionaryEncoding e, DictionaryEncoding a) {
    return e == null ? a == null : a != null && e.indexType().equals(a.indexType()) && e.ordered() == a.ordered();
  }

  /**
   * The names of a map's entries, key and value fields are not significant (the specification doesn't
   * enforce them, and Arrow C++ writes the stream form of generated_map_non_canonical with the canonical
   * names).
   */
  private static void compareFields(Field e, Field a, String path, boolean namesMatter, List<String> diffs) {
    if ((namesMatter && !e.name().equals(a.name())) || !e.type().equals(a.type()) || e.nullable() != a.nullable()
        || !sameEncoding(e.dictionary(), a.dictionary()) || !e.metadata().equals(a.metadata())
        || e.children().size() != a.children().size()) {
      diffs.add(path + ": expected " + e + " but was " + a);
      return;
    }
    for (int i = 0; i < e.children().size(); i++) {
      boolean mapEntries = e.type() instanceof ArrowType.Map;
      boolean entryMembers = !namesMatter && e.type() instanceof ArrowType.Struct;
      compareFields(e.child(i), a.child(i), path + "." + e.child(i).name(), !mapEntries && !entryMembers, diffs);
    }
  }
}
