package io.arrowfile.connector.options;

import java.io.Serializable;
import java.util.Map;
import org.apache.spark.sql.internal.SQLConf;

/**
 * The read options of {@code arrowfile}, parsed and checked once, on the driver, where a read is planned (names are
 * case-insensitive; an invalid boolean fails with an {@link IllegalArgumentException} listing the valid values).
 * Spark's own options that change how arrowfile reads ({@code ignoreCorruptFiles}, {@code ignoreMissingFiles}, the
 * columnar batch size) are resolved here too, against the session's settings, so that executors read none of them.
 *
 * @param mergeSchema {@value ArrowOptions#MERGE_SCHEMA}: unite files whose schemas differ (default false)
 * @param forceHadoopRead {@value ArrowOptions#FORCE_HADOOP_READ} (or the JVM system property of that name): local
 *     files through Hadoop's {@code FileSystem} (default false)
 * @param mmap {@value ArrowOptions#MMAP} (or the JVM system property of that name): memory-map local files
 *     (default false; see {@code files.ReadMode})
 * @param aggregateOnDriver {@value ArrowOptions#AGGREGATE_ON_DRIVER}: answer pushed aggregates from a few files'
 *     footers on the driver (default true)
 * @param runtimeFilterDataColumns {@value ArrowOptions#RUNTIME_FILTER_DATA_COLUMNS}: offer runtime filters the data
 *     columns with statistics too (default false)
 * @param batchSize the most rows per columnar batch handed to Spark: {@value #BATCH_SIZE_KEY} as an option, else
 *     the session's value of it (Spark's default 4096), at least 1
 * @param ignoreCorruptFiles Spark's option, else {@code spark.sql.files.ignoreCorruptFiles}
 * @param ignoreMissingFiles Spark's option, else {@code spark.sql.files.ignoreMissingFiles}
 * @param durationAsLong {@value ArrowOptions#DURATION_AS_LONG}: Duration columns as BIGINT of their unit (default
 *     false; schema inference only: the read schema carries the choice to the executors)
 */
public record ArrowReadOptions(boolean mergeSchema, boolean forceHadoopRead, boolean mmap, boolean aggregateOnDriver,
    boolean runtimeFilterDataColumns, int batchSize, boolean ignoreCorruptFiles, boolean ignoreMissingFiles,
    boolean durationAsLong)
    implements Serializable {
  /**
   * The key of the most rows per columnar batch: the one Spark's vectorized Parquet reader uses
   * ({@code SQLConf.parquetVectorizedReaderBatchSize}), because it has the same job here: bounding the rows a
   * columnar batch hands to whole-stage code (e.g. a LIMIT stops after the first slice).
   * {@code spark.sql.inMemoryColumnarStorage.batchSize} is a different knob: the size of the batches the in-memory
   * cache builds, which has nothing to do with a file scan.
   */
  public static final String BATCH_SIZE_KEY = "spark.sql.parquet.columnarReaderBatchSize";

  /** Spark's default for {@link #BATCH_SIZE_KEY}. */
  public static final int DEFAULT_BATCH_SIZE = 4096;

  /** The options of a read that sets none, outside any session. */
  public static final ArrowReadOptions DEFAULT =
      new ArrowReadOptions(false, false, false, true, false, DEFAULT_BATCH_SIZE, false, false, false);

  /**
   * The read options in {@code options}, with the session's settings {@code conf} where an option is absent.
   *
   * @throws IllegalArgumentException for an invalid value
   */
  public static ArrowReadOptions parse(Map<String, String> options, SQLConf conf) {
    String batchSize = ArrowOptions.get(options, BATCH_SIZE_KEY);
    return new ArrowReadOptions(
        ArrowOptions.bool(options, ArrowOptions.MERGE_SCHEMA, false),
        ArrowOptions.bool(options, ArrowOptions.FORCE_HADOOP_READ, false)
            || Boolean.getBoolean(ArrowOptions.FORCE_HADOOP_READ),
        ArrowOptions.bool(options, ArrowOptions.MMAP, false) || Boolean.getBoolean(ArrowOptions.MMAP),
        ArrowOptions.bool(options, ArrowOptions.AGGREGATE_ON_DRIVER, true),
        ArrowOptions.bool(options, ArrowOptions.RUNTIME_FILTER_DATA_COLUMNS, false),
        batchSize != null ? batchSize(batchSize) : Math.max(1, conf.parquetVectorizedReaderBatchSize()),
        ArrowOptions.bool(options, "ignoreCorruptFiles", conf.ignoreCorruptFiles()),
        ArrowOptions.bool(options, "ignoreMissingFiles", conf.ignoreMissingFiles()),
        ArrowOptions.bool(options, ArrowOptions.DURATION_AS_LONG, false));
  }

  private static int batchSize(String value) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new IllegalArgumentException("invalid arrowfile option " + BATCH_SIZE_KEY + "='" + value
        + "'; valid values: a whole number of rows from 1 to " + Integer.MAX_VALUE);
  }
}
