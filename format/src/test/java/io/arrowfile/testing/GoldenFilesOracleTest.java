package io.arrowfile.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** For every golden case: Arrow Java's readings of the IPC file and stream equal its reading of the JSON. */
class GoldenFilesOracleTest {

  /** Cases Arrow Java 19 can't read correctly, with the reason; these are skipped when they fail. */
  static final Map<String, String> ARROW_JAVA_LIMITS = Map.of(
      "generated_duplicate_fieldnames",
      "struct children with duplicate names are collapsed (\"fields and children are not the same size\")");
  /** Cases where only the stream reading is off. */
  static final Map<String, String> ARROW_JAVA_STREAM_LIMITS = Map.of(
      "generated_map_non_canonical",
      "ArrowStreamReader renames a map's children to the canonical entries/key/value");

  static List<GoldenFiles.Case> cases() {
    Assumptions.assumeTrue(GoldenFiles.available(), "arrow-testing golden files not found");
    return GoldenFiles.cases();
  }

  @Test
  void findsTheGoldenCases() {
    List<GoldenFiles.Case> cases = cases();
    assertFalse(cases.isEmpty());
    for (GoldenFiles.Case c : cases) {
      assertTrue(Files.exists(c.json()), c.id());
    }
  }

  @ParameterizedTest(name = "[{index}] {0} file")
  @MethodSource("cases")
  void fileEqualsJson(GoldenFiles.Case c) throws Exception {
    Assumptions.assumeTrue(Files.exists(c.arrowFile()), "no .arrow_file");
    check(c, ARROW_JAVA_LIMITS.get(c.name()), () -> ValueAssertions.assertDatasetsEqual(Dataset.fromJson(c.json()),
        Dataset.fromFile(c.arrowFile()), ValueAssertions.SchemaCheck.IGNORE_DICTIONARY_IDS));
  }

  @ParameterizedTest(name = "[{index}] {0} stream")
  @MethodSource("cases")
  void streamEqualsJson(GoldenFiles.Case c) throws Exception {
    Assumptions.assumeTrue(Files.exists(c.stream()), "no .stream");
    check(c, ARROW_JAVA_LIMITS.getOrDefault(c.name(), ARROW_JAVA_STREAM_LIMITS.get(c.name())),
        () -> ValueAssertions.assertDatasetsEqual(Dataset.fromJson(c.json()),
        Dataset.fromStream(c.stream()), ValueAssertions.SchemaCheck.IGNORE_DICTIONARY_IDS));
  }

  interface Check {
    void run() throws Exception;
  }

  private static void check(GoldenFiles.Case c, String limit, Check check) throws Exception {
    if (limit == null) {
      check.run();
      return;
    }
    try {
      check.run();
    } catch (Exception | AssertionError e) {
      Assumptions.abort("Arrow Java 19 limitation: " + limit + " (" + e + ")");
    }
  }
}
