package io.arrowfile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A section of {@code BENCHMARKS.md} between {@code <!-- BEGIN name -->} and {@code <!-- END name -->}: the
 * benchmarks other than {@link ArrowBenchmark} own one each, and {@link ArrowBenchmark} keeps them when it
 * rewrites the file.
 */
final class ReportSection {
  private ReportSection() {}

  /** Replaces section {@code name} of {@code out} with {@code md}, or appends it when the file has none. */
  static void replace(Path out, String name, String md) throws IOException {
    String begin = "<!-- BEGIN " + name + " -->\n";
    String end = "<!-- END " + name + " -->\n";
    String doc = Files.exists(out) ? Files.readString(out) : "";
    int from = doc.indexOf(begin);
    int to = doc.indexOf(end);
    String section = begin + md + end;
    doc = from >= 0 && to > from ? doc.substring(0, from) + section + doc.substring(to + end.length())
        : doc + "\n" + section;
    Files.writeString(out, doc);
  }
}
