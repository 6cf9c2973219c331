package io.arrowfile.testing;

import io.arrowfile.columnar.type.Schema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A schema and all values of its record batches in our object model: {@code batches.get(b).get(c).get(r)} is
 * row {@code r} of column {@code c} of batch {@code b}. Compare with
 * {@link ValueAssertions#assertDatasetsEqual}.
 */
public record Dataset(Schema schema, List<List<List<Object>>> batches) {

  /** Reads an IPC file via Arrow Java. */
  public static Dataset fromFile(Path path) throws IOException {
    return ArrowJavaValues.fromFile(path);
  }

  /** Reads an IPC stream via Arrow Java. */
  public static Dataset fromStream(Path path) throws IOException {
    return ArrowJavaValues.fromStream(path);
  }

  /** Reads integration JSON ({@code .json} or {@code .json.gz}) via Arrow Java. */
  public static Dataset fromJson(Path path) throws IOException {
    return ArrowJavaValues.fromJson(path);
  }

  public int batchCount() {
    return batches.size();
  }

  /** Rows of batch {@code b} (0 when it has no columns). */
  public int rowCount(int b) {
    List<List<Object>> batch = batches.get(b);
    return batch.isEmpty() ? 0 : batch.get(0).size();
  }

  /** Total rows over all batches. */
  public long totalRows() {
    long n = 0;
    for (int b = 0; b < batches.size(); b++) {
      n += rowCount(b);
    }
    return n;
  }

  /** Column {@code c} with all batches concatenated. */
  public List<Object> column(int c) {
    List<Object> out = new ArrayList<>();
    for (List<List<Object>> batch : batches) {
      out.addAll(batch.get(c));
    }
    return out;
  }

  /** The same values with another schema (e.g. to compare values only). */
  public Dataset withSchema(Schema newSchema) {
    return new Dataset(newSchema, batches);
  }
}
