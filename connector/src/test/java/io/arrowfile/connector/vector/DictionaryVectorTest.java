package io.arrowfile.connector.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.builder.DictionaryBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dictionary-encoded strings read through every index type the spec allows, with dictionaries past the signed range of
 * the narrow unsigned types (an unsigned byte's indices from 128 up read zero-extended), null indices, and slices.
 */
class DictionaryVectorTest {
  static List<ArrowType.Int> indexTypes() {
    return List.of(ArrowType.Int.INT8, ArrowType.Int.UINT8, ArrowType.Int.INT16, ArrowType.Int.UINT16,
        ArrowType.Int.INT32, ArrowType.Int.UINT32, ArrowType.Int.INT64, ArrowType.Int.UINT64);
  }

  @ParameterizedTest
  @MethodSource("indexTypes")
  void readsEveryRowThroughItsIndex(ArrowType.Int indexType) {
    // As many values as the index type holds, up to past 2^15: the unsigned types' high indices read zero-extended.
    int distinct = indexType.equals(ArrowType.Int.INT8) ? 128 : indexType.equals(ArrowType.Int.UINT8) ? 256
        : indexType.equals(ArrowType.Int.INT16) ? 32_768 : 40_000;
    int rows = 3 * distinct;
    Field field = new Field("s", true, new ArrowType.Utf8(), new DictionaryEncoding(1, indexType, false), null, null);
    DictionaryBuilder b = (DictionaryBuilder) ArrayBuilder.create(field);
    for (int i = 0; i < rows; i++) {
      if (i % 7 == 3) {
        b.appendNull();
      } else {
        b.appendValue(value(i, distinct));
      }
    }
    ArrayData data = b.build();
    for (int start : new int[] {0, 5}) {
      ArrayData part = data.slice(start, rows - start);
      ColumnVector v = ArrowVectors.create(part, DataTypes.StringType);
      int nulls = 0;
      for (int i = 0; i < rows - start; i++) {
        int row = start + i;
        boolean isNull = row % 7 == 3;
        nulls += isNull ? 1 : 0;
        assertEquals(isNull, v.isNullAt(i), indexType + " row " + row);
        if (!isNull) {
          assertEquals(value(row, distinct), v.getUTF8String(i).toString(), indexType + " row " + row);
        }
      }
      assertEquals(nulls, v.numNulls(), indexType + " from " + start);
    }
  }

  /** Row i's value: every dictionary entry is used, the late ones (indices past 127) included. */
  private static String value(int row, int distinct) {
    return "v" + ((row * 37) % distinct);
  }
}
