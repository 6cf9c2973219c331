package io.arrowfile.ipc.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonValueWriterTest {

  private static String json(Field field, Object value) {
    StringBuilder sb = new StringBuilder();
    JsonValueWriter.writeValue(sb, field, value);
    return sb.toString();
  }

  @Test
  void temporalValuesPrintAsIso8601() {
    assertEquals("\"1970-01-02T00:00:00.000001\"",
        json(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), 86_400_000_001L));
    assertEquals("\"1970-01-01T01:00+01:00\"",
        json(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.SECOND, "+01:00")), 0L));
    assertEquals("\"1969-12-31T23:59:59.999999999\"",
        json(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)), -1L));
    assertEquals("\"2000-01-01\"", json(Field.nullable("d", new ArrowType.Date(DateUnit.DAY)), 10957));
    assertEquals("\"00:00:01.500\"", json(Field.nullable("t", new ArrowType.Time(TimeUnit.MILLISECOND, 32)), 1500));
    assertEquals("\"PT-0.000001S\"", json(Field.nullable("d", new ArrowType.Duration(TimeUnit.MICROSECOND)), -1L));
    assertEquals("{\"months\": 1, \"days\": 2, \"nanoseconds\": 3}",
        json(Field.nullable("i", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
            new IntervalMonthDayNano(1, 2, 3)));
  }

  @Test
  void numbersStayExactAndNonFiniteFloatsAreStrings() {
    assertEquals("18446744073709551615",
        json(Field.nullable("u", ArrowType.Int.UINT64), new BigInteger("18446744073709551615")));
    assertEquals("-12.30", json(Field.nullable("d", new ArrowType.Decimal(5, 2, 128)), new BigDecimal("-12.30")));
    assertEquals("\"NaN\"", json(Field.nullable("f", new ArrowType.FloatingPoint(Precision.DOUBLE)), Double.NaN));
    assertEquals("1.5", json(Field.nullable("f", new ArrowType.FloatingPoint(Precision.SINGLE)), 1.5f));
  }

  @Test
  void stringsAreEscapedAndBinariesAreHex() {
    assertEquals("\"a\\\"b\\n\\u0001\"", json(Field.nullable("s", new ArrowType.Utf8()), "a\"b\n\u0001"));
    assertEquals("\"00ff10\"", json(Field.nullable("b", new ArrowType.Binary()), new byte[] {0, -1, 16}));
  }

  @Test
  void nestedValuesFollowTheirFields() {
    Field struct = Field.nullable("s", new ArrowType.Struct(),
        Field.nullable("a", ArrowType.Int.INT32),
        Field.nullable("tags", new ArrowType.List(), Field.nullable("item", new ArrowType.Utf8())));
    assertEquals("{\"a\": 1, \"tags\": [\"x\", null]}", json(struct, List.of(1, Arrays.asList("x", null))));

    Field map = Field.nullable("m", new ArrowType.Map(false), Field.notNull("entries", new ArrowType.Struct(),
        Field.notNull("key", ArrowType.Int.INT64), Field.nullable("value", new ArrowType.Bool())));
    assertEquals("[{\"key\": 7, \"value\": true}]", json(map, List.of(new SimpleImmutableEntry<>(7L, true))));

    Field union = Field.nullable("u", new ArrowType.Union(UnionMode.DENSE, new int[] {5, 9}),
        Field.nullable("i", ArrowType.Int.INT8), Field.nullable("s", new ArrowType.Utf8()));
    assertEquals("\"nine\"", json(union, new UnionValue((byte) 9, "nine")));
  }
}
