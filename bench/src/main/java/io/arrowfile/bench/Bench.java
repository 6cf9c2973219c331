package io.arrowfile.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** The small tools every part of the benchmarks uses: medians and how they print, the log, sizes, child JVMs. */
final class Bench {
  private Bench() {}

  static double median(List<Double> xs) {
    List<Double> s = new ArrayList<>(xs);
    Collections.sort(s);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  static String fmt(double ms) {
    return Double.isNaN(ms) ? "–" : ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms)
        : String.format(Locale.ROOT, "%.1f", ms);
  }

  static String ratio(double r) {
    return Double.isNaN(r) || Double.isInfinite(r) ? "–" : String.format(Locale.ROOT, "%.2f×", r);
  }

  static void log(String s) {
    System.out.println("[bench] " + s);
    System.out.flush();
  }

  static long ms(long t0) {
    return (System.nanoTime() - t0) / 1_000_000;
  }

  static long size(Path p) {
    try {
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.walk(p)) {
          return s.filter(Files::isRegularFile).mapToLong(Bench::size).sum();
        }
      }
      return Files.exists(p) ? Files.size(p) : 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String sizes(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      StringBuilder sb = new StringBuilder();
      s.sorted().forEach(p -> sb.append(p.getFileName()).append(' ').append(size(p) >> 20).append(" MiB, "));
      return sb.toString();
    }
  }

  static List<Path> arrowFiles(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".arrow")).sorted(Comparator.naturalOrder()).toList();
    }
  }

  static void noop(Dataset<Row> df) {
    df.write().format("noop").mode("overwrite").save();
  }

  /**
   * {@code sources} in the order that round {@code round}, repetition {@code k} measures them: each time starting one
   * further on. In a fixed order the first source paid for the switch from the query before (JIT, garbage): measured
   * on sum(l), our files 8 to 13% slower in first place than in second, which a fixed order charged to one source.
   */
  static List<String> rotated(List<String> sources, int round, int k) {
    List<String> out = new ArrayList<>(sources);
    Collections.rotate(out, -(round * 7 + k));
    return out;
  }

  /**
   * Runs {@code mainClass} in a new JVM with this one's class path and JVM options (less {@code -Xmx} and the
   * {@code bench.*} properties, unless {@code jvmOptions} give them again), each output line to {@code lines}. It
   * starts through {@link BenchLauncher} with this run's {@code bench.settings}, so the child has every setting of
   * the bench profile too (S3A's benchmark needs {@code arrowfile.s3proxy.jar}, which only the settings carry).
   */
  static int runJvm(List<String> jvmOptions, String mainClass, List<String> args,
      java.util.function.Consumer<String> lines) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!a.startsWith("-Xmx") && (!a.startsWith("-Dbench.") || a.startsWith("-Dbench.settings="))) {
        cmd.add(a);
      }
    }
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BenchLauncher.class.getName(), mainClass));
    cmd.addAll(args);
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try (java.io.BufferedReader in = new java.io.BufferedReader(
        new java.io.InputStreamReader(child.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        lines.accept(line);
      }
    }
    return child.waitFor();
  }
}
