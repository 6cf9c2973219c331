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
 * The JavaScript Arrow implementations ({@code apache-arrow}, {@code @uwdata/flechette}) and arrow-rs compiled to
 * WebAssembly ({@code parquet-wasm}), installed by the build with npm ({@code testkit/node/setup-peers.sh},
 * Maven's {@code node-peers} execution): the other side of the interop tests of {@code io.arrowfile.interop.node}.
 *
 * <p>Where the build could not install them (no Node.js on the machine), {@link #require()} skips the calling
 * test with the reason and how to enable it; with {@code CI=true} it fails instead, so CI cannot pass by skipping.
 */
public final class NodePeers {
  private static final Path DIR = Path.of(System.getProperty("arrowfile.node.dir", "target/node"));
  private static final Path SCRIPTS = Path.of(System.getProperty("arrowfile.node.scripts", "testkit/node"));
  private static final java.util.concurrent.atomic.AtomicBoolean ANNOUNCED =
      new java.util.concurrent.atomic.AtomicBoolean();

  private NodePeers() {}

  /** The peers' {@code node_modules}, or a skip (a failure in CI) saying why there is none and how to get it. */
  public static Path require() {
    Path modules = DIR.resolve("node_modules");
    if (available()) {
      return modules;
    }
    PeerSetup.unavailable(DIR, "apache-arrow/flechette/parquet-wasm", "Node.js", "install Node.js 20 or later with npm",
        ANNOUNCED);
    return null;
  }

  /** Whether the peers are there, without skipping: for set-ups that must list cases either way. */
  public static boolean available() {
    return Files.isDirectory(DIR.resolve("node_modules/apache-arrow"));
  }

  /**
   * Runs {@code testkit/node/<script>} with {@code args} under Node.js, its modules resolved from the installed
   * {@code node_modules}, and returns its standard output; a non-zero exit or a run over {@code timeoutSeconds}
   * fails the test with the script's standard error.
   */
  public static String run(String script, long timeoutSeconds, String... args) {
    Path modules = require();
    List<String> command = new ArrayList<>();
    command.add(System.getenv().getOrDefault("ARROWFILE_NODE", "node"));
    command.add(SCRIPTS.resolve(script).toAbsolutePath().toString());
    command.addAll(List.of(args));
    try {
      Path err = Files.createTempFile("node-peer", ".err");
      Path out = Files.createTempFile("node-peer", ".out");
      try {
        ProcessBuilder pb = new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
        // The scripts load the peers from here (createRequire), not from a node_modules beside them.
        pb.environment().put("ARROWFILE_NODE_MODULES", modules.toAbsolutePath().toString());
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
}
