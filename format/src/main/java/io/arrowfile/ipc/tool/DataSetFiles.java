package io.arrowfile.ipc.tool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The files of a directory as Spark reads it: every regular file under it, partition folders ({@code day=3})
 * included, in path order, skipping what Spark's file listing skips: names starting with {@code .}, or with
 * {@code _} unless they hold {@code =} ({@code _SUCCESS}, {@code _temporary}, {@code .part-0.arrow.crc}), and
 * files still being copied ({@code ._COPYING_}), with everything beneath such a folder.
 */
final class DataSetFiles {
  private DataSetFiles() {}

  /** The data files under {@code dir}, as Spark would list them. */
  static List<Path> under(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).filter(f -> !hiddenBelow(dir, f)).sorted().toList();
    }
  }

  /** Whether Spark skips a file or folder of this name. */
  static boolean hidden(String name) {
    return name.startsWith("_") && !name.contains("=") || name.startsWith(".") || name.endsWith("._COPYING_");
  }

  private static boolean hiddenBelow(Path dir, Path file) {
    for (Path part : dir.relativize(file)) {
      if (hidden(part.toString())) {
        return true;
      }
    }
    return false;
  }

  /** The partition values the folders between {@code dir} and {@code file} name ({@code day=3}), in order. */
  static Map<String, String> partitionValues(Path dir, Path file) {
    Map<String, String> values = new LinkedHashMap<>();
    Path relative = dir.relativize(file).getParent();
    if (relative != null) {
      for (Path part : relative) {
        String name = part.toString();
        int eq = name.indexOf('=');
        if (eq > 0) {
          values.put(name.substring(0, eq), name.substring(eq + 1));
        }
      }
    }
    return values;
  }
}
