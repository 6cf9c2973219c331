package io.arrowfile.testing;

import java.util.List;
import java.util.function.Predicate;

/**
 * How many cases of a large Spark test a Spark line runs. The default line (4.2) runs every case. The other lines
 * run the cases in which Spark's side differs (each type, each codec, each write path, each kind of query) and leave
 * out the repeats that vary only our own code (batch sizes, statistics on and off, every file through both byte
 * sources), which do not change with the Spark line and which the default line covers. What each line leaves out is
 * said where the cases are listed.
 *
 * <p>The line's POM sets {@code arrowfile.allCases} (connector/pom.xml); a test run outside Maven runs every case.
 */
public final class LineCases {
  private LineCases() {}

  /** Whether this line runs every case (the default line, or a run outside Maven). */
  public static final boolean ALL = Boolean.parseBoolean(System.getProperty("arrowfile.allCases", "true"));

  /** {@code cases} on the default line; elsewhere the ones {@code onEveryLine} keeps. */
  public static <T> List<T> of(List<T> cases, Predicate<? super T> onEveryLine) {
    return ALL ? cases : cases.stream().filter(onEveryLine).toList();
  }
}
