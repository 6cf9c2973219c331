package io.arrowfile.connector.write;

import io.arrowfile.connector.options.ArrowWriteOptions;
import io.arrowfile.connector.types.SparkToArrow;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The entry point of the write path, called by the V1 file format's {@code prepareWrite} on the driver: it
 * validates the options and the schema (so that bad values and unwritable types fail before any task runs) and
 * returns the serializable factory of per-file writers.
 */
public final class ArrowWriteSupport {
  private ArrowWriteSupport() {}

  /**
   * Prepares a write of {@code dataSchema} (the columns written into files; partition columns excluded).
   *
   * @param options the data source options; names are matched case-insensitively (see {@link ArrowWriteOptions})
   * @throws IllegalArgumentException for an invalid option value, listing the valid ones, or a misspelled
   *     option name ({@link io.arrowfile.connector.options.ArrowOptions})
   * @throws UnsupportedOperationException for a Spark type arrowfile cannot write, naming the column
   * @throws IllegalArgumentException for a {@code sortWithinFiles} column that is not written or not sortable
   *     ({@link SortWithinFiles#resolve})
   */
  public static OutputWriterFactory prepareWrite(SparkSession session, Job job, Map<String, String> options,
      StructType dataSchema) {
    io.arrowfile.connector.options.ArrowOptions.check(options); // keys (typos) and every option's value
    ArrowWriteOptions parsed = ArrowWriteOptions.parse(options);
    String timeZone = sessionTimeZone(session);
    SparkToArrow.schema(dataSchema, timeZone); // fails fast on types we cannot write
    if (!parsed.sortWithinFiles().isEmpty()) {
      SQLConf conf = session != null ? session.sessionState().conf() : SQLConf.get();
      parsed = parsed.withSortWithinFiles(
          SortWithinFiles.resolve(parsed.sortWithinFiles(), dataSchema, conf.caseSensitiveAnalysis()));
    }
    return new ArrowOutputWriterFactory(parsed, timeZone);
  }

  /**
   * Whether arrowfile can write (and read back) columns of {@code type}: every type of the {@link SparkToArrow}
   * table, including CalendarIntervalType, NullType and VariantType, which Spark's default
   * {@code FileFormat.supportDataType} may refuse. For the V1 format's {@code supportDataType} override.
   */
  public static boolean supportDataType(DataType type) {
    if (io.arrowfile.connector.types.GeoArrow.isGeoType(type)) {
      return true; // a mixed-SRID column is refused by the writer, with what to do
    }
    try {
      SparkToArrow.field("c", type, true, "UTC", "c");
      return true;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  /** {@code spark.sql.session.timeZone} of {@code session} (of the active conf when null). */
  static String sessionTimeZone(SparkSession session) {
    String fallback = SQLConf.get().sessionLocalTimeZone();
    if (session == null) {
      return fallback;
    }
    try {
      return session.conf().get(SQLConf.SESSION_LOCAL_TIMEZONE().key(), fallback);
    } catch (RuntimeException e) {
      return fallback;
    }
  }
}
