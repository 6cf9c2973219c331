package io.arrowfile.connector.read;

import io.arrowfile.connector.options.ArrowReadOptions;
import java.io.Serializable;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * What every split of a scan reads, decided once on the driver (by the V2 scan or the V1 file format) and shipped
 * to the executors with the tasks: the same for every split, whichever path planned it. The splits themselves
 * (Spark's {@code PartitionedFile}s: a file's byte range, its partition values) say where; for a pushed limit or
 * top-N, their ranges hold only the record batches chosen on the driver ({@link BatchSelection}).
 *
 * @param dataColumns the data columns to read, in output order; a column a file lacks reads as null
 * @param partitionColumns the partition columns, after the data columns, constant per split
 * @param metadata V2: the fields of Spark's {@code _metadata} column the query uses, last in the output; or null
 * @param rowIndexColumn V1: the data column that is Spark's temporary {@code _metadata.row_index} column
 *     ({@link FileMetadataColumn#ROW_INDEX_TEMPORARY_COLUMN}), filled with row positions; or -1
 * @param filters the pushed data filters and the runtime filters on data columns, ANDed: record batches their
 *     statistics rule out are skipped (Spark applies the filters again on the rows); may be empty
 * @param caseSensitive how column names resolve against the files' ({@code spark.sql.caseSensitive})
 * @param columnar batches ({@code ColumnarBatch}) or rows ({@code UnsafeRow}) to Spark
 * @param options the read options
 */
public record ReadRequest(StructType dataColumns, StructType partitionColumns, StructType metadata,
    int rowIndexColumn, Filter[] filters, boolean caseSensitive, boolean columnar, ArrowReadOptions options)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public ReadRequest {
    filters = filters == null ? new Filter[0] : filters.clone();
  }

  @Override
  public Filter[] filters() {
    return filters.clone();
  }

  /**
   * A V1 read: Spark asks for {@code _metadata.row_index} as a data column of {@code dataColumns}, the others of
   * {@code _metadata} it fills itself.
   */
  public static ReadRequest v1(StructType dataColumns, StructType partitionColumns, Filter[] filters,
      boolean caseSensitive, boolean columnar, ArrowReadOptions options) {
    int rowIndex = java.util.Arrays.asList(dataColumns.fieldNames())
        .indexOf(FileMetadataColumn.ROW_INDEX_TEMPORARY_COLUMN);
    return new ReadRequest(dataColumns, partitionColumns, null, rowIndex, filters, caseSensitive, columnar, options);
  }

  /** The same files' {@code columns} alone: no partition values, metadata or filters (aggregates read them). */
  ReadRequest columnsOnly(StructType columns) {
    return new ReadRequest(columns, new StructType(), null, -1, null, caseSensitive, true, options);
  }
}
