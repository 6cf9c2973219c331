package io.arrowfile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a benchmark run's report goes. The full section replaces {@code benchmarks/<name>.md} (the folder next to
 * {@code bench.out}, which is {@code BENCHMARKS.md}); the section's one headline row in {@code bench.out}, the table
 * line that starts with {@code | [name](benchmarks/name.md) |}, is replaced by this run's. When the page has no such
 * line (a new section name) the page is left alone and the row is printed, to paste into the right table.
 */
final class ReportSection {
  static final String HEADER = "Full tables of one run; [BENCHMARKS.md](../BENCHMARKS.md) has the headline of every "
      + "benchmark. The next run of this section replaces this file.\n\n";

  private ReportSection() {}

  /**
   * Writes section {@code name}: {@code md} to {@code benchmarks/<name>.md}, and its headline row to {@code out}.
   * {@code cells}: what the run measures, on what data, the result (ratios), the command; the row adds the date
   * and the commit the code ran at.
   */
  static void write(Path out, String name, String md, String... cells) throws IOException {
    Path file = out.resolveSibling("benchmarks").resolve(name + ".md");
    Files.createDirectories(file.getParent());
    Files.writeString(file, HEADER + md);
    String first = "| [" + name + "](benchmarks/" + name + ".md) |";
    StringBuilder row = new StringBuilder(first);
    for (String c : cells) {
      row.append(' ').append(c.replace("|", "\\|")).append(" |");
    }
    row.append(' ').append(LocalDate.now(ZoneOffset.UTC)).append(", ").append(commit()).append(" |");
    List<String> lines = Files.exists(out) ? new ArrayList<>(Files.readAllLines(out)) : new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(first)) {
        at.add(i);
      }
    }
    Bench.log("wrote " + file);
    if (at.size() == 1) {
      lines.set(at.get(0), row.toString());
      Files.writeString(out, String.join("\n", lines) + "\n");
      Bench.log("updated the " + name + " row of " + out);
    } else {
      Bench.log(out + " has " + at.size() + " rows for " + name + " (wants 1); paste this one into its table:\n"
          + row);
    }
  }

  /** The short hash of the commit the code runs at ({@code git rev-parse --short HEAD}), or "unknown commit". */
  static String commit() {
    try {
      Process p = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
      String hash = new String(p.getInputStream().readAllBytes()).trim();
      return p.waitFor() == 0 && hash.matches("[0-9a-f]{4,40}") ? hash : "unknown commit";
    } catch (IOException e) {
      return "unknown commit";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown commit";
    }
  }
}
