package io.arrowfile.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.UnionMode;
import java.math.BigDecimal;
import java.util.AbstractMap;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueAssertionsTest {

  @Test
  void leavesCompareByContent() {
    ValueAssertions.assertValuesEqual(null, new byte[] {1, 2}, new byte[] {1, 2}, "");
    ValueAssertions.assertValuesEqual(null, Float.NaN, Float.intBitsToFloat(0x7fc00001), "");
    ValueAssertions.assertValuesEqual(null, Double.NaN, Double.NaN, "");
    ValueAssertions.assertValuesEqual(null, new BigDecimal("1.50"), new BigDecimal("1.50"), "");
    ValueAssertions.assertValuesEqual(null, new AbstractMap.SimpleImmutableEntry<>("k", null),
        new AbstractMap.SimpleImmutableEntry<>("k", null), "");
    assertThrows(AssertionError.class,
        () -> ValueAssertions.assertValuesEqual(null, new BigDecimal("1.5"), new BigDecimal("1.50"), ""));
    assertThrows(AssertionError.class, () -> ValueAssertions.assertValuesEqual(null, 1, 1L, ""));
    assertThrows(AssertionError.class,
        () -> ValueAssertions.assertValuesEqual(null, new UnionValue((byte) 1, 2), new UnionValue((byte) 2, 2), ""));
  }

  @Test
  void messagesNameThePlace() {
    Field x = Field.nullable("x", ArrowType.Int.INT32);
    Field item = Field.nullable("item", new ArrowType.Struct(), x);
    Field a = Field.nullable("a", new ArrowType.Struct(), Field.nullable("item", new ArrowType.List(), item));
    Schema schema = Schema.of(a);
    List<Object> row = List.of(List.of(List.of(1), List.of(2), List.of(3)));
    List<Object> other = List.of(List.of(List.of(1), List.of(2), List.of(4)));
    Dataset expected = new Dataset(schema, List.of(List.of(List.of((Object) row)), List.of(List.of(row))));
    Dataset actual = new Dataset(schema, List.of(List.of(List.of((Object) row)), List.of(List.of(other))));
    AssertionError e = assertThrows(AssertionError.class, () -> ValueAssertions.assertDatasetsEqual(expected, actual));
    assertEquals("batch 1, column 'a', row 0, .item[2].x: expected 3 (Integer) but was 4 (Integer)", e.getMessage());
  }

  @Test
  void unionsAndMapsUseTheirChildren() {
    Field u = Field.nullable("u", new ArrowType.Union(UnionMode.SPARSE, new int[] {3, 7}),
        Field.nullable("i", ArrowType.Int.INT32), Field.nullable("s", new ArrowType.Utf8()));
    AssertionError e = assertThrows(AssertionError.class, () -> ValueAssertions.assertValuesEqual(u,
        new UnionValue((byte) 7, "a"), new UnionValue((byte) 7, "b"), "p"));
    assertTrue(e.getMessage().startsWith("p<7>: expected \"a\""), e.getMessage());
    Field m = Field.nullable("m", new ArrowType.Map(false), Field.notNull("entries", new ArrowType.Struct(),
        Field.notNull("key", new ArrowType.Utf8()), Field.nullable("value", ArrowType.Int.INT8)));
    e = assertThrows(AssertionError.class, () -> ValueAssertions.assertValuesEqual(m,
        List.of(new AbstractMap.SimpleImmutableEntry<>("k", (byte) 1)),
        List.of(new AbstractMap.SimpleImmutableEntry<>("k", (byte) 2)), "m"));
    assertTrue(e.getMessage().startsWith("m[0].value: "), e.getMessage());
    assertTrue(ValueAssertions.valuesEqual(Arrays.asList(1, null), Arrays.asList(1, null)));
  }
}
