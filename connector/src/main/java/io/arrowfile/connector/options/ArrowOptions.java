package io.arrowfile.connector.options;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.internal.SQLConf;

/**
 * The option names of {@code arrowfile} and the checks every entry point runs on the driver before any task:
 * reads (V2 {@code getTable}, V1 schema inference and reader construction) and writes ({@code prepareWrite}).
 *
 * <ul>
 *   <li>Every arrowfile option with an invalid value fails with an {@link IllegalArgumentException} that lists
 *       the valid values (write options: {@link ArrowWriteOptions}; read options, booleans {@code true|false}:
 *       {@link ArrowReadOptions}).
 *   <li>An option key that is not ours (names compare case-insensitively), is not one Spark itself defines
 *       ({@link #SPARK_KEYS}), and is within edit distance 2 of one of our names is taken for a typo and fails:
 *       {@code unknown option 'compresion'; did you mean 'compression'? arrowfile's options are: ...}. Other
 *       unknown keys pass: Spark hands every data source all options, including Hadoop settings.
 * </ul>
 */
public final class ArrowOptions {
  /** Read option: unite files whose schemas differ. */
  public static final String MERGE_SCHEMA = "mergeSchema";
  /** Read option (and JVM system property): Hadoop range reads for local files instead of mapping them. */
  public static final String FORCE_HADOOP_READ = "arrowfile.forceHadoopRead";
  /**
   * Read option (and JVM system property): memory-map local files instead of reading them with positioned reads;
   * faster, but a file truncated while it is read then crashes the executor (see {@code files.ReadMode}).
   */
  public static final String MMAP = "arrowfile.mmap";
  /**
   * Read option: answer pushed aggregates ({@code COUNT(*)}, {@code COUNT}, {@code MIN}, {@code MAX}) on the
   * driver from the footers when the files are few and their statistics exact, without any task (default true).
   */
  public static final String AGGREGATE_ON_DRIVER = "arrowfile.aggregateOnDriver";
  /**
   * Read option: offer Spark's runtime filters the read data columns with statistics too, not only the partition
   * columns, so that a join's keys skip record batches (default false: see {@code read.ArrowScan#filterAttributes}).
   */
  public static final String RUNTIME_FILTER_DATA_COLUMNS = "arrowfile.runtimeFilterDataColumns";
  /**
   * Read option: Arrow Duration columns read as BIGINT of their own unit (seconds, milliseconds, microseconds or
   * nanoseconds, exactly as stored) instead of Spark's DAY TO SECOND interval of microseconds, which truncates
   * nanoseconds and cannot hold seconds or milliseconds beyond a long of microseconds (default false).
   */
  public static final String DURATION_AS_LONG = "arrowfile.durationAsLong";

  private ArrowOptions() {}

  /** Read options of arrowfile, both booleans. */
  public static final List<String> READ_OPTIONS =
      List.of(MERGE_SCHEMA, FORCE_HADOOP_READ, MMAP, AGGREGATE_ON_DRIVER, RUNTIME_FILTER_DATA_COLUMNS, DURATION_AS_LONG);

  /** Write options of arrowfile (see {@link ArrowWriteOptions}). */
  public static final List<String> WRITE_OPTIONS = List.of(ArrowWriteOptions.COMPRESSION,
      ArrowWriteOptions.COMPRESSION_LEVEL, ArrowWriteOptions.ROWS_PER_BATCH, ArrowWriteOptions.MAX_BATCH_BYTES,
      ArrowWriteOptions.STATISTICS, ArrowWriteOptions.DICTIONARY, ArrowWriteOptions.CHECKSUM,
      ArrowWriteOptions.SORT_WITHIN_FILES, ArrowWriteOptions.IPC_FORMAT, ArrowWriteOptions.FILE_EXTENSION,
      ArrowWriteOptions.DICTIONARY_DELTAS);

  /** Every option name of arrowfile, in the order error messages list them. */
  public static final List<String> NAMES = concat(WRITE_OPTIONS, READ_OPTIONS);

  /**
   * Option keys (lower case) that Spark defines or adds for file sources; they never count as typos of ours,
   * however close (e.g. {@code mergeSchema}, which is both Spark's and ours).
   */
  public static final Set<String> SPARK_KEYS = Set.of(
      "path", "paths", "header", "pathglobfilter", "recursivefilelookup", "modifiedbefore", "modifiedafter",
      "ignorecorruptfiles", "ignoremissingfiles", "basepath", "mergeschema", "maxrecordsperfile", "timezone",
      "compression", "codec", "returning_batch", "__partition_columns", "partitionoverwritemode",
      "checkpointlocation", "queryname", "maxfilespertrigger", "maxbytespertrigger", "latestfirst",
      "filenameonly", "maxfileage", "cleansource", "sourcearchivedir", "__sqldatasourcename");

  /** Largest edit distance (insertions, deletions, substitutions, adjacent swaps) still taken for a typo. */
  public static final int MAX_TYPO_DISTANCE = 2;

  /**
   * Checks the keys and the values of every arrowfile option in {@code options} (read and write options alike:
   * a catalog table's options reach both paths).
   *
   * @throws IllegalArgumentException for a likely misspelled key or an invalid value
   */
  public static void check(Map<String, String> options) {
    if (options == null) {
      return;
    }
    checkKeys(options);
    // the values, by the parsers the reads and writes use (read options against the session's defaults)
    ArrowReadOptions.parse(options, SQLConf.get());
    ArrowWriteOptions.parse(options);
  }

  /**
   * Fails on a key that looks like a misspelling of one of our option names.
   *
   * @throws IllegalArgumentException {@code unknown option 'k'; did you mean 'n'? arrowfile's options are: ...}
   */
  public static void checkKeys(Map<String, String> options) {
    for (String key : options.keySet()) {
      String suggestion = typoOf(key);
      if (suggestion != null) {
        throw new IllegalArgumentException("unknown option '" + key + "'; did you mean '" + suggestion
            + "'? arrowfile's options are: " + String.join(", ", NAMES));
      }
    }
  }

  /** The option name {@code key} is likely a misspelling of, or null (ours, Spark's, or not close to any). */
  public static String typoOf(String key) {
    if (key == null) {
      return null;
    }
    String k = key.trim().toLowerCase(Locale.ROOT);
    if (SPARK_KEYS.contains(k)) {
      return null;
    }
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String name : NAMES) {
      String n = name.toLowerCase(Locale.ROOT);
      if (n.equals(k)) {
        return null;
      }
      int d = distance(k, n, MAX_TYPO_DISTANCE);
      if (d < bestDistance) {
        bestDistance = d;
        best = name;
      }
    }
    return bestDistance <= MAX_TYPO_DISTANCE ? best : null;
  }

  /**
   * A boolean option: {@code otherwise} when absent, else {@code true} or {@code false} (any case, trimmed).
   *
   * @throws IllegalArgumentException for any other value, listing the valid ones
   */
  public static boolean bool(Map<String, String> options, String name, boolean otherwise) {
    String value = get(options, name);
    if (value == null) {
      return otherwise;
    }
    switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new IllegalArgumentException("invalid arrowfile option " + name + "='" + value
            + "'; valid values: true, false");
    }
  }

  /** The value of option {@code name} (exact key first, then case-insensitively), or null. */
  public static String get(Map<String, String> options, String name) {
    if (options == null) {
      return null;
    }
    String exact = options.get(name);
    if (exact != null) {
      return exact;
    }
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey() != null && e.getKey().equalsIgnoreCase(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  /**
   * The optimal string alignment distance of {@code a} and {@code b} (Levenshtein plus adjacent transposition),
   * or {@code limit + 1} when it exceeds {@code limit}.
   */
  static int distance(String a, String b, int limit) {
    if (Math.abs(a.length() - b.length()) > limit) {
      return limit + 1;
    }
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return Math.min(d[a.length()][b.length()], limit + 1);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    java.util.ArrayList<String> all = new java.util.ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}
