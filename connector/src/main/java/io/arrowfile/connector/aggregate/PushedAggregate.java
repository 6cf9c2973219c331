package io.arrowfile.connector.aggregate;

import java.io.Serializable;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;

/**
 * One aggregate a scan answers per file ({@code ArrowScanBuilder.pushAggregation}): {@code COUNT(*)}, or
 * {@code COUNT}, {@code MIN} or {@code MAX} of a top-level data column of Spark type {@code type}. Each file yields
 * its partial value; Spark combines them (sums the counts, takes the least and greatest).
 */
public record PushedAggregate(Function function, String column, DataType type) implements Serializable {
  public enum Function { COUNT_STAR, COUNT, MIN, MAX }

  /** Whether this is a count: a non-null long, 0 over no rows. */
  public boolean isCount() {
    return function == Function.COUNT_STAR || function == Function.COUNT;
  }

  /** The scan's output column for this aggregate: a count is a non-null long, MIN/MAX the column's nullable type. */
  public StructField resultField(String name) {
    return new StructField(name, isCount() ? DataTypes.LongType : type, !isCount(), Metadata.empty());
  }
}
