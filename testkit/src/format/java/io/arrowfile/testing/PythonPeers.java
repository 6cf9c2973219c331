package io.arrowfile.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;

/**
 * pyarrow, Polars and pandas, in the virtual environment the build makes ({@code testkit/python/setup-peers.sh},
 * Maven's {@code python-peers} execution): the other side of the interop tests.
 *
 * <p>Where the build could not make it (no Python on the machine), {@link #require()} skips the calling test
 * with the reason and how to enable it; with {@code CI=true} it fails instead, so CI cannot pass by skipping.
 */
public final class PythonPeers {
  private static final Path VENV = Path.of(System.getProperty("arrowfile.python.venv", "target/pyenv"));
  private static final Path SCRIPTS = Path.of(System.getProperty("arrowfile.python.scripts", "testkit/python"));
  private static final java.util.concurrent.atomic.AtomicBoolean ANNOUNCED =
      new java.util.concurrent.atomic.AtomicBoolean();

  private PythonPeers() {}

  /** The venv's python, or a skip (a failure in CI) saying why there is none and how to get one. */
  public static Path require() {
    Path python = VENV.resolve("bin/python");
    if (Files.isExecutable(python)) {
      return python;
    }
    PeerSetup.unavailable(VENV, "pyarrow/Polars", "Python", "install Python 3 with venv and pip", ANNOUNCED);
    return null;
  }

  /** Whether the peers are there, without skipping: for parameter sources that must list cases either way. */
  public static boolean available() {
    return Files.isExecutable(VENV.resolve("bin/python"));
  }

  /** A script of {@code testkit/python}. */
  public static Path script(String name) {
    return SCRIPTS.resolve(name).toAbsolutePath();
  }

  /**
   * Runs {@code testkit/python/<script>} with {@code args} in the peers' venv and returns its standard output;
   * a non-zero exit or a run over {@code timeoutSeconds} fails the test with the script's standard error.
   */
  public static String run(String script, long timeoutSeconds, String... args) {
    Path python = require();
    List<String> command = new ArrayList<>();
    command.add(python.toString());
    command.add(script(script).toString());
    command.addAll(List.of(args));
    try {
      Path err = Files.createTempFile("python-peer", ".err");
      Path out = Files.createTempFile("python-peer", ".out");
      try {
        ProcessBuilder pb = new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
        // The peers must not reach for the network or a user's config; Polars must not pick a thread count
        // for a machine shared with Spark.
        pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        pb.environment().put("POLARS_MAX_THREADS", "2");
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          Assertions.fail(script + " ran over " + timeoutSeconds + " s:\n" + Files.readString(err));
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
          Assertions.fail(script + " " + String.join(" ", args) + " exited " + p.exitValue() + ":\n" + stderr);
        }
        return Files.readString(out, StandardCharsets.UTF_8);
      } finally {
        Files.deleteIfExists(err);
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw new AssertionError("could not run " + command + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + command, e);
    }
  }

  /** What a writing script left: the directory it wrote into and its standard output. */
  public record Written(Path dir, String stdout) {}

  /**
   * Runs a script that writes files into a directory, its last argument, once per checkout: every line module's
   * tests read the same peer files, so the first module to ask writes them under {@code target/peer-files} and the
   * others reuse them (the line modules run one after another). The directory is named after the script, its
   * arguments and a hash of {@code testkit/python}'s scripts, so an edited script writes afresh. Readers must not
   * write into it: each test's own output goes to its own temporary directory.
   */
  public static Written writeOnce(String script, long timeoutSeconds, String... argsBeforeDir) {
    require();
    try {
      java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
      sha.update(String.join("\0", argsBeforeDir).getBytes(StandardCharsets.UTF_8));
      try (java.util.stream.Stream<Path> files = Files.list(SCRIPTS)) {
        for (Path f : files.filter(f -> f.toString().endsWith(".py")).sorted().toList()) {
          sha.update(f.getFileName().toString().getBytes(StandardCharsets.UTF_8));
          sha.update(Files.readAllBytes(f));
        }
      }
      String hash = java.util.HexFormat.of().formatHex(sha.digest(), 0, 8);
      Path cache = VENV.toAbsolutePath().getParent().resolve("peer-files");
      Path dir = cache.resolve(script.replace(".py", "") + "-" + hash);
      Path stdout = dir.resolve("stdout.txt");
      if (!Files.isRegularFile(stdout)) {
        Files.createDirectories(cache);
        Path tmp = Files.createTempDirectory(cache, "writing-");
        List<String> args = new ArrayList<>(List.of(argsBeforeDir));
        args.add(tmp.toString());
        String out = run(script, timeoutSeconds, args.toArray(new String[0]));
        Files.writeString(tmp.resolve("stdout.txt"), out, StandardCharsets.UTF_8);
        try {
          Files.move(tmp, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
          // another JVM wrote the same files first: use its
        }
      }
      return new Written(dir, Files.readString(stdout, StandardCharsets.UTF_8));
    } catch (IOException | java.security.NoSuchAlgorithmException e) {
      throw new AssertionError("could not write " + script + "'s files: " + e, e);
    }
  }
}
