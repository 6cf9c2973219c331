package io.arrowfile.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.connector.types.ArrowToSpark;
import io.arrowfile.connector.vector.ArrowVectors;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;

/** Column vectors respect ArrayData.offset(): a sliced batch reads exactly the rows of the whole one. */
class ArrowVectorsSliceTest {

  static ColumnarBatch columnar(RecordBatch batch, StructType schema) {
    ColumnVector[] vectors = new ColumnVector[batch.columns().size()];
    for (int k = 0; k < vectors.length; k++) {
      vectors[k] = ArrowVectors.create(batch.column(k), schema.fields()[k].dataType());
    }
    return new ColumnarBatch(vectors, (int) batch.length());
  }

  @Test
  void slicedBatchesReadTheSameRows() {
    RecordBatch whole = Fixtures.batch(ArrowTypesReadTest.SCHEMA,
        List.of(ArrowTypesReadTest.row0(), ArrowTypesReadTest.row1(), ArrowTypesReadTest.row2(),
            ArrowTypesReadTest.row0(), ArrowTypesReadTest.row1()));
    StructType schema = ArrowToSpark.schema(ArrowTypesReadTest.SCHEMA);
    UnsafeProjection projection = UnsafeProjection.create(schema);
    ColumnarBatch all = columnar(whole, schema);
    for (int start = 0; start < 5; start++) {
      for (int length = 0; start + length <= 5; length++) {
        ColumnarBatch part = columnar(whole.slice(start, length), schema);
        for (int i = 0; i < length; i++) {
          UnsafeRow expected = projection.apply(all.getRow(start + i)).copy();
          UnsafeRow actual = projection.apply(part.getRow(i)).copy();
          assertEquals(expected, actual, "slice(" + start + ", " + length + ") row " + i);
        }
        for (int c = 0; c < schema.fields().length; c++) {
          int nulls = 0;
          for (int i = 0; i < length; i++) {
            nulls += part.column(c).isNullAt(i) ? 1 : 0;
          }
          String name = schema.fields()[c].name();
          assertEquals(nulls > 0, part.column(c).hasNull(), name);
          assertTrue(nulls == part.column(c).numNulls() || name.equals("su") || name.equals("du"), name);
        }
      }
    }
  }
}
