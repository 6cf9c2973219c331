package io.arrowfile.testing;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.VariantVal;
import org.junit.jupiter.api.Assumptions;

/**
 * What the Spark line under test has, for the tests shared by every line: the Spark 4 lines' copy (VARIANT, the
 * classic Dataset). A test of something a line lacks calls an {@code assume...} first, so it is skipped there with
 * the reason.
 */
public final class SparkLine {
  private SparkLine() {}

  public static final boolean VARIANT = true;

  /** Collated strings ({@code COLLATE UNICODE_CI}). */
  public static final boolean COLLATIONS = true;

  /** What Spark says when a CalendarInterval column is written to a file source: the error condition. */
  public static final String INTERVAL_WRITE_REFUSED = "UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE";

  /** The error condition of a write a table does not support (e.g. {@code writeTo(...).overwrite}). */
  public static final String UNSUPPORTED_TABLE_OPERATION = "UNSUPPORTED_FEATURE.TABLE_OPERATION";

  /** CHAR/VARCHAR kept in a DataFrame's schema ({@code spark.sql.preserveCharVarcharTypeInfo}, Spark 4). */
  public static final boolean CHAR_VARCHAR_TYPES = true;

  public static void assumeCharVarcharTypes() {
    Assumptions.assumeTrue(CHAR_VARCHAR_TYPES, "this Spark line keeps no CHAR/VARCHAR in schemas");
  }

  /** Spark's own {@code ArrowColumnVector} takes Arrow's MonthDayNano intervals (Spark 4). */
  public static final boolean ARROW_MONTH_DAY_NANO = true;

  public static void assumeArrowMonthDayNano() {
    Assumptions.assumeTrue(ARROW_MONTH_DAY_NANO, "this Spark line's ArrowColumnVector reads no Interval(MONTH_DAY_NANO)");
  }

  public static void assumeCollations() {
    Assumptions.assumeTrue(COLLATIONS, "this Spark line has no collations");
  }

  public static void assumeVariant() {
    Assumptions.assumeTrue(VARIANT, "this Spark line has no VARIANT type");
  }

  /** VARIANT; only where {@link #VARIANT}. */
  public static DataType variantType() {
    return DataTypes.VariantType;
  }

  public static boolean isVariant(DataType type) {
    return type == DataTypes.VariantType;
  }

  /** A Spark variant value's {@code {metadata, value}}. */
  public static byte[][] variantParts(Object variant) {
    VariantVal v = (VariantVal) variant;
    return new byte[][] {v.getMetadata(), v.getValue()};
  }

  /** The error condition of {@code t} (Spark 3.5 calls it the error class). */
  public static String errorCondition(org.apache.spark.SparkThrowable t) {
    return t.getCondition();
  }

  /** Spark's own rows-to-Arrow path: {@code df} as Arrow IPC batches. */
  public static List<byte[]> arrowBatches(Dataset<Row> df) {
    return ((org.apache.spark.sql.classic.Dataset<Row>) df).toArrowBatchRdd().toJavaRDD().collect();
  }
}
