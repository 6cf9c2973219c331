package io.arrowfile.columnar.builder;

import static io.arrowfile.columnar.builder.BuilderTestSupport.dict;
import static io.arrowfile.columnar.builder.BuilderTestSupport.f;
import static io.arrowfile.columnar.builder.BuilderTestSupport.mapField;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.Validator;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Builder -> validator (FULL) -> view: every value reads back as the object appended. */
class ArrayBuilderRoundTripTest {

  static List<Object> list(Object... values) {
    return Arrays.asList(values);
  }

  static Stream<Arguments> cases() {
    Field entries = mapField("m", new ArrowType.Utf8(), ArrowType.Int.INT32);
    Field sparse = f("u", new ArrowType.Union(UnionMode.SPARSE, new int[] {2, 7}),
        f("i", ArrowType.Int.INT32), f("s", new ArrowType.Utf8()));
    Field dense = f("u", new ArrowType.Union(UnionMode.DENSE, null),
        f("i", ArrowType.Int.INT64), f("b", new ArrowType.Binary()), f("n", new ArrowType.Null()));
    Field struct = f("s", new ArrowType.Struct(), f("a", ArrowType.Int.INT16), f("b", new ArrowType.Utf8()));
    String longString = "a string well beyond twelve bytes";
    return Stream.of(
        Arguments.of(f("n", new ArrowType.Null()), list(null, null)),
        Arguments.of(f("b", new ArrowType.Bool()), list(true, null, false, true, true, false, false, true, true)),
        Arguments.of(f("i", ArrowType.Int.INT8), list((byte) -128, null, (byte) 127)),
        Arguments.of(f("i", ArrowType.Int.INT16), list((short) -32768, null, (short) 5)),
        Arguments.of(f("i", ArrowType.Int.INT32), list(Integer.MIN_VALUE, null, 42)),
        Arguments.of(f("i", ArrowType.Int.INT64), list(Long.MAX_VALUE, null, -1L)),
        Arguments.of(f("i", ArrowType.Int.UINT8), list((short) 255, null, (short) 0)),
        Arguments.of(f("i", ArrowType.Int.UINT16), list(65535, null, 1)),
        Arguments.of(f("i", ArrowType.Int.UINT32), list(4294967295L, null, 7L)),
        Arguments.of(f("i", ArrowType.Int.UINT64), list(new BigInteger("18446744073709551615"), null,
            BigInteger.ONE)),
        Arguments.of(f("f", new ArrowType.FloatingPoint(Precision.HALF)), list(1.5f, null, -65504f, 0.0009765625f)),
        Arguments.of(f("f", new ArrowType.FloatingPoint(Precision.SINGLE)), list(1.25f, null, Float.NaN)),
        Arguments.of(f("f", new ArrowType.FloatingPoint(Precision.DOUBLE)), list(-1e-300, null, Double.NEGATIVE_INFINITY)),
        Arguments.of(f("d", new ArrowType.Decimal(9, 2, 32)), list(new BigDecimal("1234567.89"), null)),
        Arguments.of(f("d", new ArrowType.Decimal(18, 3, 64)), list(new BigDecimal("-1.500"), null)),
        Arguments.of(f("d", new ArrowType.Decimal(38, 10, 128)),
            list(new BigDecimal("-1234567890123456789012345678.0123456789"), null, new BigDecimal("0E-10"))),
        Arguments.of(f("d", new ArrowType.Decimal(76, 5, 256)),
            list(new BigDecimal(BigInteger.TEN.pow(70).negate(), 5), null)),
        Arguments.of(f("t", new ArrowType.Date(DateUnit.DAY)), list(18000, null)),
        Arguments.of(f("t", new ArrowType.Date(DateUnit.MILLISECOND)), list(86_400_000L, null)),
        Arguments.of(f("t", new ArrowType.Time(TimeUnit.SECOND, 32)), list(3600, null)),
        Arguments.of(f("t", new ArrowType.Time(TimeUnit.NANOSECOND, 64)), list(3_600_000_000_000L, null)),
        Arguments.of(f("t", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Europe/Paris")), list(1L, null)),
        Arguments.of(f("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), list(-1L, null)),
        Arguments.of(f("t", new ArrowType.Duration(TimeUnit.SECOND)), list(99L, null)),
        Arguments.of(f("t", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)), list(13, null)),
        Arguments.of(f("t", new ArrowType.Interval(IntervalUnit.DAY_TIME)), list(new IntervalDayTime(1, -2), null)),
        Arguments.of(f("t", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
            list(new IntervalMonthDayNano(1, 2, -3L), null)),
        Arguments.of(f("b", new ArrowType.FixedSizeBinary(2)), list(new byte[] {1, 2}, null)),
        Arguments.of(f("b", new ArrowType.Binary()), list(new byte[] {1, 2}, null, new byte[0])),
        Arguments.of(f("b", new ArrowType.LargeBinary()), list(new byte[] {3}, null)),
        Arguments.of(f("s", new ArrowType.Utf8()), list("h\u00e9llo", null, "", "\uD83D\uDE00")),
        Arguments.of(f("s", new ArrowType.LargeUtf8()), list("x", null)),
        Arguments.of(f("s", new ArrowType.Utf8View()), list("tiny", null, longString, "\u00e9".repeat(20))),
        Arguments.of(f("s", new ArrowType.BinaryView()), list(new byte[] {1}, null, new byte[40])),
        Arguments.of(f("l", new ArrowType.List(), f("item", ArrowType.Int.INT32)),
            list(list(1, 2), null, list(), list(3, null))),
        Arguments.of(f("l", new ArrowType.LargeList(), f("item", new ArrowType.Utf8())), list(list("a"), null)),
        Arguments.of(f("l", new ArrowType.ListView(), f("item", ArrowType.Int.INT8)),
            list(list((byte) 1), null, list((byte) 2, (byte) 3))),
        Arguments.of(f("l", new ArrowType.LargeListView(), f("item", ArrowType.Int.INT8)),
            list(list((byte) 1), null)),
        Arguments.of(f("l", new ArrowType.FixedSizeList(2), f("item", ArrowType.Int.INT64)),
            list(list(1L, null), null, list(3L, 4L))),
        Arguments.of(struct, list(list((short) 1, "x"), null, list(null, null))),
        Arguments.of(entries, list(list(Map.entry("a", 1), new AbstractMap.SimpleEntry<>("b", null)), null, list())),
        Arguments.of(sparse, list(new UnionValue((byte) 2, 5), new UnionValue((byte) 7, "s"),
            new UnionValue((byte) 7, null))),
        Arguments.of(dense, list(new UnionValue((byte) 0, 5L), new UnionValue((byte) 1, new byte[] {9}),
            new UnionValue((byte) 2, null), new UnionValue((byte) 0, 6L))),
        Arguments.of(dict("d", new ArrowType.Utf8(), ArrowType.Int.INT8), list("x", "y", null, "x", "x")),
        Arguments.of(dict("d", new ArrowType.List(), ArrowType.Int.UINT16, f("item", ArrowType.Int.INT32)),
            list(list(1, 2), null, list(1, 2), list())),
        Arguments.of(dict("d", new ArrowType.Decimal(10, 2, 128), ArrowType.Int.INT64),
            list(new BigDecimal("1.00"), new BigDecimal("2.50"), new BigDecimal("1.00"))),
        Arguments.of(f("r", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
            f("values", new ArrowType.Utf8())), list("a", "a", null, null, "b", "a")),
        Arguments.of(f("r", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT16),
            f("values", ArrowType.Int.INT32)), list(1, 1, 1)),
        Arguments.of(f("l", new ArrowType.List(), f("item", new ArrowType.Struct(),
            f("x", ArrowType.Int.INT32), mapField("tags", new ArrowType.Utf8(), new ArrowType.Utf8()))),
            list(list(list(1, list(Map.entry("k", "v"))), list(2, null)), null, list())),
        Arguments.of(f("l", new ArrowType.List(), dense), list(list(new UnionValue((byte) 0, 1L)), list())),
        Arguments.of(f("id", new ArrowType.FixedSizeBinary(4)).withMetadata(
            Map.of(Field.EXTENSION_NAME, "my.ext")), list(new byte[] {1, 2, 3, 4}, null)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void roundTrips(Field field, List<Object> values) {
    ArrayBuilder builder = ArrayBuilder.create(field);
    for (int pass = 0; pass < 2; pass++) { // the second pass checks the reset builder
      for (Object v : values) {
        builder.appendObject(v);
      }
      ArrayData data = builder.build();
      BuilderTestSupport.checkPadding(data);
      Validator.validate(data, ValidationLevel.FULL);
      ArrowArray view = ArrowArray.of(data);
      assertEquals(values.size(), view.length());
      for (int i = 0; i < values.size(); i++) {
        assertEquals(canonical(values.get(i)), canonical(view.getObject(i)), field + " [" + i + "]");
      }
    }
  }

  @Test
  void structByNameAndMapAsJavaMap() {
    Field struct = f("s", new ArrowType.Struct(), f("a", ArrowType.Int.INT32), f("b", new ArrowType.Utf8()));
    ArrayData s = BuilderTestSupport.build(struct, Map.of("b", "y", "a", 1));
    assertEquals(List.of(1, "y"), ArrowArray.of(s).getObject(0));
    Field map = mapField("m", new ArrowType.Utf8(), ArrowType.Int.INT32);
    ArrayData m = BuilderTestSupport.build(map, Map.of("k", 5));
    assertEquals(canonical(List.of(Map.entry("k", 5))), canonical(ArrowArray.of(m).getObject(0)));
  }

  @Test
  void recordBatchRoundTrip() {
    Schema schema = Schema.of(f("a", ArrowType.Int.INT64), dict("b", new ArrowType.Utf8(), ArrowType.Int.INT32),
        f("c", new ArrowType.List(), f("item", new ArrowType.Bool())));
    RecordBatchBuilder b = RecordBatchBuilder.create(schema);
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      Object[] row = {i % 7 == 0 ? null : (long) i, "v" + (i % 5), i % 3 == 0 ? null : list(i % 2 == 0, null)};
      rows.add(row);
      b.appendRow(row);
    }
    RecordBatch batch = b.build();
    Validator.validate(batch, ValidationLevel.FULL);
    assertEquals(5, batch.column(1).dictionary().length());
    for (int c = 0; c < 3; c++) {
      ArrowArray view = ArrowArray.of(batch.column(c));
      for (int i = 0; i < 100; i++) {
        assertEquals(canonical(rows.get(i)[c]), canonical(view.getObject(i)));
      }
    }
  }

  /** Comparable form: byte arrays by content, entries as plain entries, BigDecimals as they are. */
  static Object canonical(Object v) {
    if (v instanceof byte[] b) {
      return ByteBuffer.wrap(b);
    } else if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object o : l) {
        out.add(canonical(o));
      }
      return out;
    } else if (v instanceof Map.Entry<?, ?> e) {
      return new AbstractMap.SimpleImmutableEntry<>(canonical(e.getKey()), canonical(e.getValue()));
    } else if (v instanceof UnionValue u) {
      if (u.value() == null) {
        return null; // a null in the selected child reads back as a null slot
      }
      return new UnionValue(u.typeId(), canonical(u.value()));
    } else if (v instanceof Float f && f.isNaN()) {
      return "NaN";
    } else if (v instanceof Double d && d.isNaN()) {
      return "NaN";
    }
    return v;
  }
}
