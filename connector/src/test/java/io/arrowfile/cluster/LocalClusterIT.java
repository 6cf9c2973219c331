package io.arrowfile.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.LineCases;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector on a real (if small) cluster: {@code local-cluster[2,1,1024]} runs a standalone master and two
 * workers whose executors are separate JVMs launched from {@code SPARK_HOME} (the build's, made from Maven), and
 * get the connector only through {@code spark.jars} (the shaded jar). The driver is {@link LocalClusterDriver}
 * in a fresh JVM (Spark's jars + ours, {@code SPARK_HOME} in its environment, like {@code spark-submit}): a
 * partitioned write of many types, exact read back through the DataFrame API and a SQL table, filters, a zstd
 * write; and on the default line a read during which one executor JVM is killed, and a read of a file truncated
 * under it, which must fail that read and no executor.
 */
class LocalClusterIT {
  private static final Path JAR = Path.of(System.getProperty("arrowfile.jar"));
  private static final Path SPARK_HOME = Path.of(System.getProperty("arrowfile.sparkHome"));
  /**
   * Whether the driver also kills an executor and truncates a file during reads: Spark's task retries and our
   * file checks, the same on every line, run on the default line ({@link LineCases}).
   */
  private static final boolean FAILURES = LineCases.ALL;

  @TempDir
  Path tmp;

  @Test
  void writeReadFilterCompressAndSurviveExecutorLoss() throws Exception {
    assertTrue(Files.isDirectory(SPARK_HOME.resolve("jars")), SPARK_HOME + "/jars (the build's spark-home)");
    assertTrue(Files.isRegularFile(JAR), JAR + " (the shaded jar, made by `package`)");
    // What Spark's launcher (used by the workers to build the executor command) needs of a SPARK_HOME: a
    // RELEASE file makes it use jars/ (a distribution's layout), else it looks for a source build.
    Files.createDirectories(SPARK_HOME.resolve("launcher/target/scala-2.13"));
    if (!Files.exists(SPARK_HOME.resolve("RELEASE"))) {
      Files.writeString(SPARK_HOME.resolve("RELEASE"), "Spark (jars from Maven, for arrowfile tests)\n");
    }

    // The driver's class path: its own classes and the test data helper it uses, nothing else of the tests.
    Path driverDir = tmp.resolve("driver");
    copyClasses("io/arrowfile/cluster", "LocalClusterDriver", driverDir);
    copyClasses("io/arrowfile/testing", "SparkRows", driverDir);

    List<String> jvm = new ArrayList<>();
    for (String arg : System.getProperty("arrowfile.jvmArgs").trim().split("\\s+")) {
      if (!arg.startsWith("-Xmx")) {
        jvm.add(arg);
      }
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvm);
    command.add("-Xmx1g");
    command.add("-cp");
    command.add(driverDir + File.pathSeparator + JAR + File.pathSeparator + SPARK_HOME.resolve("jars") + "/*");
    command.add(LocalClusterDriver.class.getName());
    command.add(tmp.resolve("out").toString());
    command.add(JAR.toUri().toString());
    command.add(String.join(" ", jvm));
    command.add(String.valueOf(FAILURES));
    Path log = tmp.resolve("driver.log");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .directory(tmp.toFile());
    pb.environment().put("SPARK_HOME", SPARK_HOME.toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().remove("SPARK_TESTING");
    Process process = pb.start();
    boolean finished = process.waitFor(6, TimeUnit.MINUTES);
    if (!finished) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(finished && process.exitValue() == 0, "driver failed or timed out:\n" + tail(output));
    List<String> steps = new ArrayList<>(List.of("OK executors 2", "OK dataframe read (6000 rows)",
        "OK sql table read (6000 rows)", "OK sql filter", "OK dataframe filter", "OK filtered count",
        "OK zstd read (6000 rows)", "DONE"));
    if (FAILURES) {
      steps.addAll(List.of("OK killed executor", "OK read surviving an executor kill (1200 rows)",
          "OK truncated during read: the task failed naming the file", "OK the session reads on (6000 rows)"));
    }
    for (String step : steps) {
      assertTrue(output.contains(step), "missing '" + step + "':\n" + tail(output));
    }
    // Steps and timings, for the test report.
    output.lines().filter(l -> l.startsWith("OK ") || l.startsWith("killing ") || l.startsWith("truncated "))
        .forEach(System.out::println);
  }

  private static String tail(String s) {
    return s.length() <= 12000 ? s : s.substring(s.length() - 12000);
  }

  private static void copyClasses(String pkg, String prefix, Path dir) throws IOException {
    Path classes = Path.of(System.getProperty("arrowfile.testClasses"), pkg);
    Path target = dir.resolve(pkg);
    Files.createDirectories(target);
    try (Stream<Path> s = Files.list(classes)) {
      for (Path c : s.filter(p -> p.getFileName().toString().startsWith(prefix)).toList()) {
        Files.copy(c, target.resolve(c.getFileName()));
      }
    }
  }
}
