package io.arrowfile.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.WriteOptions;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command lines of README.md and docs/, and the commands the main code's javadoc gives, kept true.
 *
 * <ul>
 *   <li>{@code bin/arrowfile …} lines run as written, with the real script, on a file of the name they use; the
 *       script's first-run Maven build is the one part not run (the test hands it the class path that build
 *       would write, in a copy of the script's directory layout), since the unit tests start no nested Maven.
 *   <li>{@code mvn …} lines, and those of the benchmarks' javadoc (bench/src/main/java), are not run here (each is a
 *       build of its own; README's quick start, for instance, writes a million rows): every profile and {@code -D}
 *       property they name must exist in pom.xml or a module's pom, every module {@code -pl} names must be one, every main class they name must exist, and no command may use
 *       {@code exec:java}, which hands the pom's JVM flags to the program as arguments.
 *   <li>{@code spark-shell}, {@code pyspark}, {@code spark-submit} lines need a Spark distribution's launcher
 *       scripts, which the build does not have: the jar and the coordinates they name must be the ones the pom
 *       builds ({@code SparkJarsOnlyIT} and {@code LocalClusterIT} run that jar as {@code --jars} does).
 * </ul>
 * Any other indented line must be listed in {@link #NOT_COMMANDS}, so a new kind of command fails here until it
 * is checked.
 */
class DocsCommandsTest {
  /** Indented lines that are not commands: a plan's printout, settings to put in spark-defaults.conf. */
  private static final Set<String> NOT_COMMANDS = Set.of("BatchScan arrowfile", "FileScan arrowfile",
      "spark.hadoop.fs.s3a.committer.name", "spark.sql.sources.commitProtocolClass");
  private static final Pattern JAVADOC = Pattern.compile("(?s)/\\*\\*.*?\\*/");
  private static final Pattern JAVADOC_MVN = Pattern.compile("mvn (?:[^{}<\\\\\\n]|\\\\\\s*\\n\\s*\\*)+");
  private static final Set<String> GOALS = Set.of("compile", "test", "package", "install", "verify", "exec:exec");
  /** Properties of Maven and its plugins, not the pom's own. */
  private static final Set<String> MAVEN_PROPERTIES = Set.of("skipTests", "test", "it.test",
      "surefire.failIfNoSpecifiedTests");

  @TempDir Path tmp;

  @Test
  void everyIndentedLineIsACommandThisTestChecks() {
    List<String> unknown = new ArrayList<>();
    for (DocBlocks.Block b : DocBlocks.commands()) {
      String line = b.text();
      boolean known = line.startsWith("mvn ") || line.startsWith("bin/arrowfile ")
          || line.matches("java (-cp|-p) format/target/.*") // run by FormatJarAloneIT
          || line.matches("(spark-shell|pyspark|spark-submit) .*")
          || NOT_COMMANDS.stream().anyMatch(line::startsWith);
      if (!known) {
        unknown.add(b.where() + ": " + line);
      }
    }
    assertEquals(List.of(), unknown, "check these in DocsCommandsTest, or list them as not commands");
  }

  /** The modules' folders, as the poms list them: a module's own modules as {@code folder/module}. */
  private static List<String> modules() throws IOException {
    List<String> out = new ArrayList<>();
    collectModules("", out);
    return out;
  }

  private static void collectModules(String dir, List<String> out) throws IOException {
    Path pom = DocBlocks.ROOT.resolve(dir).resolve("pom.xml");
    for (String module : matches(Files.readString(pom), "<module>([^<]+)</module>")) {
      String path = dir.isEmpty() ? module : dir + "/" + module;
      out.add(path);
      collectModules(path, out);
    }
  }

  /** The root pom and every module's, one after the other: what a command's profiles and properties may name. */
  private static String poms() throws IOException {
    StringBuilder all = new StringBuilder(Files.readString(DocBlocks.ROOT.resolve("pom.xml")));
    for (String module : modules()) {
      all.append(Files.readString(DocBlocks.ROOT.resolve(module).resolve("pom.xml")));
    }
    return all.toString();
  }

  @Test
  void mavenCommandsNameProfilesPropertiesAndClassesThatExist() throws IOException {
    String pom = poms();
    Set<String> modules = Set.copyOf(modules());
    Set<String> profiles = matches(pom, "<profile>\\s*<id>([^<]+)</id>");
    Set<String> properties = new LinkedHashSet<>(MAVEN_PROPERTIES);
    for (String block : matches(pom, "(?s)<properties>(.*?)</properties>")) {
      properties.addAll(matches(block, "<([A-Za-z0-9_.\\-]+)>"));
    }
    List<String> problems = new ArrayList<>();
    List<String> commands = mavenCommands();
    for (String command : commands) {
      // a trailing comment (# -> target/…jar) is checked with the jar names below
      List<String> words = words(command.replaceAll("\\s+#.*$", ""));
      for (int i = 1; i < words.size(); i++) {
        String w = words.get(i);
        if (w.equals("-pl")) {
          i++;
          if (i == words.size() || !modules.containsAll(List.of(words.get(i).split(",")))) {
            problems.add(command + ": -pl must name modules of pom.xml " + modules);
          }
        } else if (w.equals("-am")) {
          continue;
        } else if (w.startsWith("-P")) {
          for (String p : w.substring(2).split(",")) {
            if (!profiles.contains(p)) {
              problems.add(command + ": no profile '" + p + "' in pom.xml");
            }
          }
        } else if (w.startsWith("-D")) {
          String name = w.substring(2).split("=", 2)[0];
          String value = w.contains("=") ? w.substring(w.indexOf('=') + 1) : "";
          if (!properties.contains(name)) {
            problems.add(command + ": pom.xml has no property '" + name + "'");
          }
          if ((name.equals("exec.mainClass") || name.equals("bench.main")) && !sourceExists(value)) {
            problems.add(command + ": no class " + value);
          }
        } else if (w.equals("exec:java")) {
          problems.add(command + ": exec:java passes the pom's commandlineArgs (JVM flags) to the program as "
              + "arguments; use exec:exec");
        } else if (!w.startsWith("-") && !GOALS.contains(w)) {
          problems.add(command + ": '" + w + "' is not a goal the guide's builds use");
        }
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(commands.size() >= 15, "only " + commands.size() + " mvn commands found: " + commands);
    String quickStart = matches(pom, "<exec.mainClass>([^<]+)</exec.mainClass>").iterator().next();
    assertTrue(sourceExists(quickStart), "the quick start's class " + quickStart);
  }

  @Test
  void jarNamesAndCoordinatesAreThePomsOwn() throws IOException {
    String root = Files.readString(DocBlocks.ROOT.resolve("pom.xml"));
    String groupId = matches(root, "(?s)^.*?<groupId>([^<]+)</groupId>").iterator().next();
    String version = matches(root, "(?s)<artifactId>arrowfile-parent</artifactId>\\s*<version>([^<]+)</version>")
        .iterator().next();
    // jar-packaged module folder -> its artifactId, whose jar the build leaves in <folder>/target/
    java.util.Map<String, String> artifacts = new java.util.LinkedHashMap<>();
    for (String module : modules()) {
      String pom = Files.readString(DocBlocks.ROOT.resolve(module).resolve("pom.xml"));
      if (!pom.contains("<packaging>pom</packaging>")) {
        artifacts.put(module, matches(pom.replaceAll("(?s)<parent>.*?</parent>", ""), "<artifactId>([^<]+)</artifactId>")
            .iterator().next());
      }
    }
    Set<String> jars = new LinkedHashSet<>();
    artifacts.values().forEach(a -> jars.add(a + "-" + version + ".jar"));
    // the jar the guide gives Spark: the default line's, the one the examples run with
    String examples = Files.readString(DocBlocks.ROOT.resolve("examples/pom.xml"));
    String line = matches(examples, "<artifactId>(arrowfile-spark-[^<]+)</artifactId>").iterator().next();
    String lineModule = artifacts.entrySet().stream().filter(e -> e.getValue().equals(line)).findFirst().orElseThrow()
        .getKey();
    String sparkJar = lineModule + "/target/" + line + "-" + version + ".jar";
    List<String> wrong = new ArrayList<>();
    int named = 0;
    for (Path page : DocBlocks.pages()) {
      String text = Files.readString(page);
      Matcher m = Pattern.compile("arrowfile-[A-Za-z0-9._\\-]*?-[0-9][A-Za-z0-9.\\-]*?\\.jar").matcher(text);
      while (m.find()) {
        named++;
        if (!jars.contains(m.group())) {
          wrong.add(DocBlocks.ROOT.relativize(page) + ": " + m.group() + " (the build makes " + jars + ")");
        }
      }
      Matcher c = Pattern.compile("--packages ([\\w.\\-]+:arrowfile[\\w.\\-]*:[\\w.\\-]+)").matcher(text);
      while (c.find()) {
        String[] gav = c.group(1).split(":");
        if (!gav[0].equals(groupId) || !artifacts.containsValue(gav[1]) || !gav[1].startsWith("arrowfile-spark-")
            || !gav[2].equals(version)) {
          wrong.add(DocBlocks.ROOT.relativize(page) + ": " + c.group(1) + " (the build installs " + groupId
              + ":arrowfile-spark-<line>_<scala>:" + version + ")");
        }
      }
    }
    assertEquals(List.of(), wrong);
    assertTrue(named >= 8, "jar names found: " + named);
    // spark-shell, pyspark and spark-submit take the jar the build leaves in the default line's target/
    for (DocBlocks.Block b : DocBlocks.commands()) {
      if (b.text().matches("(spark-shell|pyspark|spark-submit) .*")) {
        assertTrue(b.text().matches(".*--(jars " + Pattern.quote(sparkJar) + "|packages \\S+)( .*)?"),
            b.where() + ": " + b.text() + " (the default line's jar is " + sparkJar + ")");
      }
    }
  }

  @Test
  void theCommandLineToolRunsAsTheCliPageShows() throws Exception {
    Path work = Files.createDirectories(tmp.resolve("work"));
    Path script = toolTree();
    Schema schema = Schema.of(Field.notNull("id", ArrowType.Int.INT64), Field.nullable("name", new ArrowType.Utf8()));
    RecordBatchBuilder rows = RecordBatchBuilder.create(schema);
    try (ArrowFileWriter writer = ArrowFileWriter.create(work.resolve("data.arrow"), schema, WriteOptions.DEFAULT)) {
      for (int batch = 0; batch < 3; batch++) {
        for (long i = 0; i < 7; i++) {
          rows.appendRow(batch * 7 + i, i % 3 == 0 ? null : "row " + i);
        }
        writer.write(rows.build());
      }
    }

    // a directory as Spark writes one: partition folders, a _SUCCESS marker
    for (int day = 1; day <= 2; day++) {
      Path part = Files.createDirectories(work.resolve("events/day=" + day)).resolve("part-00000.arrow");
      Files.copy(work.resolve("data.arrow"), part);
    }
    Files.writeString(work.resolve("events/_SUCCESS"), "");

    List<DocBlocks.Block> lines = DocBlocks.commands(DocBlocks.ROOT.resolve("docs/cli.md"));
    assertEquals(6, lines.size(), "inspect, cat, validate, of a file and of a directory");
    for (DocBlocks.Block b : lines) {
      String command = b.text().replaceAll("\\s+#.*$", "");
      Run run = run(work, script, command.substring("bin/arrowfile ".length()).split(" "));
      assertEquals(0, run.exit, b.where() + ": " + command + "\n" + run.err);
      if (command.endsWith(" events")) {
        List<String> out = run.out.lines().toList();
        switch (command.split(" ")[1]) {
          case "validate" -> assertEquals(List.of("events/day=1/part-00000.arrow: valid (3 record batches, 21 rows)",
              "events/day=2/part-00000.arrow: valid (3 record batches, 21 rows)"), out);
          case "inspect" -> assertTrue(out.size() == 2 && out.get(1).startsWith("events/day=2/part-00000.arrow: "
              + "Arrow IPC file format, ")
              && out.get(1).endsWith(" 2 columns, 3 record batches (21 rows), uncompressed"),
              run.out);
          case "cat" -> assertEquals("{\"id\": 0, \"name\": null, \"day\": \"1\"}", out.get(0), run.out);
          default -> throw new AssertionError(b.where() + ": a command the page did not have: " + command);
        }
        continue;
      }
      switch (command.split(" ")[1]) {
        case "inspect" -> assertTrue(run.out.contains("id: int64") && run.out.contains("name: utf8")
            && run.out.contains("record batches: 3 (21 rows)") && run.out.contains("batch 2: 7 rows"), run.out);
        case "cat" -> {
          List<String> json = run.out.lines().toList();
          assertEquals(10, json.size(), "--limit 10 of 21 rows: " + run.out);
          assertEquals("{\"id\": 0, \"name\": null}", json.get(0));
          assertTrue(json.stream().allMatch(l -> l.startsWith("{\"id\": ") && l.endsWith("}")), run.out);
        }
        case "validate" -> assertTrue(run.out.contains("data.arrow: valid"), run.out);
        default -> throw new AssertionError(b.where() + ": a command the page did not have: " + command);
      }
    }

    // the exit statuses the page gives: 1 with the error on stderr for a file that is not valid Arrow, 2 for a
    // usage error or a file that can't be opened
    Files.write(work.resolve("cut.arrow"), java.util.Arrays.copyOf(Files.readAllBytes(work.resolve("data.arrow")), 100));
    Files.writeString(work.resolve("trips.parquet"), "PAR1 and then some bytes");
    Run cut = run(work, script, "validate", "cut.arrow");
    assertEquals(1, cut.exit, cut.err);
    assertTrue(cut.err.contains("cut.arrow") && cut.err.contains("truncated"), cut.err);
    Run parquet = run(work, script, "validate", "trips.parquet");
    assertEquals(1, parquet.exit, parquet.err);
    assertTrue(parquet.err.contains("trips.parquet") && parquet.err.contains("Parquet"), parquet.err);
    assertEquals(2, run(work, script, "validate", "missing.arrow").exit);
    assertEquals(2, run(work, script, "frobnicate", "data.arrow").exit);
  }

  /**
   * bin/arrowfile in a copy of the checkout's layout: the script as it is, the compiled classes, and the class
   * path file its first run would have Maven write (here: this JVM's), newer than the sources, so it compiles
   * nothing.
   */
  private Path toolTree() throws Exception {
    Path tree = tmp.resolve("checkout");
    Files.createDirectories(tree.resolve("bin"));
    Files.createDirectories(tree.resolve("format/src/main"));
    Files.createDirectories(tree.resolve("format/target"));
    Files.writeString(tree.resolve("pom.xml"), "");
    Files.writeString(tree.resolve("format/pom.xml"), "");
    Path script = Files.copy(DocBlocks.ROOT.resolve("bin/arrowfile"), tree.resolve("bin/arrowfile"));
    // The script runs format/target/classes plus the class path file: here the class path file (this JVM's, which
    // holds the format module's classes or jar) is enough, and the classes folder only has to exist.
    Files.createDirectories(tree.resolve("format/target/classes"));
    Path classpath = Files.writeString(tree.resolve("format/target/arrowfile-tool.classpath"),
        System.getProperty("java.class.path"));
    Files.setLastModifiedTime(classpath, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
    return script;
  }

  private record Run(int exit, String out, String err) {}

  private Run run(Path dir, Path script, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator
        + System.getenv("PATH"));
    Process p = pb.start();
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), String.join(" ", command) + " did not finish");
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err));
  }

  /** The mvn commands of README.md, docs/, and the javadoc of the main and example sources. */
  private static List<String> mavenCommands() throws IOException {
    List<String> out = new ArrayList<>();
    for (DocBlocks.Block b : DocBlocks.commands()) {
      if (b.text().startsWith("mvn ")) {
        out.add(b.text());
      }
    }
    for (String root : List.of("format", "connector", "examples")) {
      try (Stream<Path> files = Files.walk(DocBlocks.ROOT.resolve(root).resolve("src/main/java"))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = JAVADOC_MVN.matcher(Files.readString(f));
          while (m.find()) {
            out.add(m.group().replaceAll("\\\\\\s*\\n\\s*\\*", " ").replaceAll("\\s+", " ").strip());
          }
        }
      }
    }
    // the benchmarks' javadoc says how to run each; their string literals only build report text
    try (Stream<Path> files = Files.walk(DocBlocks.ROOT.resolve("bench/src/main/java"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher doc = JAVADOC.matcher(Files.readString(f));
        while (doc.find()) {
          Matcher m = JAVADOC_MVN.matcher(doc.group());
          while (m.find()) {
            out.add(m.group().replaceAll("\\\\\\s*\\n\\s*\\*", " ").replaceAll("\\s+", " ").strip());
          }
        }
      }
    }
    return out;
  }

  private static boolean sourceExists(String className) {
    String file = className.replace('.', '/') + ".java";
    return Stream.of("format", "connector", "examples", "bench")
        .flatMap(m -> Stream.of("src/main/java", "src/test/java").map(r -> DocBlocks.ROOT.resolve(m).resolve(r)))
        .map(r -> r.resolve(file))
        .anyMatch(Files::exists);
  }

  /** The words of a shell command: split at spaces, but not inside double quotes, which are dropped. */
  private static List<String> words(String command) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    for (char c : command.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ' ' && !quoted) {
        if (word.length() > 0) {
          out.add(word.toString());
          word.setLength(0);
        }
      } else {
        word.append(c);
      }
    }
    if (word.length() > 0) {
      out.add(word.toString());
    }
    return out;
  }

  private static Set<String> matches(String text, String regex) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = Pattern.compile(regex).matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
