package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds record batches row by row ({@link #appendRow}) or column by column ({@link #column(int)} with
 * typed appends); {@link #build()} returns the batch and starts over.
 */
public final class RecordBatchBuilder {
  private final Schema schema;
  private final ArrayBuilder[] columns;
  private long rows;

  private RecordBatchBuilder(Schema schema) {
    this.schema = schema;
    columns = new ArrayBuilder[schema.fields().size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = ArrayBuilder.create(schema.field(i));
    }
  }

  public static RecordBatchBuilder create(Schema schema) {
    return new RecordBatchBuilder(schema);
  }

  public Schema schema() {
    return schema;
  }

  public int columnCount() {
    return columns.length;
  }

  public ArrayBuilder column(int index) {
    return columns[index];
  }

  /** Appends one row: one value per column, in the object model of the columns' types. */
  public void appendRow(Object... values) {
    if (values.length != columns.length) {
      throw new IllegalArgumentException("the schema has " + columns.length + " columns, the row "
          + values.length + " values");
    }
    for (int i = 0; i < columns.length; i++) {
      columns[i].appendObject(values[i]);
    }
    rows++;
  }

  /** Rows so far (column 0's length when columns were appended to directly). */
  public long length() {
    return columns.length == 0 ? rows : columns[0].length();
  }

  /**
   * Tells the column builders that the last built batch is no longer read (see {@link ArrayBuilder#recycle()}):
   * its memory may hold the next batch. Only for a caller that has finished with that batch and everything
   * sliced from it.
   */
  public void recycle() {
    for (ArrayBuilder c : columns) {
      c.recycle();
    }
  }

  public RecordBatch build() {
    long length = length();
    for (int i = 0; i < columns.length; i++) {
      if (columns[i].length() != length) {
        throw new IllegalStateException("column " + i + " ('" + schema.field(i).name() + "') has "
            + columns[i].length() + " values, column 0 " + length);
      }
    }
    List<ArrayData> built = new ArrayList<>(columns.length);
    for (ArrayBuilder c : columns) {
      built.add(c.build());
    }
    rows = 0;
    return new RecordBatch(schema, length, built);
  }
}
