package io.arrowfile.golden;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.ipc.BatchReader;
import java.util.ArrayList;
import java.util.List;

/** Everything a reader of ours yields, as values of the object model, in the oracle's shape. */
final class OurReading {
  private OurReading() {}

  static IntegrationJson.Content readAll(BatchReader reader) throws java.io.IOException {
    List<List<List<Object>>> batches = new ArrayList<>();
    RecordBatch batch;
    while ((batch = reader.next()) != null) {
      batches.add(values(batch));
    }
    return new IntegrationJson.Content(reader.schema(), batches);
  }

  static List<List<Object>> values(RecordBatch batch) {
    List<List<Object>> columns = new ArrayList<>();
    for (ArrayData column : batch.columns()) {
      ArrowArray view = ArrowArray.of(column);
      List<Object> values = new ArrayList<>((int) column.length());
      for (long i = 0; i < column.length(); i++) {
        values.add(view.getObject(i));
      }
      columns.add(values);
    }
    return columns;
  }
}
