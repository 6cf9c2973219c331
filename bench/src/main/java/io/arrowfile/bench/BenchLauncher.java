package io.arrowfile.bench;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;

/**
 * Starts a benchmark with every setting of the bench profile: Maven writes the build's properties to the file
 * {@code -Dbench.settings} names (its bench profile, with the {@code -D} values given to mvn), and this sets each
 * {@code bench.*}, {@code tpc.*} and {@code arrowfile.*} one as a system property before it calls the benchmark's
 * {@code main}. A setting can then never be left behind by a hand-kept list of {@code -D} flags (one was: a run
 * timed the wrong read path because {@code tpc.arrowPath} was not on that list).
 *
 * <p>{@code java ... io.arrowfile.bench.BenchLauncher io.arrowfile.bench.ArrowBenchmark [args...]}
 */
public final class BenchLauncher {
  private BenchLauncher() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      throw new IllegalArgumentException("usage: BenchLauncher <benchmark main class> [args...]");
    }
    String settings = System.getProperty("bench.settings");
    if (settings != null) {
      Properties all = new Properties();
      try (Reader in = Files.newBufferedReader(Path.of(settings))) {
        all.load(in);
      } catch (IOException e) {
        throw new IOException("cannot read the bench settings " + settings + " (written by mvn -Pbench): " + e, e);
      }
      for (String name : all.stringPropertyNames()) {
        // An empty value is a property the profile declares without a value of its own (so that -D can set it):
        // the benchmark's default, computed there.
        if ((name.startsWith("bench.") || name.startsWith("tpc.") || name.startsWith("arrowfile."))
            && System.getProperty(name) == null && !all.getProperty(name).isEmpty()) {
          System.setProperty(name, all.getProperty(name));
        }
      }
    }
    Method main = Class.forName(args[0]).getMethod("main", String[].class);
    main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
  }
}
