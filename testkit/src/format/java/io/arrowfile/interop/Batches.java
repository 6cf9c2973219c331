package io.arrowfile.interop;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.testing.Dataset;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Datasets of the test kit built into our record batches, and our readers' output back into datasets. */
public final class Batches {
  private Batches() {}

  /** Each batch (column → rows) built with our builders. */
  static List<RecordBatch> build(Dataset data) {
    List<RecordBatch> out = new ArrayList<>();
    for (List<List<Object>> columns : data.batches()) {
      out.add(build(data.schema(), columns));
    }
    return out;
  }

  public static RecordBatch build(Schema schema, List<List<Object>> columns) {
    List<ArrayData> arrays = new ArrayList<>();
    long rows = columns.isEmpty() ? 0 : columns.get(0).size();
    for (int c = 0; c < columns.size(); c++) {
      ArrayBuilder builder = ArrayBuilder.create(schema.field(c));
      for (Object value : columns.get(c)) {
        builder.appendObject(value);
      }
      arrays.add(builder.build());
    }
    return new RecordBatch(schema, rows, arrays);
  }

  static List<List<Object>> values(RecordBatch batch) {
    List<List<Object>> columns = new ArrayList<>();
    for (ArrayData column : batch.columns()) {
      ArrowArray view = ArrowArray.of(column);
      List<Object> values = new ArrayList<>();
      for (long i = 0; i < column.length(); i++) {
        values.add(view.getObject(i));
      }
      columns.add(values);
    }
    return columns;
  }

  static Dataset readAll(BatchReader reader) throws IOException {
    List<List<List<Object>>> batches = new ArrayList<>();
    RecordBatch batch;
    while ((batch = reader.next()) != null) {
      batches.add(values(batch));
    }
    return new Dataset(reader.schema(), batches);
  }
}
