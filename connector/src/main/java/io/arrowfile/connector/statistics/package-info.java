/**
 * Per-batch column statistics in the footer: written by the writer (its per-batch accumulators
 * {@link io.arrowfile.connector.statistics.LongStats} and {@link io.arrowfile.connector.statistics.DoubleStats},
 * rendered by {@link io.arrowfile.connector.statistics.StatisticsDocument}), read back per file
 * ({@link io.arrowfile.connector.statistics.FileStatistics}), and used to skip record batches a filter rules out
 * ({@link io.arrowfile.connector.statistics.StatisticsFilter}).
 *
 * <p><b>The format.</b> The footer's custom metadata key {@code arrowfile.statistics.v1}
 * ({@link io.arrowfile.connector.statistics.FileStatistics#KEY}) holds JSON, version 1 (unless the write option
 * {@code statistics=false}):
 * <pre>
 * {"version":1,
 *  "columns":[{"name":"id","type":"int64"}, ...],        // top-level fields in schema order; type: Arrow's
 *  "batches":[                                            // one entry per record batch, in footer block order
 *    {"rows":65536,
 *     "columns":[{"nullCount":0,"min":1,"max":65536}, ...]}, ...]}   // aligned with "columns" above
 * </pre>
 * Every column has {@code nullCount}. {@code min}/{@code max} (over non-null values; absent when the batch has
 * none) are given for: Bool (JSON booleans), Int8..Int64, Date32 (days), Timestamp (µs), Duration (µs),
 * Interval YEAR_MONTH (months), Time64 (ns) as JSON integers of the stored value; Float32/Float64 as JSON numbers
 * ({@code "Infinity"}/{@code "-Infinity"} as strings; NaN is excluded from min/max and counted in
 * {@code nanCount}; -0.0 orders below 0.0); Decimal as JSON strings of the plain decimal ({@code "-12.50"}); Utf8
 * as JSON strings in UTF-8 byte order (Spark's binary order, also for collated strings). A string longer than 64
 * UTF-8 bytes is truncated: {@code min} to its longest prefix of whole code points within 64 bytes, with
 * {@code "minTruncated":true}; {@code max} to that prefix with its last code point incremented (still an upper
 * bound), with {@code "maxTruncated":true} (left out if no such bound exists). Binary, intervals MONTH_DAY_NANO,
 * Null, nested and variant columns have only {@code nullCount} (for nested columns: top-level nulls).
 */
package io.arrowfile.connector.statistics;
