package io.arrowfile.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.testing.LineCases;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar works the way {@code spark-submit --jars arrowfile.jar} uses it: in a fresh JVM whose
 * class path is only a Spark installation's jars (made by the build from Maven) and ours.
 */
class SparkJarsOnlyIT {
  private static final Path JAR = Path.of(System.getProperty("arrowfile.jar"));
  private static final Path SPARK_JARS = Path.of(System.getProperty("arrowfile.sparkHome"), "jars");

  @TempDir
  Path tmp;

  @Test
  void jarHoldsOurClassesAndRelocatedFlatbuffersOnly() throws IOException {
    List<String> foreign = new ArrayList<>();
    boolean relocated = false;
    boolean register = false;
    try (ZipFile zip = new ZipFile(JAR.toFile())) {
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        String name = e.nextElement().getName();
        relocated |= name.startsWith("io/arrowfile/shaded/flatbuffers/FlatBufferBuilder");
        register |= name.equals("META-INF/services/org.apache.spark.sql.sources.DataSourceRegister");
        if (name.endsWith(".class") && !name.startsWith("io/arrowfile/")) {
          foreign.add(name);
        }
        if (name.startsWith("io/arrowfile/examples/")) {
          foreign.add(name);
        }
      }
    }
    assertTrue(relocated, "flatbuffers relocated into io.arrowfile.shaded");
    assertTrue(register, "DataSourceRegister service entry");
    assertEquals(List.of(), foreign, "classes outside io.arrowfile (or examples) in the jar");
  }

  /**
   * The same driver as {@link #sparkSubmitWithJarsFindsTheSource}, our jar on the class path itself: the default
   * line runs it; every line runs the spark-submit one, which checks the same and how users start Spark
   * ({@link LineCases}).
   */
  @Test
  void freshJvmWithSparkJarsAndOursReadsWritesAndKeepsSparksArrowWorking() throws Exception {
    Assumptions.assumeTrue(LineCases.ALL, "the default line runs it (LineCases)");
    Path driverDir = driverClassAlone();
    List<String> command = java();
    command.add("-cp");
    command.add(driverDir + java.io.File.pathSeparator + JAR + java.io.File.pathSeparator + SPARK_JARS + "/*");
    command.add(FreshJvmDriver.class.getName());
    command.add(tmp.resolve("out").toUri().toString());
    assertDriverSucceeds(command);
  }

  /**
   * What the spark-submit script runs, {@code SparkSubmit --jars arrowfile.jar --class ... app.jar}, with only
   * Spark's jars on the class path: our jar reaches the driver through SparkSubmit's class loader, not the class
   * path, so the short name {@code arrowfile} must be found through the thread's context class loader, as it is
   * for {@code pyspark --jars} and {@code spark.jars}.
   */
  @Test
  void sparkSubmitWithJarsFindsTheSource() throws Exception {
    Path driverDir = driverClassAlone();
    Path appJar = tmp.resolve("app.jar");
    try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(appJar))) {
      for (String entry : DRIVER_CLASSES) {
        out.putNextEntry(new java.util.jar.JarEntry(entry));
        out.write(Files.readAllBytes(driverDir.resolve(entry)));
        out.closeEntry();
      }
    }
    List<String> command = java();
    command.add("-cp");
    command.add(SPARK_JARS + "/*");
    command.add("org.apache.spark.deploy.SparkSubmit");
    command.addAll(List.of("--master", "local[2]", "--conf", "spark.ui.enabled=false", "--jars", JAR.toString(),
        "--class", FreshJvmDriver.class.getName(), appJar.toString(), tmp.resolve("out").toUri().toString()));
    assertDriverSucceeds(command);
  }

  /** The driver and the per-line helper it calls for Spark's Arrow batches (SparkLine: 3.5 and 4 differ there). */
  private static final List<String> DRIVER_CLASSES =
      List.of("io/arrowfile/distribution/FreshJvmDriver.class", "io/arrowfile/testing/SparkLine.class");

  /** The driver classes alone, outside test-classes, so nothing else of the test tree is visible. */
  private Path driverClassAlone() throws IOException {
    assertTrue(Files.isDirectory(SPARK_JARS), SPARK_JARS + " (made by the build's spark-home execution)");
    Path driverDir = tmp.resolve("driver");
    for (String entry : DRIVER_CLASSES) {
      Path target = driverDir.resolve(entry);
      Files.createDirectories(target.getParent());
      Files.copy(Path.of(System.getProperty("arrowfile.testClasses"), entry), target,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    return driverDir;
  }

  /** {@code java} with the test JVM's flags (Spark's --add-opens) and a small heap. */
  private static List<String> java() {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : System.getProperty("arrowfile.jvmArgs").trim().split("\\s+")) {
      if (!arg.startsWith("-Xmx")) {
        command.add(arg);
      }
    }
    command.add("-Xmx1g");
    return command;
  }

  private void assertDriverSucceeds(List<String> command) throws Exception {
    Path log = tmp.resolve("driver.log");
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .directory(tmp.toFile()).start();
    boolean finished = process.waitFor(5, TimeUnit.MINUTES);
    if (!finished) {
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(finished && process.exitValue() == 0, "driver failed:\n" + tail(output));
    assertTrue(output.contains("OK arrowfile read and write"), tail(output));
    assertTrue(output.contains("OK arrowfile table"), tail(output));
    assertTrue(output.contains("OK spark arrow batches"), tail(output));
  }

  private static String tail(String s) {
    return s.length() <= 8000 ? s : s.substring(s.length() - 8000);
  }
}
