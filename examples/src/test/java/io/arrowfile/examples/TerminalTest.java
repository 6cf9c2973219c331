package io.arrowfile.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Piped output is not a terminal, so the quick start draws no progress bar there (its redraws would stay in the
 * text, on the same lines as the step lines): a program whose output, and whose parent's, is a pipe says so.
 */
class TerminalTest {
  /** Prints what {@link Terminal#interactive()} says, from a JVM whose output is a pipe. */
  public static final class Probe {
    public static void main(String[] args) {
      System.out.println("interactive=" + Terminal.interactive());
    }
  }

  @Test
  void pipedOutputIsNotATerminal() throws Exception {
    // the probe's parent is this JVM, whose standard output surefire reads through a pipe
    Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Probe.class.getName())).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(1, TimeUnit.MINUTES));
    assertEquals("interactive=false\n", out);
  }
}
