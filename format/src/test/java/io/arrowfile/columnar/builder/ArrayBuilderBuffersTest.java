package io.arrowfile.columnar.builder;

import static io.arrowfile.columnar.builder.BuilderTestSupport.bits;
import static io.arrowfile.columnar.builder.BuilderTestSupport.build;
import static io.arrowfile.columnar.builder.BuilderTestSupport.dict;
import static io.arrowfile.columnar.builder.BuilderTestSupport.f;
import static io.arrowfile.columnar.builder.BuilderTestSupport.ints;
import static io.arrowfile.columnar.builder.BuilderTestSupport.longs;
import static io.arrowfile.columnar.builder.BuilderTestSupport.mapField;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.IntervalDayTime;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.memory.ArrowBuffer;
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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArrayBuilderBuffersTest {

  @Test
  void bufferBuilderIsLittleEndianAndPadded() {
    BufferBuilder b = new BufferBuilder();
    b.putByte(1);
    b.putShort(0x0302);
    b.putInt(0x07060504);
    b.putLong(0x0F0E0D0C0B0A0908L);
    assertEquals(15, b.size());
    ArrowBuffer out = b.finish();
    assertEquals(64, out.length());
    byte[] bytes = out.toByteArray();
    for (int i = 0; i < 15; i++) {
      assertEquals(i + 1, bytes[i]);
    }
    for (int i = 15; i < 64; i++) {
      assertEquals(0, bytes[i]);
    }
    assertEquals(0, b.size());
    assertEquals(0, b.finish().length());
    for (int i = 0; i < 1000; i++) {
      b.putInt(i);
    }
    ArrowBuffer big = b.finish();
    assertEquals(4032, big.length());
    assertEquals(999, big.getInt(3996));
  }

  @Test
  void bufferBuilderRefusesMoreThanOneArrayHolds() {
    BufferBuilder b = new BufferBuilder();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> b.ensureRoom((long) Integer.MAX_VALUE + 10));
    assertTrue(e.getMessage().contains("bytes"), e.getMessage());
  }

  @Test
  void bitmapIsLsbFirstAndOmittedWithoutNulls() {
    BitmapBuilder v = BitmapBuilder.forValidity();
    for (int i = 0; i < 20; i++) {
      v.append(true);
    }
    assertNull(v.finish());
    for (int i = 0; i < 10; i++) {
      v.append(i != 3 && i != 9);
    }
    assertEquals(2, v.unsetCount());
    ArrowBuffer b = v.finish();
    assertEquals(64, b.length());
    assertEquals(0xF7, b.getByte(0) & 0xFF);
    assertEquals(0x01, b.getByte(1) & 0xFF);
  }

  @Test
  void nulls() {
    ArrayData d = build(f("n", new ArrowType.Null()), null, null, null);
    assertEquals(0, d.bufferCount());
    assertEquals(3, d.nullCount());
    assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.create(f("n", new ArrowType.Null())).appendObject(1));
  }

  @Test
  void booleans() {
    ArrayData d = build(f("b", new ArrowType.Bool()), true, null, false, true);
    assertEquals(1, d.nullCount());
    assertEquals(0b1101, bits(d.buffer(0), 4));
    assertEquals(0b1001, bits(d.buffer(1), 4));
    ArrayData all = build(f("b", new ArrowType.Bool()), true, false);
    assertNull(all.buffer(0));
    assertEquals(0, all.nullCount());
    assertEquals(64, all.buffer(1).length());
  }

  @Test
  void integers() {
    ArrayData i8 = build(f("x", ArrowType.Int.INT8), (byte) -1, null, (byte) 127);
    assertArrayEquals(new byte[] {-1, 0, 127}, i8.buffer(1).getBytes(0, 3));
    assertEquals(1, i8.nullCount());
    assertEquals(0b101, bits(i8.buffer(0), 3));
    ArrayData i16 = build(f("x", ArrowType.Int.INT16), (short) -2, (short) 300);
    assertNull(i16.buffer(0));
    assertEquals(-2, i16.buffer(1).getShort(0));
    assertEquals(300, i16.buffer(1).getShort(2));
    ArrayData i32 = build(f("x", ArrowType.Int.INT32), 1, null, -5);
    assertArrayEquals(new int[] {1, 0, -5}, ints(i32.buffer(1), 3));
    ArrayData i64 = build(f("x", ArrowType.Int.INT64), Long.MIN_VALUE, 7L);
    assertArrayEquals(new long[] {Long.MIN_VALUE, 7}, longs(i64.buffer(1), 2));
    ArrayData u8 = build(f("x", ArrowType.Int.UINT8), (short) 255, (short) 0);
    assertEquals(-1, u8.buffer(1).getByte(0));
    ArrayData u32 = build(f("x", ArrowType.Int.UINT32), 4294967295L);
    assertEquals(-1, u32.buffer(1).getInt(0));
    ArrayData u64 = build(f("x", ArrowType.Int.UINT64), BigInteger.TWO.pow(64).subtract(BigInteger.ONE),
        BigInteger.TEN);
    assertArrayEquals(new long[] {-1, 10}, longs(u64.buffer(1), 2));

    ArrayBuilder b = ArrayBuilder.create(f("x", ArrowType.Int.INT8));
    assertThrows(IllegalArgumentException.class, () -> b.appendObject(128));
    assertThrows(IllegalArgumentException.class, () -> b.appendObject("1"));
    ArrayBuilder u = ArrayBuilder.create(f("x", ArrowType.Int.UINT16));
    assertThrows(IllegalArgumentException.class, () -> u.appendObject(-1));
    assertThrows(IllegalArgumentException.class, () -> u.appendObject(65536));
    ArrayBuilder u64b = ArrayBuilder.create(f("x", ArrowType.Int.UINT64));
    assertThrows(IllegalArgumentException.class, () -> u64b.appendObject(BigInteger.TWO.pow(64)));
    assertThrows(IllegalArgumentException.class, () -> u64b.appendObject(-1L));

    IntBuilder typed = (IntBuilder) ArrayBuilder.create(f("x", ArrowType.Int.INT32));
    typed.appendInt(3);
    typed.appendNull();
    typed.appendLong(4);
    ArrayData t = typed.build();
    assertArrayEquals(new int[] {3, 0, 4}, ints(t.buffer(1), 3));
    assertEquals(1, t.nullCount());
  }

  @Test
  void temporals() {
    ArrayData date = build(f("d", new ArrowType.Date(DateUnit.DAY)), 19000, null);
    assertEquals(19000, date.buffer(1).getInt(0));
    ArrayData ts = build(f("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")), 1L << 40);
    assertEquals(1L << 40, ts.buffer(1).getLong(0));
    ArrayData t32 = build(f("t", new ArrowType.Time(TimeUnit.MILLISECOND, 32)), 1000);
    assertEquals(1000, t32.buffer(1).getInt(0));
    ArrayData dur = build(f("t", new ArrowType.Duration(TimeUnit.NANOSECOND)), -3L);
    assertEquals(-3, dur.buffer(1).getLong(0));
    ArrayData d64 = build(f("t", new ArrowType.Date(DateUnit.MILLISECOND)), 86_400_000L);
    assertEquals(86_400_000L, d64.buffer(1).getLong(0));
  }

  @Test
  void intervals() {
    ArrayData ym = build(f("i", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)), 14, null);
    assertEquals(14, ym.buffer(1).getInt(0));
    ArrayData dt = build(f("i", new ArrowType.Interval(IntervalUnit.DAY_TIME)), new IntervalDayTime(3, -4));
    assertArrayEquals(new int[] {3, -4}, ints(dt.buffer(1), 2));
    ArrayData mdn = build(f("i", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)), null,
        new IntervalMonthDayNano(1, 2, 3_000_000_000L));
    assertArrayEquals(new int[] {0, 0, 0, 0, 1, 2}, ints(mdn.buffer(1), 6));
    assertEquals(3_000_000_000L, mdn.buffer(1).getLong(24));
    assertEquals(0b10, bits(mdn.buffer(0), 2));
  }

  @Test
  void floats() {
    ArrayData f32 = build(f("f", new ArrowType.FloatingPoint(Precision.SINGLE)), 1.5f, null, Float.NaN);
    assertEquals(1.5f, f32.buffer(1).getFloat(0));
    assertTrue(Float.isNaN(f32.buffer(1).getFloat(8)));
    ArrayData f64 = build(f("f", new ArrowType.FloatingPoint(Precision.DOUBLE)), -0.25, 1e300);
    assertEquals(-0.25, f64.buffer(1).getDouble(0));
    assertEquals(1e300, f64.buffer(1).getDouble(8));
    ArrayData f16 = build(f("f", new ArrowType.FloatingPoint(Precision.HALF)), 1.0f, null, -2.0f, 65504f);
    assertEquals(0x3C00, f16.buffer(1).getShort(0) & 0xFFFF);
    assertEquals(0, f16.buffer(1).getShort(2));
    assertEquals(0xC000, f16.buffer(1).getShort(4) & 0xFFFF);
    assertEquals(0x7BFF, f16.buffer(1).getShort(6) & 0xFFFF);
  }

  private static int half(float f) {
    return FloatingPointBuilder.floatToHalf(f) & 0xFFFF;
  }

  @Test
  void float16RoundsToNearestEven() {
    assertEquals(0x3C00, half(1.0f));
    assertEquals(0x3C00, half(1.0f + 0x1p-11f), "tie rounds to the even mantissa (down)");
    assertEquals(0x3C02, half(1.0f + 3 * 0x1p-11f), "tie rounds to the even mantissa (up)");
    assertEquals(0x3C01, half(1.0f + 0x1p-11f + 0x1p-20f), "just above a tie rounds up");
    assertEquals(0x7BFF, half(65504f));
    assertEquals(0x7BFF, half(65519.99f));
    assertEquals(0x7C00, half(65520f), "the tie above the largest half goes to infinity");
    assertEquals(0x7C00, half(1e10f));
    assertEquals(0xFC00, half(Float.NEGATIVE_INFINITY));
    assertEquals(0x8000, half(-0.0f));
    assertEquals(0x0001, half(0x1p-24f), "smallest subnormal");
    assertEquals(0x0000, half(0x1p-25f), "half of it ties to zero");
    assertEquals(0x0001, half(0x1.0002p-25f));
    assertEquals(0x0002, half(1.5f * 0x1p-24f), "subnormal tie to even");
    assertEquals(0x0400, half(0x1p-14f), "smallest normal");
    assertEquals(0x0400, half(0x1.ffcp-15f + 0x1p-26f), "rounds up from subnormal into normal");
    assertEquals(0x3555, half(1f / 3));
    assertTrue((half(Float.NaN) & 0x7C00) == 0x7C00 && (half(Float.NaN) & 0x3FF) != 0);

    for (int h = 0; h < 0x7C00; h++) { // every finite half survives a round trip
      assertEquals(h, half(FloatingPointBuilder.halfToFloat((short) h)));
      assertEquals(h | 0x8000, half(FloatingPointBuilder.halfToFloat((short) (h | 0x8000))));
    }
    // Sampled floats: the chosen half is the nearest, ties to even.
    for (long bitsL = 0; bitsL < 0x477FF000L; bitsL += 9973) {
      float x = Float.intBitsToFloat((int) bitsL);
      int h = half(x);
      double err = Math.abs(x - (double) FloatingPointBuilder.halfToFloat((short) h));
      double down = h == 0 ? Double.MAX_VALUE
          : Math.abs(x - (double) FloatingPointBuilder.halfToFloat((short) (h - 1)));
      double up = Math.abs(x - (double) FloatingPointBuilder.halfToFloat((short) (h + 1)));
      assertTrue(err <= down && err <= up, "nearest for " + x);
      if (err == down || err == up) {
        assertEquals(0, h & 1, "tie to even for " + x);
      }
    }
  }

  @Test
  void decimals() {
    Field d128 = f("d", new ArrowType.Decimal(10, 2, 128));
    ArrayData d = build(d128, new BigDecimal("1.5"), null, new BigDecimal("-0.01"),
        new BigDecimal("99999999.99"));
    ArrowBuffer v = d.buffer(1);
    assertArrayEquals(new long[] {150, 0, 0, 0, -1, -1, 9999999999L, 0}, longs(v, 8));
    assertEquals(1, d.nullCount());
    ArrayBuilder b = ArrayBuilder.create(d128);
    assertThrows(IllegalArgumentException.class, () -> b.appendObject(new BigDecimal("1.005")),
        "rescaling would round");
    assertThrows(IllegalArgumentException.class, () -> b.appendObject(new BigDecimal("100000000.00")),
        "precision overflow");
    ArrayData d256 = build(f("d", new ArrowType.Decimal(76, 0, 256)),
        new BigDecimal(BigInteger.TEN.pow(75).negate()));
    BigInteger back = BigInteger.ZERO;
    byte[] le = d256.buffer(1).getBytes(0, 32);
    byte[] be = new byte[32];
    for (int i = 0; i < 32; i++) {
      be[i] = le[31 - i];
    }
    back = new BigInteger(be);
    assertEquals(BigInteger.TEN.pow(75).negate(), back);
    ArrayData d32 = build(f("d", new ArrowType.Decimal(9, 3, 32)), new BigDecimal("-123456.789"));
    assertEquals(-123456789, d32.buffer(1).getInt(0));
    ArrayData d64 = build(f("d", new ArrowType.Decimal(18, 0, 64)), new BigDecimal("123456789012345678"));
    assertEquals(123456789012345678L, d64.buffer(1).getLong(0));
    assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.create(f("d", new ArrowType.Decimal(9, 3, 32)))
        .appendObject(new BigDecimal("1234567.000")));
  }

  /**
   * A recycled builder writes its next batch over the last one's memory: the batch is the one a fresh builder
   * makes, bytes and zero padding, whether the next batch is larger or smaller, with or without nulls.
   */
  @Test
  void recycledBuildersBuildWhatFreshOnesDo() {
    Schema schema = new Schema(List.of(f("i", new ArrowType.Int(32, true)), f("l", new ArrowType.Int(64, true)),
        f("d", new ArrowType.FloatingPoint(Precision.DOUBLE)), f("dec", new ArrowType.Decimal(18, 2, 128)),
        f("b", new ArrowType.Bool()), f("s", new ArrowType.Utf8()),
        f("st", new ArrowType.Struct(), f("x", new ArrowType.Int(64, true)), f("y", new ArrowType.Utf8()))),
        Map.of());
    RecordBatchBuilder recycled = RecordBatchBuilder.create(schema);
    int[] sizes = {300, 1000, 7, 0, 513, 64};
    for (int k = 0; k < sizes.length; k++) {
      RecordBatchBuilder fresh = RecordBatchBuilder.create(schema);
      for (RecordBatchBuilder b : List.of(recycled, fresh)) {
        for (int r = 0; r < sizes[k]; r++) {
          boolean nul = (r + k) % (k + 2) == 0;
          String s = "v" + r * (k + 1) + "x".repeat(r % 5);
          b.appendRow(nul ? null : r * k, nul && k % 2 == 0 ? null : (long) r << k, nul ? null : r / 3.0,
              nul ? null : BigDecimal.valueOf(r - 100L, 2), nul ? null : (r & k) == 0, nul ? null : s,
              nul ? null : Arrays.asList(nul ? null : (long) r, s));
        }
      }
      RecordBatch want = fresh.build();
      RecordBatch got = recycled.build();
      for (int c = 0; c < schema.fields().size(); c++) {
        assertSameBuffers(want.column(c), got.column(c), "batch " + k + " column " + c);
      }
      recycled.recycle();
    }
  }

  private static void assertSameBuffers(ArrayData want, ArrayData got, String what) {
    assertEquals(want.length(), got.length(), what);
    assertEquals(want.nullCount(), got.nullCount(), what);
    assertEquals(want.bufferCount(), got.bufferCount(), what);
    for (int i = 0; i < want.bufferCount(); i++) {
      ArrowBuffer w = want.buffer(i);
      ArrowBuffer g = got.buffer(i);
      if (w == null) {
        assertNull(g, what + " buffer " + i);
      } else {
        assertArrayEquals(w.toByteArray(), g.toByteArray(), what + " buffer " + i);
      }
    }
    for (int i = 0; i < want.children().size(); i++) {
      assertSameBuffers(want.children().get(i), got.children().get(i), what + " child " + i);
    }
  }

  /** The long overload (Spark's small decimals) writes what the BigInteger one does, at every width. */
  @Test
  void decimalUnscaledLongMatchesBigInteger() {
    long[] values = {0, 1, -1, 150, -150, 999_999_999, -999_999_999, 999_999_999_999_999_999L,
        -999_999_999_999_999_999L, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MIN_VALUE};
    int[][] types = {{9, 32}, {18, 64}, {18, 128}, {38, 128}, {19, 64}, {10, 32}, {76, 256}, {3, 128}};
    for (int[] t : types) {
      Field field = f("d", new ArrowType.Decimal(t[0], 0, t[1]));
      for (long v : values) {
        DecimalBuilder fast = (DecimalBuilder) ArrayBuilder.create(field);
        DecimalBuilder slow = (DecimalBuilder) ArrayBuilder.create(field);
        IllegalArgumentException slowError = null;
        try {
          slow.appendUnscaled(BigInteger.valueOf(v));
        } catch (IllegalArgumentException e) {
          slowError = e;
        }
        String what = "decimal(" + t[0] + ") width " + t[1] + ", " + v;
        if (slowError != null) {
          assertThrows(IllegalArgumentException.class, () -> fast.appendUnscaled(v), what);
        } else {
          fast.appendUnscaled(v);
          assertArrayEquals(slow.build().buffer(1).toByteArray(), fast.build().buffer(1).toByteArray(), what);
        }
      }
    }
  }

  @Test
  void fixedSizeBinary() {
    ArrayData d = build(f("b", new ArrowType.FixedSizeBinary(3)), new byte[] {1, 2, 3}, null, new byte[] {4, 5, 6});
    assertArrayEquals(new byte[] {1, 2, 3, 0, 0, 0, 4, 5, 6}, d.buffer(1).getBytes(0, 9));
    assertEquals(1, d.nullCount());
    assertThrows(IllegalArgumentException.class,
        () -> ArrayBuilder.create(f("b", new ArrowType.FixedSizeBinary(3))).appendObject(new byte[2]));
  }

  @Test
  void utf8AndBinary() {
    ArrayData d = build(f("s", new ArrowType.Utf8()), "a", null, "h\u00e9llo", "", "\uD83D\uDE00");
    assertArrayEquals(new int[] {0, 1, 1, 7, 7, 11}, ints(d.buffer(1), 6));
    assertEquals("ah\u00e9llo\uD83D\uDE00", new String(d.buffer(2).getBytes(0, 11), StandardCharsets.UTF_8));
    assertEquals(1, d.nullCount());
    assertEquals(0b11101, bits(d.buffer(0), 5));
    ArrayData large = build(f("s", new ArrowType.LargeUtf8()), "xy", "z");
    assertArrayEquals(new long[] {0, 2, 3}, longs(large.buffer(1), 3));
    assertNull(large.buffer(0));
    ArrayData bin = build(f("b", new ArrowType.Binary()), new byte[] {9}, new byte[0], null);
    assertArrayEquals(new int[] {0, 1, 1, 1}, ints(bin.buffer(1), 4));
    ArrayData lbin = build(f("b", new ArrowType.LargeBinary()), new byte[] {9, 8});
    assertArrayEquals(new long[] {0, 2}, longs(lbin.buffer(1), 2));
    ArrayData empty = build(f("s", new ArrowType.Utf8()));
    assertEquals(0, empty.buffer(1).getInt(0));
    assertEquals(64, empty.buffer(1).length());
    assertEquals(0, empty.buffer(2).length());
    // unpaired surrogates encode as '?', as String.getBytes does
    ArrayData odd = build(f("s", new ArrowType.Utf8()), "a\uD800b");
    assertArrayEquals("a\uD800b".getBytes(StandardCharsets.UTF_8), odd.buffer(2).getBytes(0, 3));
  }

  @Test
  void int32OffsetsRefuseToOverflow() {
    VariableBinaryBuilder b = (VariableBinaryBuilder) ArrayBuilder.create(f("s", new ArrowType.Utf8()));
    b.offsetBase = Integer.MAX_VALUE - 3L;
    b.appendUtf8("abc");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.appendUtf8("d"));
    assertTrue(e.getMessage().contains("32-bit"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> b.appendBytes(new byte[1]));
    assertEquals(1, b.length());
    VariableBinaryBuilder large = (VariableBinaryBuilder) ArrayBuilder.create(f("s", new ArrowType.LargeUtf8()));
    large.offsetBase = Integer.MAX_VALUE - 3L;
    large.appendUtf8("abcdef");
    ArrayData d = large.build();
    assertEquals(Integer.MAX_VALUE + 3L, d.buffer(1).getLong(8));

    ListBuilder list = (ListBuilder) ArrayBuilder.create(f("l", new ArrowType.List(), f("item", ArrowType.Int.INT8)));
    list.offsetBase = Integer.MAX_VALUE - 1L;
    list.appendObject(List.of((byte) 1));
    assertThrows(IllegalStateException.class, () -> list.appendObject(List.of((byte) 1, (byte) 2)));
    list.startList();
    list.child().appendObject((byte) 3);
    assertThrows(IllegalStateException.class, list::endList);
  }

  @Test
  void binaryViews() {
    Field field = f("v", new ArrowType.Utf8View());
    BinaryViewBuilder b = new BinaryViewBuilder(field, 40);
    b.appendUtf8("short");
    b.appendNull();
    b.appendUtf8("exactly12abc");
    b.appendUtf8("this one is longer than twelve");
    b.appendBytes("another long value here".getBytes(StandardCharsets.UTF_8));
    b.appendObject("\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"); // 7 chars, 14 bytes
    ArrayData d = b.build();
    BuilderTestSupport.checkPadding(d);
    assertEquals(6, d.length());
    assertEquals(1, d.nullCount());
    ArrowBuffer views = d.buffer(1);
    assertEquals(128, views.length(), "6 views of 16 bytes, padded to 128");
    assertEquals(5, views.getInt(0));
    assertEquals("short", new String(views.getBytes(4, 5), StandardCharsets.UTF_8));
    assertEquals(0, views.getInt(16));
    assertEquals(12, views.getInt(32));
    assertEquals("exactly12abc", new String(views.getBytes(36, 12), StandardCharsets.UTF_8));
    assertEquals(30, views.getInt(48));
    assertEquals("this", new String(views.getBytes(52, 4), StandardCharsets.UTF_8));
    assertEquals(0, views.getInt(56));
    assertEquals(0, views.getInt(60));
    assertEquals(23, views.getInt(64));
    assertEquals(1, views.getInt(72), "a new data buffer past the block size");
    assertEquals(0, views.getInt(76));
    assertEquals(14, views.getInt(80));
    assertEquals(2, views.getInt(88));
    assertEquals(0, views.getInt(92));
    assertEquals(5, d.bufferCount(), "validity, views and three data buffers");
    assertEquals("this one is longer than twelve", new String(d.buffer(2).getBytes(0, 30), StandardCharsets.UTF_8));
    assertEquals("another long value here", new String(d.buffer(3).getBytes(0, 23), StandardCharsets.UTF_8));
    assertEquals("\u00e9".repeat(7), new String(d.buffer(4).getBytes(0, 14), StandardCharsets.UTF_8));

    ArrayData inlineOnly = build(f("v", new ArrowType.BinaryView()), new byte[] {1, 2}, null);
    assertEquals(2, inlineOnly.bufferCount(), "no data buffers when every value is inline");
  }

  @Test
  void lists() {
    Field field = f("l", new ArrowType.List(), f("item", ArrowType.Int.INT32));
    ArrayData d = build(field, List.of(1, 2), null, List.of(), Arrays.asList(3, null));
    assertArrayEquals(new int[] {0, 2, 2, 2, 4}, ints(d.buffer(1), 5));
    assertEquals(1, d.nullCount());
    assertEquals(0b1101, bits(d.buffer(0), 4));
    ArrayData items = d.child(0);
    assertEquals(4, items.length());
    assertEquals(1, items.nullCount());
    ArrayData large = build(f("l", new ArrowType.LargeList(), f("item", ArrowType.Int.INT8)),
        List.of((byte) 1), List.of((byte) 2, (byte) 3));
    assertArrayEquals(new long[] {0, 1, 3}, longs(large.buffer(1), 3));

    ListBuilder typed = (ListBuilder) ArrayBuilder.create(field);
    IntBuilder child = (IntBuilder) typed.child();
    typed.startList();
    child.appendInt(5);
    child.appendInt(6);
    typed.endList();
    typed.appendNull();
    assertThrows(IllegalStateException.class, typed::endList);
    ArrayData t = typed.build();
    assertArrayEquals(new int[] {0, 2, 2}, ints(t.buffer(1), 3));
  }

  @Test
  void listViews() {
    Field field = f("l", new ArrowType.ListView(), f("item", new ArrowType.Utf8()));
    ArrayData d = build(field, List.of("a", "b"), null, List.of("c"));
    assertEquals(3, d.bufferCount());
    assertArrayEquals(new int[] {0, 2, 2}, ints(d.buffer(1), 3));
    assertArrayEquals(new int[] {2, 0, 1}, ints(d.buffer(2), 3));
    ArrayData large = build(f("l", new ArrowType.LargeListView(), f("item", new ArrowType.Utf8())),
        List.of("a"), List.of("b", "c"));
    assertArrayEquals(new long[] {0, 1}, longs(large.buffer(1), 2));
    assertArrayEquals(new long[] {1, 2}, longs(large.buffer(2), 2));
  }

  @Test
  void fixedSizeLists() {
    Field field = f("l", new ArrowType.FixedSizeList(2), f("item", ArrowType.Int.INT16));
    ArrayData d = build(field, List.of((short) 1, (short) 2), null);
    assertEquals(1, d.bufferCount());
    assertEquals(4, d.child(0).length());
    assertEquals(2, d.child(0).nullCount());
    ArrayBuilder b = ArrayBuilder.create(field);
    assertThrows(IllegalArgumentException.class, () -> b.appendObject(List.of((short) 1)));
    FixedSizeListBuilder typed = (FixedSizeListBuilder) b;
    typed.startList();
    typed.child().appendObject((short) 1);
    assertThrows(IllegalArgumentException.class, typed::endList);
  }

  @Test
  void structs() {
    Field field = f("s", new ArrowType.Struct(), f("a", ArrowType.Int.INT32), f("b", new ArrowType.Utf8()));
    Map<String, Object> byName = new LinkedHashMap<>();
    byName.put("b", "y");
    ArrayData d = build(field, List.of(1, "x"), null, byName);
    assertEquals(1, d.bufferCount());
    assertEquals(1, d.nullCount());
    assertEquals(0b101, bits(d.buffer(0), 3));
    assertEquals(2, d.child(0).nullCount(), "null struct and missing name");
    assertEquals(1, d.child(1).nullCount());
    assertArrayEquals(new int[] {0, 1, 1, 2}, ints(d.child(1).buffer(1), 4));
    assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.create(field).appendObject(List.of(1)));
    assertThrows(IllegalArgumentException.class,
        () -> ArrayBuilder.create(field).appendObject(Map.of("zzz", 1)));

    StructBuilder typed = (StructBuilder) ArrayBuilder.create(field);
    ((IntBuilder) typed.child(0)).appendInt(4);
    ((VariableBinaryBuilder) typed.child(1)).appendUtf8("q");
    typed.appendValid();
    ((IntBuilder) typed.child(0)).appendInt(5);
    assertThrows(IllegalStateException.class, typed::build, "children out of step");
  }

  @Test
  void maps() {
    Field field = mapField("m", new ArrowType.Utf8(), ArrowType.Int.INT32);
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("k1", 1);
    m.put("k2", null);
    ArrayData d = build(field, m, null, List.of(Map.entry("k3", 3)));
    assertArrayEquals(new int[] {0, 2, 2, 3}, ints(d.buffer(1), 4));
    ArrayData entries = d.child(0);
    assertEquals(3, entries.length());
    assertEquals(0, entries.nullCount());
    assertNull(entries.buffer(0));
    assertEquals(1, entries.child(1).nullCount());
    assertThrows(IllegalArgumentException.class,
        () -> ArrayBuilder.create(field).appendObject(List.of(new java.util.AbstractMap.SimpleEntry<>(null, 1))));
    MapBuilder typed = (MapBuilder) ArrayBuilder.create(field);
    typed.startList();
    typed.appendEntry("a", 1);
    typed.endList();
    assertEquals(1, typed.build().child(0).length());
  }

  @Test
  void sparseUnion() {
    Field field = f("u", new ArrowType.Union(UnionMode.SPARSE, new int[] {5, 9}),
        f("i", ArrowType.Int.INT32), f("s", new ArrowType.Utf8()));
    ArrayData d = build(field, new UnionValue((byte) 5, 1), new UnionValue((byte) 9, "x"), null,
        new UnionValue((byte) 9, null));
    assertEquals(1, d.bufferCount());
    assertArrayEquals(new byte[] {5, 9, 5, 9}, d.buffer(0).getBytes(0, 4));
    assertEquals(0, d.nullCount());
    assertEquals(4, d.child(0).length());
    assertEquals(4, d.child(1).length());
    assertEquals(0b0001, bits(d.child(0).buffer(0), 4));
    assertEquals(0b0010, bits(d.child(1).buffer(0), 4));
    assertThrows(IllegalArgumentException.class,
        () -> ArrayBuilder.create(field).appendObject(new UnionValue((byte) 0, 1)));
  }

  @Test
  void denseUnion() {
    Field field = f("u", new ArrowType.Union(UnionMode.DENSE, null),
        f("i", ArrowType.Int.INT32), f("s", new ArrowType.Utf8()));
    ArrayData d = build(field, new UnionValue((byte) 0, 1), new UnionValue((byte) 1, "x"),
        new UnionValue((byte) 0, 2), null);
    assertEquals(2, d.bufferCount());
    assertArrayEquals(new byte[] {0, 1, 0, 0}, d.buffer(0).getBytes(0, 4));
    assertArrayEquals(new int[] {0, 0, 1, 2}, ints(d.buffer(1), 4));
    assertEquals(3, d.child(0).length());
    assertEquals(1, d.child(0).nullCount());
    assertEquals(1, d.child(1).length());

    UnionBuilder typed = (UnionBuilder) ArrayBuilder.create(field);
    ((IntBuilder) typed.append(0)).appendInt(7);
    ((VariableBinaryBuilder) typed.append(1)).appendUtf8("s");
    ArrayData t = typed.build();
    assertEquals(2, t.length());
    assertEquals(7, t.child(0).buffer(1).getInt(0));
  }

  @Test
  void dictionaryEncodesRepeatedStrings() {
    Field field = dict("d", new ArrowType.Utf8(), ArrowType.Int.INT8);
    ArrayData d = build(field, "red", "green", "red", null, "blue", "green", "red");
    assertEquals(field, d.field());
    assertArrayEquals(new byte[] {0, 1, 0, 0, 2, 1, 0}, d.buffer(1).getBytes(0, 7));
    assertEquals(1, d.nullCount());
    ArrayData values = d.dictionary();
    assertEquals(3, values.length());
    assertEquals(0, values.nullCount());
    assertEquals(field.dictionaryValueField(), values.field());
    assertEquals("redgreenblue", new String(values.buffer(2).getBytes(0, 12), StandardCharsets.UTF_8));

    DictionaryBuilder b = (DictionaryBuilder) ArrayBuilder.create(field);
    b.appendObject("a");
    assertEquals(1, b.build().dictionary().length());
    b.appendObject("b");
    assertEquals(0, b.build().buffer(1).getByte(0), "a new dictionary each build by default");
    b.retainDictionary(true);
    b.appendObject("x");
    b.build();
    b.appendObject("y");
    b.appendObject("x");
    ArrayData kept = b.build();
    assertArrayEquals(new byte[] {1, 0}, kept.buffer(1).getBytes(0, 2));
    assertEquals(2, kept.dictionary().length());
  }

  @Test
  void dictionaryIndexTypeLimits() {
    Field field = dict("d", ArrowType.Int.INT32, ArrowType.Int.UINT8);
    DictionaryBuilder b = (DictionaryBuilder) ArrayBuilder.create(field);
    for (int i = 0; i < 256; i++) {
      b.appendObject(i);
    }
    assertThrows(IllegalStateException.class, () -> b.appendObject(256));
    b.appendObject(255);
    ArrayData d = b.build();
    assertEquals(-1, d.buffer(1).getByte(256));
    assertEquals(256, d.dictionary().length());
  }

  @Test
  void dictionaryOfListsAndBinaries() {
    Field field = dict("d", new ArrowType.List(), ArrowType.Int.INT16, f("item", ArrowType.Int.INT64));
    ArrayData d = build(field, List.of(1L, 2L), List.of(3L), List.of(1L, 2L), List.of(), List.of(3L));
    assertArrayEquals(new int[] {0, 1, 0, 2, 1}, new int[] {d.buffer(1).getShort(0), d.buffer(1).getShort(2),
        d.buffer(1).getShort(4), d.buffer(1).getShort(6), d.buffer(1).getShort(8)});
    assertEquals(3, d.dictionary().length());
    assertArrayEquals(new int[] {0, 2, 3, 3}, ints(d.dictionary().buffer(1), 4));

    ArrayData bin = build(dict("b", new ArrowType.Binary(), ArrowType.Int.INT32),
        new byte[] {1}, new byte[] {1}, new byte[] {2});
    assertArrayEquals(new int[] {0, 0, 1}, ints(bin.buffer(1), 3));
  }

  @Test
  void runEndEncodingMergesRuns() {
    Field field = f("r", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
        f("values", ArrowType.Int.INT64));
    ArrayData d = build(field, 1L, 1L, 2L, 2L, 2L, null, null, 1L);
    assertEquals(0, d.bufferCount());
    assertEquals(0, d.nullCount());
    assertEquals(8, d.length());
    ArrayData ends = d.child(0);
    assertEquals(4, ends.length());
    assertNull(ends.buffer(0));
    assertArrayEquals(new int[] {2, 5, 7, 8}, ints(ends.buffer(1), 4));
    ArrayData values = d.child(1);
    assertEquals(4, values.length());
    assertEquals(1, values.nullCount());
    assertArrayEquals(new long[] {1, 2, 0, 1}, longs(values.buffer(1), 4));

    Field small = f("r", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT16),
        f("values", new ArrowType.Utf8()));
    RunEndEncodedBuilder b = (RunEndEncodedBuilder) ArrayBuilder.create(small);
    b.appendRun("a", 30000);
    b.appendRun("a", 2767);
    assertThrows(IllegalStateException.class, () -> b.appendObject("b"));
    ArrayData s = b.build();
    assertEquals(32767, s.length());
    assertEquals(1, s.child(0).length());
    assertEquals(32767, s.child(0).buffer(1).getShort(0));
    Field i64 = f("r", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT64),
        f("values", new ArrowType.Binary()));
    ArrayData l = build(i64, new byte[] {1}, new byte[] {1}, new byte[] {2});
    assertArrayEquals(new long[] {2, 3}, longs(l.child(0).buffer(1), 2));
  }

  @Test
  void extensionFieldsBuildTheirStorage() {
    Field uuid = f("id", new ArrowType.FixedSizeBinary(16)).withMetadata(Map.of(Field.EXTENSION_NAME, "arrow.uuid"));
    ArrayData d = build(uuid, new byte[16], null);
    assertSame(uuid, d.field());
    assertEquals(1, d.nullCount());
  }

  @Test
  void nestedListOfStructOfMapAndUnionInList() {
    Field entries = mapField("tags", new ArrowType.Utf8(), new ArrowType.Utf8());
    Field struct = f("item", new ArrowType.Struct(), f("x", ArrowType.Int.INT32), entries);
    Field field = f("l", new ArrowType.List(), struct);
    ArrayData d = build(field,
        List.of(List.of(1, Map.of("a", "b")), Arrays.asList(2, null)),
        null,
        List.of(Arrays.asList(null, List.of())));
    assertArrayEquals(new int[] {0, 2, 2, 3}, ints(d.buffer(1), 4));
    ArrayData s = d.child(0);
    assertEquals(3, s.length());
    ArrayData m = s.child(1);
    assertEquals(1, m.nullCount());
    assertArrayEquals(new int[] {0, 1, 1, 1}, ints(m.buffer(1), 4));

    Field union = f("item", new ArrowType.Union(UnionMode.DENSE, new int[] {3, 4}),
        f("i", ArrowType.Int.INT8), f("s", new ArrowType.Utf8()));
    ArrayData u = build(f("l", new ArrowType.List(), union),
        List.of(new UnionValue((byte) 3, (byte) 1), new UnionValue((byte) 4, "z")), List.of());
    assertEquals(2, u.child(0).length());
    assertArrayEquals(new byte[] {3, 4}, u.child(0).buffer(0).getBytes(0, 2));
  }

  @Test
  void recordBatches() {
    Schema schema = Schema.of(f("a", ArrowType.Int.INT32), f("b", new ArrowType.Utf8()));
    RecordBatchBuilder b = RecordBatchBuilder.create(schema);
    b.appendRow(1, "x");
    b.appendRow(null, null);
    assertEquals(2, b.length());
    RecordBatch batch = b.build();
    assertEquals(2, batch.length());
    assertEquals(1, batch.column(0).nullCount());
    assertEquals(0, b.length());
    assertThrows(IllegalArgumentException.class, () -> b.appendRow(1));
    ((IntBuilder) b.column(0)).appendInt(3);
    assertThrows(IllegalStateException.class, b::build);
    ((VariableBinaryBuilder) b.column(1)).appendUtf8("y");
    assertEquals(1, b.build().length());
    assertInstanceOf(RecordBatch.class, RecordBatchBuilder.create(Schema.of()).build());
  }
}
