package io.arrowfile.ipc;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A field of every type with six values each (some null), for round trips. */
final class TestData {
  private TestData() {}

  static final int ROWS = 6;

  static Map<Field, Object[]> columns() {
    Map<Field, Object[]> c = new LinkedHashMap<>();
    c.put(Field.nullable("null", new ArrowType.Null()), new Object[ROWS]);
    c.put(Field.nullable("bool", new ArrowType.Bool()), new Object[] {true, false, null, true, true, false});
    c.put(Field.nullable("int8", ArrowType.Int.INT8), new Object[] {(byte) 1, null, (byte) -128, (byte) 127, (byte) 0, (byte) 5});
    c.put(Field.nullable("int16", ArrowType.Int.INT16), new Object[] {(short) 1, (short) -2, null, (short) 300, (short) 0, (short) 5});
    c.put(Field.notNull("int32", ArrowType.Int.INT32), new Object[] {1, 2, 3, Integer.MIN_VALUE, Integer.MAX_VALUE, 0});
    c.put(Field.nullable("int64", ArrowType.Int.INT64), new Object[] {1L, null, null, Long.MIN_VALUE, Long.MAX_VALUE, 0L});
    c.put(Field.nullable("uint8", ArrowType.Int.UINT8), new Object[] {(short) 255, null, (short) 0, (short) 1, (short) 2, (short) 3});
    c.put(Field.nullable("uint16", ArrowType.Int.UINT16), new Object[] {65535, null, 0, 1, 2, 3});
    c.put(Field.nullable("uint32", ArrowType.Int.UINT32), new Object[] {4294967295L, null, 0L, 1L, 2L, 3L});
    c.put(Field.nullable("uint64", ArrowType.Int.UINT64), new Object[] {new BigInteger("18446744073709551615"), null,
        BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, BigInteger.TEN});
    c.put(Field.nullable("float16", new ArrowType.FloatingPoint(Precision.HALF)), new Object[] {1.5f, null, -2f, 0f, 65504f, 0.25f});
    c.put(Field.nullable("float32", new ArrowType.FloatingPoint(Precision.SINGLE)), new Object[] {1.5f, null, -2f, Float.NaN, 3e30f, 0.1f});
    c.put(Field.nullable("float64", new ArrowType.FloatingPoint(Precision.DOUBLE)), new Object[] {1.5, null, -2.0, 1e300, 0.0, 0.1});
    c.put(Field.nullable("decimal32", new ArrowType.Decimal(9, 2, 32)), new Object[] {new BigDecimal("1.23"), null,
        new BigDecimal("-9999999.99"), new BigDecimal("0.00"), new BigDecimal("5.50"), new BigDecimal("1.00")});
    c.put(Field.nullable("decimal64", new ArrowType.Decimal(18, 3, 64)), new Object[] {new BigDecimal("1.230"), null,
        new BigDecimal("-999999999999999.999"), new BigDecimal("0.000"), new BigDecimal("5.500"), new BigDecimal("1.000")});
    c.put(Field.nullable("decimal128", new ArrowType.Decimal(38, 10, 128)), new Object[] {new BigDecimal("1.2300000000"),
        null, new BigDecimal("-1234567890123456789012345678.0123456789"), new BigDecimal("0E-10"),
        new BigDecimal("5.5000000000"), new BigDecimal("1.0000000000")});
    c.put(Field.nullable("decimal256", new ArrowType.Decimal(76, 5, 256)), new Object[] {new BigDecimal("1.23000"), null,
        new BigDecimal("-12345678901234567890123456789012345678901234567890.12345"), new BigDecimal("0.00000"),
        new BigDecimal("5.50000"), new BigDecimal("1.00000")});
    c.put(Field.nullable("date32", new ArrowType.Date(DateUnit.DAY)), new Object[] {0, 19000, null, -1, 1, 2});
    c.put(Field.nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)), new Object[] {0L, 86400000L, null, -86400000L, 0L, 0L});
    c.put(Field.nullable("time32", new ArrowType.Time(TimeUnit.MILLISECOND, 32)), new Object[] {0, 1000, null, 86399999, 1, 2});
    c.put(Field.nullable("time64", new ArrowType.Time(TimeUnit.NANOSECOND, 64)), new Object[] {0L, 1000L, null, 86399999999999L, 1L, 2L});
    c.put(Field.nullable("timestamp", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")), new Object[] {0L, 1L, null, -1L, 2L, 3L});
    c.put(Field.nullable("timestamp_naive", new ArrowType.Timestamp(TimeUnit.SECOND, null)), new Object[] {0L, 1L, null, -1L, 2L, 3L});
    c.put(Field.nullable("duration", new ArrowType.Duration(TimeUnit.NANOSECOND)), new Object[] {0L, 1L, null, -1L, 2L, 3L});
    c.put(Field.nullable("interval_ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)), new Object[] {0, 12, null, -1, 2, 3});
    c.put(Field.nullable("interval_dt", new ArrowType.Interval(IntervalUnit.DAY_TIME)), new Object[] {
        new IntervalDayTime(1, 2), null, new IntervalDayTime(-1, -2), new IntervalDayTime(0, 0),
        new IntervalDayTime(3, 4), new IntervalDayTime(5, 6)});
    c.put(Field.nullable("interval_mdn", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)), new Object[] {
        new IntervalMonthDayNano(1, 2, 3), null, new IntervalMonthDayNano(-1, -2, -3L << 40),
        new IntervalMonthDayNano(0, 0, 0), new IntervalMonthDayNano(3, 4, 5), new IntervalMonthDayNano(5, 6, 7)});
    c.put(Field.nullable("fsb", new ArrowType.FixedSizeBinary(3)), new Object[] {bytes("abc"), null, bytes("xyz"),
        new byte[3], bytes("123"), bytes("456")});
    c.put(Field.nullable("binary", new ArrowType.Binary()), new Object[] {bytes("a"), null, new byte[0], bytes("hello"), bytes("x"), bytes("yy")});
    c.put(Field.nullable("utf8", new ArrowType.Utf8()), new Object[] {"a", null, "", "héllo wörld", "x", "yy"});
    c.put(Field.nullable("large_binary", new ArrowType.LargeBinary()), new Object[] {bytes("a"), null, new byte[0], bytes("hello"), bytes("x"), bytes("yy")});
    c.put(Field.nullable("large_utf8", new ArrowType.LargeUtf8()), new Object[] {"a", null, "", "héllo", "x", "yy"});
    c.put(Field.nullable("binary_view", new ArrowType.BinaryView()), new Object[] {bytes("short"), null,
        bytes("a much longer value than twelve"), new byte[0], bytes("another long value here!"), bytes("x")});
    c.put(Field.nullable("utf8_view", new ArrowType.Utf8View()), new Object[] {"short", null,
        "a much longer string than twelve", "", "another long string here!", "x"});
    c.put(Field.nullable("list", new ArrowType.List(), Field.nullable("item", ArrowType.Int.INT32)), new Object[] {
        List.of(1, 2), null, List.of(), Arrays.asList(3, null, 4), List.of(5), List.of(6, 7, 8)});
    c.put(Field.nullable("large_list", new ArrowType.LargeList(), Field.nullable("item", new ArrowType.Utf8())), new Object[] {
        List.of("a"), null, List.of(), Arrays.asList("b", null), List.of("c"), List.of("d", "e")});
    c.put(Field.nullable("list_view", new ArrowType.ListView(), Field.nullable("item", ArrowType.Int.INT32)), new Object[] {
        List.of(1, 2), null, List.of(), Arrays.asList(3, null, 4), List.of(5), List.of(6, 7, 8)});
    c.put(Field.nullable("large_list_view", new ArrowType.LargeListView(), Field.nullable("item", ArrowType.Int.INT64)), new Object[] {
        List.of(1L, 2L), null, List.of(), Arrays.asList(3L, null, 4L), List.of(5L), List.of(6L)});
    c.put(Field.nullable("fsl", new ArrowType.FixedSizeList(2), Field.nullable("item", ArrowType.Int.INT16)), new Object[] {
        List.of((short) 1, (short) 2), null, Arrays.asList(null, (short) 3), List.of((short) 4, (short) 5),
        List.of((short) 6, (short) 7), List.of((short) 8, (short) 9)});
    c.put(Field.nullable("struct", new ArrowType.Struct(), Field.nullable("a", ArrowType.Int.INT32),
        Field.nullable("b", new ArrowType.Utf8())), new Object[] {
        List.of(1, "x"), null, Arrays.asList(null, "y"), Arrays.asList(2, null), List.of(3, "z"), List.of(4, "w")});
    c.put(Field.nullable("map", new ArrowType.Map(false), Field.notNull("entries", new ArrowType.Struct(),
        Field.notNull("key", new ArrowType.Utf8()), Field.nullable("value", ArrowType.Int.INT32))), new Object[] {
        List.of(Map.entry("a", 1)), null, List.of(), List.of(Map.entry("b", 2), Map.entry("c", 3)),
        List.of(Map.entry("d", 4)), List.of()});
    c.put(Field.nullable("sparse_union", new ArrowType.Union(UnionMode.SPARSE, new int[] {5, 7}),
        Field.nullable("i", ArrowType.Int.INT32), Field.nullable("s", new ArrowType.Utf8())), new Object[] {
        new UnionValue((byte) 5, 1), new UnionValue((byte) 7, "x"), new UnionValue((byte) 5, null),
        new UnionValue((byte) 7, "long string"), new UnionValue((byte) 5, 2), new UnionValue((byte) 7, "")});
    c.put(Field.nullable("dense_union", new ArrowType.Union(UnionMode.DENSE, null),
        Field.nullable("i", ArrowType.Int.INT32), Field.nullable("s", new ArrowType.Utf8())), new Object[] {
        new UnionValue((byte) 0, 1), new UnionValue((byte) 1, "x"), new UnionValue((byte) 0, null),
        new UnionValue((byte) 1, "long string"), new UnionValue((byte) 0, 2), new UnionValue((byte) 1, "")});
    c.put(Field.nullable("ree", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
        Field.nullable("values", new ArrowType.Utf8())), new Object[] {"a", "a", null, null, "b", "a"});
    c.put(new Field("dict", true, new ArrowType.Utf8(), new DictionaryEncoding(1, ArrowType.Int.INT32, false), null, null),
        new Object[] {"red", "green", null, "red", "blue", "green"});
    c.put(new Field("dict_list", true, new ArrowType.List(), new DictionaryEncoding(2, ArrowType.Int.INT8, false),
        List.of(Field.nullable("item", ArrowType.Int.INT32)), null),
        new Object[] {List.of(1), List.of(1, 2), null, List.of(1), List.of(), List.of(1, 2)});
    return c;
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static RecordBatch batch(Field field, Object[] values) {
    return batch(Schema.of(field), List.<Object[]>of(values));
  }

  static RecordBatch batch(Schema schema, List<Object[]> columns) {
    RecordBatchBuilder b = RecordBatchBuilder.create(schema);
    for (int r = 0; r < columns.get(0).length; r++) {
      Object[] row = new Object[columns.size()];
      for (int c = 0; c < row.length; c++) {
        row[c] = columns.get(c)[r];
      }
      b.appendRow(row);
    }
    return b.build();
  }

  static RecordBatch allTypes() {
    Map<Field, Object[]> c = columns();
    return batch(new Schema(new ArrayList<>(c.keySet()), Map.of("k", "v")), new ArrayList<>(c.values()));
  }
}
