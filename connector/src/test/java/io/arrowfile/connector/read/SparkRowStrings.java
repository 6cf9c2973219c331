package io.arrowfile.connector.read;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.connector.ArrowGoldenFilesSparkTest;
import io.arrowfile.connector.vector.ArrowVectors;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Rows as strings in Spark's internal form, by {@code ArrowGoldenFilesSparkTest}'s renderer (so both tests
 * compare under exactly the same rules), and the expected rows of
 * values in our object model converted per the Arrow-to-Spark mapping the same way that test does: built into a
 * batch with our builders and seen through {@link ArrowVectors}.
 */
final class SparkRowStrings {
  private SparkRowStrings() {}

  static String render(InternalRow row, StructType schema) {
    return ArrowGoldenFilesSparkTest.render(row, schema);
  }

  /** The rows {@code df} returns, in Spark's internal form, rendered. */
  static List<String> actual(org.apache.spark.sql.Dataset<Row> df, StructType schema) {
    List<String> out = new ArrayList<>();
    for (InternalRow r : df.queryExecution().executedPlan().executeCollect()) {
      out.add(render(r, schema));
    }
    return out;
  }

  /** The rows of {@code batches} (batch, column, row), of {@code schema}, as Spark should read them. */
  static List<String> expected(Schema schema, List<List<List<Object>>> batches, StructType sparkSchema) {
    List<String> want = new ArrayList<>();
    for (List<List<Object>> columns : batches) {
      RecordBatchBuilder b = RecordBatchBuilder.create(schema);
      int rows = columns.isEmpty() ? 0 : columns.get(0).size();
      for (int r = 0; r < rows; r++) {
        Object[] row = new Object[columns.size()];
        for (int c = 0; c < row.length; c++) {
          row[c] = columns.get(c).get(r);
        }
        b.appendRow(row);
      }
      want.addAll(expected(b.build(), sparkSchema));
    }
    return want;
  }

  /** The rows of {@code batch} seen through the connector's column vectors, rendered. */
  static List<String> expected(RecordBatch batch, StructType sparkSchema) {
    ColumnVector[] vectors = new ColumnVector[batch.columns().size()];
    for (int c = 0; c < vectors.length; c++) {
      vectors[c] = ArrowVectors.create(batch.column(c), sparkSchema.fields()[c].dataType());
    }
    ColumnarBatch cb = new ColumnarBatch(vectors, Math.toIntExact(batch.length()));
    List<String> want = new ArrayList<>();
    Iterator<InternalRow> it = cb.rowIterator();
    while (it.hasNext()) {
      want.add(render(it.next(), sparkSchema));
    }
    return want;
  }
}
