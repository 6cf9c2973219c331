package io.arrowfile.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The format module's jar is usable by a plain Java program, as docs/library.md shows: its {@code Example.java}
 * run by its two command lines, as written, in a fresh JVM, once on the class path with only the jar and
 * flatbuffers-java (no Spark, Hadoop, Scala, nor a codec jar), once as the module {@code io.arrowfile.format}.
 * The jars the page names by file name are taken from this build: the packaged jar, and the dependencies of the
 * same artifact name on this test's class path (whatever version this build resolved).
 */
class FormatJarAloneIT {
  private static final Path ROOT = Path.of("").toAbsolutePath();
  private static final Path PAGE = ROOT.resolve("docs/library.md");
  private static final Path JAR = Path.of(System.getProperty("arrowfile.formatJar"));

  @TempDir Path tmp;

  @Test
  void theLibraryPagesProgramRunsOnTheJarAlone() throws Exception {
    String page = Files.readString(PAGE);
    Matcher program = Pattern.compile("(?s)```java Example\\.java\\n(.*?)```").matcher(page);
    assertTrue(program.find(), "docs/library.md has an Example.java block");
    Files.writeString(tmp.resolve("Example.java"), program.group(1));

    List<String> lines = page.lines().filter(l -> l.matches(" {4}java (-cp|-p) .*")).map(String::strip).toList();
    assertEquals(2, lines.size(), "the class path and module path command lines: " + lines);
    for (String line : lines) {
      List<String> command = new ArrayList<>(Arrays.asList(line.split(" ")));
      command.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.set(2, jars(command.get(2)));
      Files.deleteIfExists(tmp.resolve("data.arrow"));
      String out = run(command);
      assertEquals("1 one\n2 null\n", out, line);
    }
  }

  /**
   * The page's program writing ZSTD, on the class path line: without zstd-jni the write fails naming the jar
   * and leaves no file (docs/library.md's first-hour trap: a valid 0-row file was left); with zstd-jni alone (no
   * lz4-java) it runs.
   */
  @Test
  void aZstdWriteNeedsZstdJniAloneAndWithoutItLeavesNoFile() throws Exception {
    String page = Files.readString(PAGE);
    Matcher program = Pattern.compile("(?s)```java Example\\.java\\n(.*?)```").matcher(page);
    assertTrue(program.find(), "docs/library.md has an Example.java block");
    String zstd = program.group(1).replace("schema, WriteOptions.DEFAULT)",
        "schema, WriteOptions.DEFAULT.withCompression(io.arrowfile.ipc.metadata.CompressionCodec.ZSTD))");
    assertTrue(zstd.contains("CompressionCodec.ZSTD"), "the program's writer takes WriteOptions.DEFAULT");
    Files.writeString(tmp.resolve("Example.java"), zstd);
    String line = page.lines().filter(l -> l.matches(" {4}java -cp .*")).findFirst().orElseThrow().strip();
    List<String> command = new ArrayList<>(Arrays.asList(line.split(" ")));
    command.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String classPath = jars(command.get(2));

    command.set(2, classPath);
    Process p = new ProcessBuilder(command).directory(tmp.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(2, TimeUnit.MINUTES));
    assertTrue(p.exitValue() != 0, out);
    assertTrue(out.contains("writing with ZSTD compression needs zstd-jni (Maven: com.github.luben:zstd-jni, "
        + "1.5.7-7) on the class path, and it is not there"), out);
    assertTrue(out.contains("Suppressed: java.io.IOException: data.arrow: not finished, because a write failed"),
        out);
    assertTrue(!Files.exists(tmp.resolve("data.arrow")), "no 0-row file left behind");

    command.set(2, classPath + File.pathSeparator + onClassPath("zstd-jni"));
    assertEquals("1 one\n2 null\n", run(command), "with zstd-jni and without lz4-java");
  }

  /** The page's {@code a.jar:b.jar} with each jar replaced by this build's file of that name. */
  private static String jars(String path) {
    List<String> out = new ArrayList<>();
    for (String name : path.split(":")) {
      if (name.startsWith("format/target/")) {
        assertEquals(JAR.getFileName().toString(), Path.of(name).getFileName().toString(), "the jar's name");
        out.add(JAR.toString());
      } else {
        out.add(onClassPath(name.replaceFirst("-[0-9][^-]*(-[0-9]+)?\\.jar$", "")));
      }
    }
    return String.join(File.pathSeparator, out);
  }

  private static String onClassPath(String artifact) {
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String file = Path.of(entry).getFileName().toString();
      if (file.matches(Pattern.quote(artifact) + "-[0-9].*\\.jar")) {
        return entry;
      }
    }
    throw new AssertionError(artifact + " is not on the format module's class path: does the page name a jar the"
        + " module does not depend on?");
  }

  private String run(List<String> command) throws IOException, InterruptedException {
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    Process p = new ProcessBuilder(command).directory(tmp.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), String.join(" ", command) + " did not finish");
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), String.join(" ", command) + "\n" + stderr);
    return Files.readString(out, StandardCharsets.UTF_8);
  }
}
