package io.arrowfile.testing;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Rows of the common Spark types, nulls included, that end-to-end tests write, read back and compare. */
public final class SparkRows {
  /** The columns of {@link #mixed}. */
  public static final String[] COLUMNS = {"id", "i", "s", "d", "b", "dt", "ts", "dec", "bin", "arr", "st", "m", "part"};

  private SparkRows() {}

  /**
   * {@code n} rows in {@code slices} partitions: long, int, string, double, boolean, date, timestamp, decimal,
   * binary, array (with a null element), struct and map columns, nulls in several, and {@code part}, an int
   * in {@code [0, parts)} to partition by.
   */
  public static Dataset<Row> mixed(SparkSession spark, long n, int slices, int parts) {
    return spark.range(0, n, 1, slices).selectExpr(
        "id",
        "cast(id as int) as i",
        "case when id % 7 = 0 then null else concat('s', id) end as s",
        "case when id % 11 = 0 then null else id * 1.5 end as d",
        "id % 2 = 0 as b",
        "date_add(date'2020-01-01', cast(id % 1000 as int)) as dt",
        "timestamp_seconds(id * 3601) as ts",
        "cast(id / 100 as decimal(12, 2)) as dec",
        "case when id % 5 = 0 then null else cast(concat('b', id) as binary) end as bin",
        "case when id % 13 = 0 then null else array(cast(id as int), null, cast(id + 1 as int)) end as arr",
        "named_struct('x', cast(id as int), 'y', concat('y', id)) as st",
        "map('k', id, 'k2', id * 2) as m",
        "cast(id % " + parts + " as int) as part");
  }

  /**
   * The rows as sorted JSON lines (binary as base64), of {@code columns} in that order, or of every column
   * when none are named: exact and order-insensitive.
   */
  public static List<String> canonical(Dataset<Row> df, String... columns) {
    Dataset<Row> selected = columns.length == 0 ? df : df.selectExpr(columns);
    List<String> rows = new ArrayList<>(selected.toJSON().collectAsList());
    rows.sort(null);
    return rows;
  }
}
