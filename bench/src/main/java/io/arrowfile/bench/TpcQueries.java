package io.arrowfile.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The TPC-H and TPC-DS query texts Spark itself tests with, read from the resources of Spark's test jar
 * ({@code org.apache.spark:spark-sql_2.13:<version>:tests}, on the class path of the {@code bench} profile only):
 * {@code tpch/} (22 queries), {@code tpcds/} (the 99 and the variants q14a/b, q23a/b, q24a/b, q39a/b: 103),
 * {@code tpcds-v2.7.0/} (32) and {@code tpcds-modifiedQueries/} (21). The last two run on TPC-DS's tables.
 */
final class TpcQueries {
  private TpcQueries() {}

  /** The query sets, in report order: resource folder = the set's name. */
  static final List<String> SETS = List.of("tpch", "tpcds", "tpcds-v2.7.0", "tpcds-modifiedQueries");

  /** The tables a query set runs on. */
  static String suite(String set) {
    return set.equals("tpch") ? TpcTables.TPCH : TpcTables.TPCDS;
  }

  /**
   * The queries of {@code set} (file name without {@code .sql} -> text), in numeric order (q1, q2, …, q14a,
   * q14b, …), restricted to {@code only} unless it is empty.
   */
  static Map<String, String> load(String set, Set<String> only) {
    URL anchor = TpcQueries.class.getClassLoader().getResource(set + "/");
    if (anchor == null) {
      throw new IllegalStateException("no resource folder '" + set + "/' on the class path: the query texts come "
          + "from Spark's test jar, which only the bench profile adds (mvn -Pbench -pl bench -am -DskipTests ...)");
    }
    List<String> names = new ArrayList<>();
    try {
      JarURLConnection c = (JarURLConnection) anchor.openConnection();
      c.setUseCaches(false); // a JarFile of our own, to close: not the class loader's
      try (JarFile jar = c.getJarFile()) {
        for (JarEntry e : Collections.list(jar.entries())) {
          String n = e.getName();
          if (n.startsWith(set + "/") && n.endsWith(".sql") && n.indexOf('/', set.length() + 1) < 0) {
            names.add(n.substring(set.length() + 1, n.length() - ".sql".length()));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("listing " + anchor, e);
    }
    names.sort(Comparator.comparingInt(TpcQueries::number).thenComparing(Comparator.naturalOrder()));
    Map<String, String> out = new LinkedHashMap<>();
    for (String n : names) {
      if (!only.isEmpty() && !only.contains(n) && !only.contains(set + "/" + n)) {
        continue;
      }
      try (InputStream in = TpcQueries.class.getClassLoader().getResourceAsStream(set + "/" + n + ".sql")) {
        out.put(n, new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(set + "/" + n + ".sql", e);
      }
    }
    return out;
  }

  private static final Pattern NUMBER = Pattern.compile("\\d+");

  private static int number(String name) {
    Matcher m = NUMBER.matcher(name);
    return m.find() ? Integer.parseInt(m.group()) : Integer.MAX_VALUE;
  }
}
