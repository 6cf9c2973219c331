package io.arrowfile.connector.read;

import java.io.Serializable;
import org.apache.spark.sql.types.DataType;

/**
 * One aggregate a scan answers per file ({@link ArrowScanBuilder#pushAggregation}): {@code COUNT(*)}, or
 * {@code COUNT}, {@code MIN} or {@code MAX} of a top-level data column of Spark type {@code type}. Each file yields
 * its partial value; Spark combines them (sums the counts, takes the least and greatest).
 */
public record PushedAggregate(Function function, String column, DataType type) implements Serializable {
  public enum Function { COUNT_STAR, COUNT, MIN, MAX }
}
