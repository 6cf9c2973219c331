package io.arrowfile.examples;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the examples' output is seen on a terminal, where Spark's console progress bar redraws itself in place,
 * or piped or written to a file, where each redraw stays in the text and the next step line is printed on the
 * bar's line ({@code [Stage 3:====>   (5 + 2) / 8][ 21.4 s] wrote …}).
 */
final class Terminal {
  private Terminal() {}

  /**
   * True when standard output is a terminal. Under {@code mvn exec:exec} the program's own output is always a pipe
   * (Maven copies it to its own), so what counts there is Maven's output: the parent process's, read on Linux from
   * {@code /proc}. Elsewhere, {@link System#console()}.
   */
  static boolean interactive() {
    if (System.console() != null) {
      return true;
    }
    return ProcessHandle.current().parent().map(parent -> {
      try {
        String target = Files.readSymbolicLink(Path.of("/proc", Long.toString(parent.pid()), "fd", "1")).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      } catch (Exception e) { // not Linux, or not allowed to look: say not a terminal, the safe side for the bar
        return false;
      }
    }).orElse(false);
  }
}
