package io.arrowfile.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What the interop tests do when the build could not install a family of peers into {@code dir}: skip with the
 * reason the set-up script left in {@code dir.unavailable} and how to enable them, or fail when {@code CI=true}, so
 * CI cannot pass by skipping.
 */
final class PeerSetup {
  private PeerSetup() {}

  /** Skips the calling test (fails it in CI), announcing the reason once per family ({@code announced}). */
  static void unavailable(Path dir, String tests, String peers, String install, AtomicBoolean announced) {
    String reason;
    try {
      Path why = dir.resolveSibling(dir.getFileName() + ".unavailable");
      reason = Files.exists(why) ? Files.readString(why).strip() : "nothing installed at " + dir;
    } catch (IOException e) {
      reason = e.toString();
    }
    String line = tests + " interop tests skipped: " + reason + ". To run them, " + install
        + ", then run `mvn verify` (the build installs the peers into " + dir + ").";
    if ("true".equals(System.getenv("CI"))) {
      Assertions.fail("CI=true requires the " + peers + " interop peers. " + line);
    }
    if (announced.compareAndSet(false, true)) {
      System.err.println("[arrowfile] " + line);
    }
    Assumptions.abort(line);
  }
}
