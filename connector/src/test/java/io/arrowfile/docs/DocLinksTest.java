package io.arrowfile.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The guide's relative links lead somewhere: every {@code [text](target)} of README.md, BENCHMARKS.md and
 * {@code docs/*.md} names a file that exists and, with {@code #anchor}, a heading of that file, under GitHub's
 * anchor rules. Links to other sites are not followed (no network in the build).
 */
class DocLinksTest {
  private static final Path ROOT = Path.of("").toAbsolutePath();
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

  @Test
  void everyRelativeLinkReachesAFileAndHeading() throws IOException {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages()) {
      List<String> lines = prose(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = LINK.matcher(CODE_SPAN.matcher(lines.get(i)).replaceAll(""));
        while (m.find()) {
          String target = m.group(1);
          if (SCHEME.matcher(target).find()) {
            continue;
          }
          checked++;
          String problem = problem(page, target);
          if (problem != null) {
            broken.add(ROOT.relativize(page) + ":" + (i + 1) + ": (" + target + ") " + problem);
          }
        }
      }
    }
    assertEquals(List.of(), broken, "fix the link, or the heading it names");
    assertTrue(checked > 50, "only " + checked + " relative links found: is the link pattern still right?");
  }

  @Test
  void readmeMapsEveryGuidePage() throws IOException {
    String readme = String.join("\n", prose(ROOT.resolve("README.md")));
    List<String> missing = new ArrayList<>();
    for (Path page : guide()) {
      if (!readme.contains("](docs/" + page.getFileName() + ")")) {
        missing.add(page.getFileName().toString());
      }
    }
    assertEquals(List.of(), missing, "README.md's guide list should have one line for each page of docs/");
  }

  @Test
  void anchorsFollowGitHubsRules() {
    assertEquals("tpc-h-and-tpc-ds-arrowfiles-codecs-against-parquet",
        anchor("TPC-H and TPC-DS: arrowfile's codecs against Parquet"));
    assertEquals("content-checksums-checksum-on-by-default", anchor("Content checksums (`checksum`, on by default)"));
    assertEquals("arrow-to-spark-reading", anchor("Arrow to Spark (reading)"));
    assertEquals("snake_case-stays", anchor("snake_case stays"));
    assertEquals(List.of("tpch", "tpch-1", "tpch-2"), anchors(List.of("## tpch", "### tpch", "### tpch")));
  }

  /** Null when {@code target}, written in {@code page}, is fine; else what is wrong with it. */
  private static String problem(Path page, String target) throws IOException {
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
    if (!Files.exists(resolved)) {
      return "no such file: " + ROOT.relativize(resolved);
    }
    if (hash < 0) {
      return null;
    }
    String wanted = target.substring(hash + 1);
    if (!resolved.toString().endsWith(".md")) {
      return "an anchor into a file that is not Markdown";
    }
    List<String> headings = anchors(prose(resolved));
    return headings.contains(wanted) ? null : "no heading with anchor #" + wanted + " in " + ROOT.relativize(resolved);
  }

  /** The anchors GitHub gives the headings of {@code lines}, in order; a repeated one gets -1, -2, … */
  static List<String> anchors(List<String> lines) {
    List<String> out = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : lines) {
      Matcher m = HEADING.matcher(line);
      if (m.matches()) {
        String base = anchor(m.group(1));
        int n = seen.merge(base, 1, Integer::sum) - 1;
        String a = n == 0 ? base : base + "-" + n;
        out.add(a);
      }
    }
    return out;
  }

  /** GitHub's anchor of a heading: lowercase, punctuation but '-' and '_' dropped, spaces to '-'. */
  static String anchor(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}_\\- ]", "").replace(' ', '-');
  }

  /** The lines of a page with its fenced code blocks blanked: a '#' or a link in code is not one. */
  private static List<String> prose(Path page) throws IOException {
    List<String> out = new ArrayList<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(page)) {
      if (line.stripLeading().startsWith("```")) {
        fenced = !fenced;
        out.add("");
      } else {
        out.add(fenced ? "" : line);
      }
    }
    return out;
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("BENCHMARKS.md")));
    pages.addAll(guide());
    return pages;
  }

  private static List<Path> guide() throws IOException {
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
  }
}
