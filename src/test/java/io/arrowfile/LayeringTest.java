package io.arrowfile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The layers depend one way only: columnar <- ipc <- connector, and main code never on Arrow's Java library. */
class LayeringTest {
  private static final Pattern IMPORT =
      Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+)", Pattern.MULTILINE);

  @Test
  void columnarKnowsNothingOfIpcOrSpark() throws IOException {
    assertEquals(List.of(), violations("columnar", "io.arrowfile.ipc", "io.arrowfile.connector",
        "io.arrowfile.examples", "org.apache.spark", "org.apache.arrow", "com.google.flatbuffers"));
  }

  @Test
  void ipcKnowsNothingOfSpark() throws IOException {
    assertEquals(List.of(), violations("ipc", "io.arrowfile.connector", "io.arrowfile.examples",
        "org.apache.spark", "org.apache.arrow"));
  }

  @Test
  void connectorAndExamplesDoNotUseArrowJava() throws IOException {
    assertEquals(List.of(), violations("connector", "org.apache.arrow"));
    assertEquals(List.of(), violations("examples", "org.apache.arrow"));
  }

  private static List<String> violations(String folder, String... forbidden) throws IOException {
    List<String> found = new ArrayList<>();
    Path root = Path.of(folder, "src", "main", "java");
    if (!Files.isDirectory(root)) {
      return found;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        String source = Files.readString(file);
        Matcher m = IMPORT.matcher(source);
        while (m.find()) {
          for (String prefix : forbidden) {
            if (m.group(1).startsWith(prefix + ".")) {
              found.add(file + " imports " + m.group(1));
            }
          }
        }
        for (String prefix : forbidden) {
          // Fully qualified use without an import is a dependency too.
          if (source.replaceAll("(?m)^\\s*(import|package)\\s.*$", "").contains(prefix + ".")) {
            found.add(file + " mentions " + prefix);
          }
        }
      }
    }
    return found;
  }
}
