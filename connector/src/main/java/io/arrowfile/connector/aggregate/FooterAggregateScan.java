package io.arrowfile.connector.aggregate;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.types.StructType;

/** The result of an aggregation answered from footers while planning ({@link FooterAggregation}): rows, no tasks. */
public final class FooterAggregateScan implements LocalScan {
  private final StructType schema;
  private final InternalRow[] rows;
  private final String description;

  public FooterAggregateScan(StructType schema, InternalRow[] rows, String description) {
    this.schema = schema;
    this.rows = rows;
    this.description = description;
  }

  @Override
  public StructType readSchema() {
    return schema;
  }

  @Override
  public InternalRow[] rows() {
    return rows.clone();
  }

  @Override
  public String description() {
    return description;
  }
}
