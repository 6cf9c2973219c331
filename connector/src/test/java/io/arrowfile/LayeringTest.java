package io.arrowfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layers depend one way only: columnar <- ipc <- connector, and main code never on Arrow's Java library. The
 * modules hold most of it (arrowfile-format cannot see Spark or the connector); what a class path cannot say is
 * checked here.
 * Inside the connector, the packages do too: options and types at the bottom, statistics and vectors on types,
 * file access (files) on options, what footers say (footer) on files, aggregates from footers (aggregate) on those, the scan (read) and write beside
 * each other on those, and the package root (what Spark calls first) on top.
 */
class LayeringTest {
  private static final Pattern IMPORT =
      Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+)", Pattern.MULTILINE);

  /**
   * Inside arrowfile-format, whose class path has no Spark, Hadoop, Scala or Arrow Java (its pom), columnar comes
   * first: the columnar format knows nothing of the IPC format or of flatbuffers.
   */
  @Test
  void columnarKnowsNothingOfIpc() throws IOException {
    assertEquals(List.of(), violations(Path.of("format/src/main/java/io/arrowfile/columnar"), "io.arrowfile.ipc",
        "com.google.flatbuffers"));
  }

  /**
   * The connector and the examples use arrowfile-format only through what its module exports
   * (format/src/main/java/module-info.java): the readers, writers and metadata records, never the Flatbuffers
   * codec or body compression. A class path cannot say it (the connector is not a module), so this does.
   */
  @Test
  void connectorAndExamplesUseOnlyTheFormatModulesExports() throws IOException {
    String moduleInfo = Files.readString(Path.of("format/src/main/java/module-info.java"));
    List<String> exported = new ArrayList<>();
    Matcher exports = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;").matcher(moduleInfo);
    while (exports.find()) {
      exported.add(exports.group(1));
    }
    assertTrue(exported.contains("io.arrowfile.ipc"), "module-info exports: " + exported);
    List<String> found = new ArrayList<>();
    for (Path mainRoot : mainRoots("connector", "examples")) {
      try (Stream<Path> files = Files.walk(mainRoot)) {
        for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
          Matcher m = IMPORT.matcher(Files.readString(file));
          while (m.find()) {
            String name = m.group(1);
            if (name.startsWith("io.arrowfile.columnar.") || name.startsWith("io.arrowfile.ipc.")) {
              String pkg = name.substring(0, name.lastIndexOf('.'));
              while (!pkg.isEmpty() && Character.isUpperCase(pkg.charAt(pkg.lastIndexOf('.') + 1))) {
                pkg = pkg.substring(0, pkg.lastIndexOf('.')); // a nested class or a static member
              }
              if (!exported.contains(pkg)) {
                found.add(file + " imports " + name + " (" + pkg + " is not exported)");
              }
            }
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }

  /** Spark brings Arrow's Java library onto the connector's class path; the connector must not use it. */
  @Test
  void connectorAndExamplesDoNotUseArrowJava() throws IOException {
    assertEquals(List.of(), violations("connector", "org.apache.arrow"));
    assertEquals(List.of(), violations("examples", "org.apache.arrow"));
  }

  /** What each sub-package of the connector may use of the others; the package root may use them all. */
  private static final java.util.Map<String, List<String>> CONNECTOR_ALLOWED = java.util.Map.of(
      "options", List.of(),
      "types", List.of(),
      "statistics", List.of("types"),
      "vector", List.of("types"),
      "files", List.of("options"),
      "footer", List.of("options", "statistics", "files"),
      "aggregate", List.of("options", "types", "statistics", "files", "footer"),
      "read", List.of("options", "types", "statistics", "vector", "files", "footer", "aggregate"),
      "write", List.of("options", "types", "statistics"));

  @Test
  void connectorPackagesDependDownwardOnly() throws IOException {
    Path root = Path.of("connector", "src", "main", "java", "io", "arrowfile", "connector");
    List<String> found = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path dir : (Iterable<Path>) dirs.filter(Files::isDirectory)::iterator) {
        String pkg = dir.getFileName().toString();
        List<String> allowed = CONNECTOR_ALLOWED.get(pkg);
        if (allowed == null) {
          found.add(dir + " is not in LayeringTest's table of connector packages");
          continue;
        }
        List<String> forbidden = new ArrayList<>();
        for (String other : CONNECTOR_ALLOWED.keySet()) {
          if (!other.equals(pkg) && !allowed.contains(other)) {
            forbidden.add("io.arrowfile.connector." + other);
          }
        }
        found.addAll(violations(dir, forbidden.toArray(new String[0])));
        // The package root's classes: io.arrowfile.connector.SomeClass.
        try (Stream<Path> files = Files.list(dir)) {
          for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
            if (Pattern.compile("io\\.arrowfile\\.connector\\.[A-Z]").matcher(Files.readString(file)).find()) {
              found.add(file + " uses the package root");
            }
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }

  private static List<String> violations(String folder, String... forbidden) throws IOException {
    List<String> found = new ArrayList<>();
    for (Path root : mainRoots(folder)) {
      found.addAll(violations(root, forbidden));
    }
    return found;
  }

  /**
   * The main source roots of {@code folders}: {@code src/main/java}, and the connector's per-line adapter copies,
   * {@code src/<family>/java} (connector/pom.xml's arrowfile.sparkFamily, scalaFamily and geoFamily).
   */
  private static List<Path> mainRoots(String... folders) throws IOException {
    List<Path> roots = new ArrayList<>();
    for (String folder : folders) {
      try (Stream<Path> families = Files.list(Path.of(folder, "src"))) {
        for (Path family : (Iterable<Path>) families.filter(d -> !d.getFileName().toString().equals("test"))::iterator) {
          if (Files.isDirectory(family.resolve("java"))) {
            roots.add(family.resolve("java"));
          }
        }
      }
    }
    return roots;
  }

  /**
   * The adapters (io.arrowfile.spark, one copy per Spark line family) sit below the connector: they know Spark,
   * Scala and Hadoop, never the connector they serve, so that what differs between lines stays small.
   */
  @Test
  void sparkAdaptersKnowNothingOfTheConnector() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path root : mainRoots("connector")) {
      Path adapters = root.resolve("io/arrowfile/spark");
      found.addAll(violations(adapters, "io.arrowfile.connector", "io.arrowfile.ipc", "io.arrowfile.columnar"));
    }
    assertEquals(List.of(), found);
  }

  private static List<String> violations(Path root, String... forbidden) throws IOException {
    List<String> found = new ArrayList<>();
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
