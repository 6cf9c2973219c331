package io.arrowfile.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The golden files of Arrow's {@code arrow-testing} repository ({@code shared/arrow-testing}): each case is
 * {@code NAME.arrow_file}, {@code NAME.stream} and {@code NAME.json.gz} in one of the folders.
 */
public final class GoldenFiles {
  public static final List<String> FOLDERS =
      List.of("1.0.0-littleendian", "2.0.0-compression", "4.0.0-shareddict");

  private GoldenFiles() {}

  /** One golden case; {@code arrowFile} or {@code stream} may not exist on disk (check with {@link Files#exists}). */
  public record Case(String folder, String name, Path arrowFile, Path stream, Path json) {
    /** {@code folder/name}, for display names. */
    public String id() {
      return folder + "/" + name;
    }

    @Override
    public String toString() {
      return id();
    }
  }

  /**
   * The arrow-testing root: the system property {@code arrowfile.testing.dir}, else the first
   * {@code shared/arrow-testing} found in the working directory or one of its parents.
   *
   * @throws IllegalStateException when it can't be found
   */
  public static Path root() {
    String prop = System.getProperty("arrowfile.testing.dir");
    if (prop != null && !prop.isBlank()) {
      Path p = Paths.get(prop).toAbsolutePath().normalize();
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path p = dir.resolve("shared").resolve("arrow-testing");
      if (Files.isDirectory(p)) {
        return p.normalize();
      }
    }
    throw new IllegalStateException("arrow-testing golden files not found: set -Darrowfile.testing.dir"
        + " or put shared/arrow-testing in a parent directory of " + Paths.get("").toAbsolutePath());
  }

  /** Whether {@link #root()} would succeed. */
  public static boolean available() {
    try {
      root();
      return true;
    } catch (IllegalStateException e) {
      return false;
    }
  }

  /** Every case that has a {@code .json.gz}, by folder then name. */
  public static List<Case> cases() {
    Path root = root();
    List<Case> out = new ArrayList<>();
    for (String folder : FOLDERS) {
      Path dir = root.resolve(folder);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.list(dir)) {
        files.map(p -> p.getFileName().toString())
            .filter(n -> n.endsWith(".json.gz"))
            .map(n -> n.substring(0, n.length() - ".json.gz".length()))
            .sorted()
            .forEach(name -> out.add(new Case(folder, name, dir.resolve(name + ".arrow_file"),
                dir.resolve(name + ".stream"), dir.resolve(name + ".json.gz"))));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** The case {@code name} (with or without the {@code generated_} prefix) of {@code folder}. */
  public static Case find(String folder, String name) {
    for (Case c : cases()) {
      if (c.folder().equals(folder) && (c.name().equals(name) || c.name().equals("generated_" + name))) {
        return c;
      }
    }
    throw new IllegalArgumentException("no golden case " + folder + "/" + name);
  }
}
