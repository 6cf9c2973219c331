package io.arrowfile.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files a write left in its output directory, in path order (so a test's choice of file is the same on every
 * machine). Spark writes one file per task, in partition directories when asked, beside {@code _SUCCESS}, hidden
 * {@code .crc} checksums and, for streams, a {@code _spark_metadata} log.
 */
public final class DataFiles {
  private DataFiles() {}

  /** The {@code .arrow} files under {@code dir}, partition directories included. */
  public static List<Path> arrow(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".arrow")).sorted().toList();
    }
  }

  /** {@link #arrow}, or none when {@code dir} does not exist: a write that failed before creating it. */
  public static List<Path> arrowIfExists(Path dir) throws IOException {
    return Files.exists(dir) ? arrow(dir) : List.of();
  }

  /** The one {@code .arrow} file under {@code dir}: what a write of one partition leaves. */
  public static Path single(Path dir) throws IOException {
    List<Path> files = arrow(dir);
    assertEquals(1, files.size(), "one .arrow file expected under " + dir + ", found: " + files);
    return files.get(0);
  }

  /** The first {@code .arrow} file under {@code dir}: one to damage, replace or read whole. */
  public static Path first(Path dir) throws IOException {
    List<Path> files = arrow(dir);
    if (files.isEmpty()) {
      throw new AssertionError("no .arrow file under " + dir + ": did the write run and use format arrowfile?");
    }
    return files.get(0);
  }

  /**
   * The data files of any format under {@code dir}: regular files except {@code _SUCCESS}-like markers and hidden
   * ones ({@code .crc} checksums); none when {@code dir} does not exist. For comparing with Parquet's.
   */
  public static List<Path> any(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().startsWith("_") && !p.getFileName().toString().startsWith("."))
          .sorted().toList();
    }
  }
}
