package io.arrowfile.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The JSON oracle itself reads every golden case into batches of the declared lengths. */
class IntegrationJsonTest {
  @Test
  void readsEveryGoldenJson() throws IOException {
    Path root = Path.of(System.getProperty("arrowfile.testing.dir", "../shared/arrow-testing"));
    List<Path> cases;
    try (Stream<Path> files = Files.walk(root)) {
      cases = files.filter(p -> p.toString().endsWith(".json.gz")).sorted().toList();
    }
    assertFalse(cases.isEmpty(), "no golden files under " + root.toAbsolutePath());
    for (Path json : cases) {
      IntegrationJson.Content content = IntegrationJson.read(json);
      for (List<List<Object>> batch : content.batches()) {
        assertEquals(content.schema().fields().size(), batch.size(), json.toString());
      }
    }
  }
}
