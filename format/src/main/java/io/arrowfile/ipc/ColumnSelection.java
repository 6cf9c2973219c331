package io.arrowfile.ipc;

import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import java.util.List;

/** What a reader reads of each record batch: some top-level columns, whole or with struct children left out. */
public final class ColumnSelection {
  final Schema schema;
  final int[] columns;
  /** For a selection decoded from the whole body: the columns handed to the decoder (null for all). */
  final int[] decodeColumns;
  /** For a selection of fetched buffers: per field of the file, null or the field as read; else null. */
  final List<Field> wanted;
  /** Which dictionaries it reads: {@link ArrowFileDecoder#ALL_DICTIONARIES}, a set of ids, or null for none. */
  final Object dictionaryScope;

  ColumnSelection(Schema schema, int[] columns, int[] decodeColumns, List<Field> wanted, Object dictionaryScope) {
    this.schema = schema;
    this.columns = columns;
    this.decodeColumns = decodeColumns;
    this.wanted = wanted;
    this.dictionaryScope = dictionaryScope;
  }

  /** The schema of the batches read: the selected fields, as read. */
  public Schema schema() {
    return schema;
  }

  /** The indexes in the file's schema of the columns read (ascending): column k of a batch is columns()[k]. */
  public int[] columns() {
    return columns.clone();
  }
}
