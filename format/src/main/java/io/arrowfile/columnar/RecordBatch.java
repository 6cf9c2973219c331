package io.arrowfile.columnar;

import io.arrowfile.columnar.type.Schema;
import java.util.List;

/** Columns of equal length, one per top-level field of the schema. */
public final class RecordBatch {
  private final Schema schema;
  private final long length;
  private final List<ArrayData> columns;

  public RecordBatch(Schema schema, long length, List<ArrayData> columns) {
    if (columns.size() != schema.fields().size()) {
      throw new IllegalArgumentException("schema has " + schema.fields().size() + " fields but "
          + columns.size() + " columns were given");
    }
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).length() != length) {
        throw new IllegalArgumentException("column " + i + " ('" + schema.field(i).name() + "') has "
            + columns.get(i).length() + " rows, the batch " + length);
      }
    }
    this.schema = schema;
    this.length = length;
    this.columns = List.copyOf(columns);
  }

  public Schema schema() {
    return schema;
  }

  /** Number of rows. */
  public long length() {
    return length;
  }

  public List<ArrayData> columns() {
    return columns;
  }

  public ArrayData column(int index) {
    return columns.get(index);
  }

  /** Rows {@code [offset, offset + length)}, sharing memory. */
  public RecordBatch slice(long offset, long newLength) {
    return new RecordBatch(schema, newLength, columns.stream().map(c -> c.slice(offset, newLength)).toList());
  }

  @Override
  public String toString() {
    return "RecordBatch[" + length + " rows, " + schema + "]";
  }
}
