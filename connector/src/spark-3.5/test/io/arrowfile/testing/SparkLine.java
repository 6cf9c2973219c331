package io.arrowfile.testing;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.junit.jupiter.api.Assumptions;

/**
 * What the Spark line under test has, for the tests shared by every line: Spark 3.5's copy, which has no VARIANT
 * (a variant column reads as its storage struct there). A test of something a line lacks calls an
 * {@code assume...} first, so it is skipped there with the reason.
 */
public final class SparkLine {
  private SparkLine() {}

  public static final boolean VARIANT = false;

  /** Collated strings ({@code COLLATE UNICODE_CI}). */
  public static final boolean COLLATIONS = false;

  /** What Spark says when a CalendarInterval column is written to a file source: 3.5's legacy message (no error condition). */
  public static final String INTERVAL_WRITE_REFUSED = "Cannot save interval data type into external storage";

  /** The error condition of a write a table does not support (e.g. {@code writeTo(...).overwrite}). */
  public static final String UNSUPPORTED_TABLE_OPERATION = "_LEGACY_ERROR_TEMP_1113";

  /** CHAR/VARCHAR kept in a DataFrame's schema ({@code spark.sql.preserveCharVarcharTypeInfo}, Spark 4). */
  public static final boolean CHAR_VARCHAR_TYPES = false;

  public static void assumeCharVarcharTypes() {
    Assumptions.assumeTrue(CHAR_VARCHAR_TYPES, "Spark 3.5 has no spark.sql.preserveCharVarcharTypeInfo: CHAR/VARCHAR columns read as STRING");
  }

  /** Spark's own {@code ArrowColumnVector} takes Arrow's MonthDayNano intervals (Spark 4). */
  public static final boolean ARROW_MONTH_DAY_NANO = false;

  public static void assumeArrowMonthDayNano() {
    Assumptions.assumeTrue(ARROW_MONTH_DAY_NANO, "Spark 3.5's ArrowColumnVector reads no Interval(MONTH_DAY_NANO) (UNSUPPORTED_ARROWTYPE)");
  }

  public static void assumeCollations() {
    Assumptions.assumeTrue(COLLATIONS, "Spark 3.5 has no collations");
  }

  public static void assumeVariant() {
    Assumptions.assumeTrue(VARIANT, "Spark 3.5 has no VARIANT type");
  }

  public static DataType variantType() {
    throw new UnsupportedOperationException("Spark 3.5 has no VARIANT type");
  }

  public static boolean isVariant(DataType type) {
    return false;
  }

  public static byte[][] variantParts(Object variant) {
    throw new UnsupportedOperationException("Spark 3.5 has no VARIANT type");
  }

  /** The error condition of {@code t} (Spark 3.5 calls it the error class). */
  public static String errorCondition(org.apache.spark.SparkThrowable t) {
    return t.getErrorClass();
  }

  /** Spark's own rows-to-Arrow path: {@code df} as Arrow IPC batches (on 3.5, {@code sql.Dataset} has it). */
  public static List<byte[]> arrowBatches(Dataset<Row> df) {
    return df.toArrowBatchRdd().toJavaRDD().collect();
  }
}
