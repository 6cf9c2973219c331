package io.arrowfile.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The code a page of the guide shows, as a reader sees it: its fenced blocks ({@code ```scala} … {@code ```}) and
 * its indented command lines (four spaces, outside fences, lists and tables), each with the line it starts on, so
 * that a failing test can say where to look.
 */
public final class DocBlocks {
  /** The checkout's root: Maven runs the tests there. */
  public static final Path ROOT = Path.of("").toAbsolutePath();

  private DocBlocks() {}

  /** One block or command: the page, the line it starts on (1-based), the fence's language, its text. */
  public record Block(Path page, int line, String language, String text) {
    /** {@code docs/sql.md:3} */
    public String where() {
      return ROOT.relativize(page) + ":" + line;
    }
  }

  /** README.md and every page of docs/, in that order. */
  public static List<Path> pages() {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      pages.addAll(files.filter(p -> p.toString().endsWith(".md")).sorted().toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  /** The fenced blocks of {@code page} whose fence names {@code language} ({@code ""} for bare fences). */
  public static List<Block> fenced(Path page, String language) {
    List<Block> out = new ArrayList<>();
    List<String> lines = lines(page);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!line.startsWith("```")) {
        continue;
      }
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).startsWith("```")) {
        end++;
      }
      if (line.substring(3).strip().equals(language)) {
        out.add(new Block(page, i + 1, language, String.join("\n", lines.subList(i + 1, end)) + "\n"));
      }
      i = end;
    }
    return out;
  }

  /** Every fenced block of every page in {@code language}. */
  public static List<Block> fenced(String language) {
    return pages().stream().flatMap(p -> fenced(p, language).stream()).toList();
  }

  /**
   * The indented command lines of {@code page}: four-space lines outside fences, not inside a list item or table,
   * a line ending in {@code \} joined with the next. Comments after {@code  #} are kept.
   */
  public static List<Block> commands(Path page) {
    List<Block> out = new ArrayList<>();
    List<String> lines = lines(page);
    boolean fenced = false;
    boolean inList = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      if (line.isBlank()) {
        continue;
      }
      if (!line.startsWith(" ")) {
        inList = line.startsWith("- ") || line.startsWith("* ") || line.startsWith("|");
        continue;
      }
      if (inList || !line.startsWith("    ") || line.startsWith("     ")) {
        continue;
      }
      int start = i;
      StringBuilder command = new StringBuilder(line.strip());
      while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
        command.setLength(command.length() - 1);
        command.append(' ').append(lines.get(++i).strip());
      }
      out.add(new Block(page, start + 1, "command", command.toString().replaceAll("\\s+", " ")));
    }
    return out;
  }

  /** Every indented command line of README.md and docs/. */
  public static List<Block> commands() {
    return pages().stream().flatMap(p -> commands(p).stream()).toList();
  }

  private static List<String> lines(Path page) {
    try {
      return Files.readAllLines(page);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
