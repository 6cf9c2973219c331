package io.arrowfile.columnar.array;

import static io.arrowfile.columnar.array.TestData.*;
import static org.junit.jupiter.api.Assertions.*;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrimitiveArraysTest {

  @Test
  void nullArrayIsAllNull() {
    ArrowArray a = ArrowArray.of(array(field("n", new ArrowType.Null()), 3, 0));
    assertInstanceOf(NullArray.class, a);
    assertEquals(3, a.length());
    assertTrue(a.isNull(0) && a.isNull(2));
    assertNull(a.getObject(1));
    assertEquals(3, a.data().nullCount());
  }

  @Test
  void booleanSliceAtBitOffset3() {
    // 10 values: validity 1101111011, values 0110100111
    ArrayData full = array(field("b", new ArrowType.Bool()), 10, 0, bits("1101111011"), bits("0110100111"));
    ArrayData slice = full.slice(3, 6); // slots 3..8
    BooleanArray a = (BooleanArray) ArrowArray.of(slice);
    assertEquals(Arrays.asList(false, true, false, false, null, true), objects(a));
    assertTrue(a.isNull(4));
    assertTrue(a.getBoolean(1));
    assertEquals(1, slice.nullCount());
  }

  @Test
  void signedIntegersAllWidths() {
    IntArray i8 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.INT8), 3, 0, null, i8(-128, 0, 127)));
    assertEquals(Arrays.asList((byte) -128, (byte) 0, (byte) 127), objects(i8));
    assertEquals(-128, i8.getByte(0));
    assertEquals(-128L, i8.getAsLong(0));

    IntArray i16 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.INT16), 2, 0, null, i16(-2, 300)));
    assertEquals(Arrays.asList((short) -2, (short) 300), objects(i16));
    assertEquals(300, i16.getShort(1));

    IntArray i32 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.INT32), 3, 1, bits("1101"),
        i32(9, Integer.MIN_VALUE, 5, 6)));
    assertEquals(Arrays.asList(Integer.MIN_VALUE, null, 6), objects(i32));
    assertEquals(6, i32.getInt(2));

    IntArray i64 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.INT64), 2, 0, null,
        i64(Long.MIN_VALUE, Long.MAX_VALUE)));
    assertEquals(Arrays.asList(Long.MIN_VALUE, Long.MAX_VALUE), objects(i64));
    assertEquals(Long.MAX_VALUE, i64.getLong(1));
  }

  @Test
  void validityBitsSumSixtyFourValuesWithoutABranchEach() {
    // 200 longs, every third one null, viewed from slot 3 on (a bitmap that starts mid-byte).
    int n = 200;
    long[] values = new long[n];
    StringBuilder validity = new StringBuilder();
    for (int i = 0; i < n; i++) {
      values[i] = i * 1_000_003L;
      validity.append(i % 3 == 0 ? '0' : '1');
    }
    ArrayData full = array(field("l", ArrowType.Int.INT64), n, 0, bits(validity.toString()), i64(values));
    IntArray a = (IntArray) ArrowArray.of(full.slice(3, n - 3));

    long perValue = 0;
    for (long i = 0; i < a.length(); i++) {
      if (!a.isNull(i)) {
        perValue += a.getLong(i);
      }
    }
    long bulk = 0;
    int length = (int) a.length();
    for (int i = 0; i < length; i += 64) {
      long valid = a.data().validityBits(i);
      for (int j = 0; j < Math.min(64, length - i); j++) {
        bulk += a.getLong(i + j) & -((valid >>> j) & 1); // the value, or 0 where the slot is null
      }
    }
    assertEquals(perValue, bulk);
    // the same over values copied out in bulk
    long[] copy = new long[length];
    a.getLongs(0, copy, 0, length);
    long copied = 0;
    for (int i = 0; i < length; i += 64) {
      long valid = a.data().validityBits(i);
      for (int j = 0; j < Math.min(64, length - i); j++) {
        copied += copy[i + j] & -((valid >>> j) & 1);
      }
    }
    assertEquals(perValue, copied);
    assertThrows(IllegalStateException.class, () -> ((IntArray) ArrowArray.of(array(field("a", ArrowType.Int.INT32), 1,
        0, null, i32(1)))).getLongs(0, new long[1], 0, 1), "64-bit arrays only");
    assertEquals(-1L, ArrowArray.of(array(field("l", ArrowType.Int.INT64), 2, 0, null, i64(1, 2))).data()
        .validityBits(0), "no bitmap: every slot valid");
  }

  @Test
  void unsignedIntegersWiden() {
    IntArray u8 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.UINT8), 2, 0, null, i8(255, 1)));
    assertEquals(Arrays.asList((short) 255, (short) 1), objects(u8));
    assertEquals(-1, u8.getByte(0)); // raw
    assertEquals(255L, u8.getAsLong(0));

    IntArray u16 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.UINT16), 1, 0, null, i16(0xFFFF)));
    assertEquals(List.of(65535), objects(u16));

    IntArray u32 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.UINT32), 1, 0, null, i32(-1)));
    assertEquals(List.of(4294967295L), objects(u32));
    assertEquals(-1, u32.getInt(0));

    IntArray u64 = (IntArray) ArrowArray.of(array(field("a", ArrowType.Int.UINT64), 2, 0, null, i64(-1, 7)));
    assertEquals(List.of(new BigInteger("18446744073709551615"), BigInteger.valueOf(7)), objects(u64));
    assertEquals(-1L, u64.getLong(0));
  }

  @Test
  void float16Decoding() {
    // 1.0, -2.5, +inf, NaN, smallest subnormal (2^-24), largest subnormal, 65504 (max), -0.0
    ArrowBuffer values = i16(0x3C00, 0xC100, 0x7C00, 0x7E00, 0x0001, 0x03FF, 0x7BFF, 0x8000);
    FloatingPointArray a = (FloatingPointArray) ArrowArray.of(
        array(field("h", new ArrowType.FloatingPoint(Precision.HALF)), 8, 0, null, values));
    assertEquals(1.0f, a.getFloat(0));
    assertEquals(-2.5f, a.getFloat(1));
    assertEquals(Float.POSITIVE_INFINITY, a.getFloat(2));
    assertTrue(Float.isNaN(a.getFloat(3)));
    assertEquals(0x1p-24f, a.getFloat(4));
    assertEquals(1023 * 0x1p-24f, a.getFloat(5));
    assertEquals(65504f, a.getFloat(6));
    assertEquals(Float.floatToIntBits(-0.0f), Float.floatToIntBits(a.getFloat(7)));
    assertEquals(-2.5, a.getDouble(1));
    assertEquals(Float.valueOf(-2.5f), a.getObject(1));
    assertEquals((short) 0xC100, a.getFloat16Bits(1));
  }

  @Test
  void float16EveryValueMatchesWideningReference() {
    FloatingPointArray a = (FloatingPointArray) ArrowArray.of(array(
        field("h", new ArrowType.FloatingPoint(Precision.HALF)), 65536, 0, null, allHalfBits()));
    for (int bits = 0; bits < 65536; bits++) {
      float expected = referenceHalf(bits);
      float actual = a.getFloat(bits);
      if (Float.isNaN(expected)) {
        assertTrue(Float.isNaN(actual), "bits " + bits);
      } else {
        assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(actual), "bits " + bits);
      }
    }
  }

  private static ArrowBuffer allHalfBits() {
    int[] v = new int[65536];
    for (int i = 0; i < v.length; i++) {
      v[i] = i;
    }
    return i16(v);
  }

  private static float referenceHalf(int bits) {
    int sign = (bits >> 15) & 1;
    int exp = (bits >> 10) & 0x1F;
    int mant = bits & 0x3FF;
    double v;
    if (exp == 0) {
      v = mant * Math.pow(2, -24);
    } else if (exp == 31) {
      v = mant == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
    } else {
      v = (1 + mant / 1024.0) * Math.pow(2, exp - 15);
    }
    return (float) (sign == 1 ? -v : v);
  }

  @Test
  void float32And64() {
    FloatingPointArray f = (FloatingPointArray) ArrowArray.of(array(
        field("f", new ArrowType.FloatingPoint(Precision.SINGLE)), 2, 1, bits("011"), f32(9f, 1.5f, -0.25f)));
    assertEquals(Arrays.asList(1.5f, -0.25f), objects(f));
    FloatingPointArray d = (FloatingPointArray) ArrowArray.of(array(
        field("d", new ArrowType.FloatingPoint(Precision.DOUBLE)), 3, 0, bits("101"), f64(Math.PI, 0, -1e300)));
    assertEquals(Arrays.asList(Math.PI, null, -1e300), objects(d));
    assertEquals(-1e300, d.getDouble(2));
  }

  @Test
  void decimal32And64() {
    DecimalArray d32 = (DecimalArray) ArrowArray.of(array(field("d", new ArrowType.Decimal(9, 2, 32)), 2, 0,
        null, i32(-12345, 700)));
    assertEquals(List.of(new BigDecimal("-123.45"), new BigDecimal("7.00")), objects(d32));
    assertEquals(-12345L, d32.getUnscaledLong(0));
    DecimalArray d64 = (DecimalArray) ArrowArray.of(array(field("d", new ArrowType.Decimal(18, 3, 64)), 1, 0,
        null, i64(-9_000_000_000_000_000L)));
    assertEquals(new BigDecimal("-9000000000000.000"), d64.getObject(0));
  }

  @Test
  void decimal128NegativeAndPositive() {
    BigInteger big = new BigInteger("123456789012345678901234567890");
    BigInteger neg = big.negate();
    ArrowBuffer values = concat(le(big, 16), le(neg, 16), le(BigInteger.valueOf(-1), 16));
    DecimalArray d = (DecimalArray) ArrowArray.of(array(field("d", new ArrowType.Decimal(38, 5, 128)), 3, 0,
        bits("111"), values));
    assertEquals(new BigDecimal(big, 5), d.getObject(0));
    assertEquals(new BigDecimal(neg, 5), d.getObject(1));
    assertEquals(new BigDecimal(BigInteger.valueOf(-1), 5), d.getObject(2));
    assertEquals(-1L, d.getLow(2));
    assertEquals(-1L, d.getHigh(2));
    BigInteger rebuilt = BigInteger.valueOf(d.getHigh(1)).shiftLeft(64)
        .add(new BigInteger(Long.toUnsignedString(d.getLow(1))));
    assertEquals(neg, rebuilt);
  }

  @Test
  void decimal256NegativeAndPositiveWithOffset() {
    BigInteger big = BigInteger.TEN.pow(75).add(BigInteger.valueOf(42));
    BigInteger neg = big.negate();
    ArrowBuffer values = concat(le(BigInteger.ZERO, 32), le(big, 32), le(neg, 32));
    DecimalArray d = (DecimalArray) ArrowArray.of(array(field("d", new ArrowType.Decimal(76, 10, 256)), 2, 1,
        null, values));
    assertEquals(Arrays.asList(new BigDecimal(big, 10), new BigDecimal(neg, 10)), objects(d));
    assertEquals(neg, d.getUnscaled(1));
    assertTrue(d.getWord(1, 3) < 0);
    assertEquals(-1L, d.getWord(1, 3) >> 63);
  }

  /** {@code v} as {@code width} bytes little-endian two's complement. */
  static ArrowBuffer le(BigInteger v, int width) {
    byte[] be = v.toByteArray();
    byte[] out = new byte[width];
    byte fill = (byte) (v.signum() < 0 ? -1 : 0);
    Arrays.fill(out, fill);
    for (int i = 0; i < be.length && i < width; i++) {
      out[i] = be[be.length - 1 - i];
    }
    return ArrowBuffer.wrap(out);
  }

  static ArrowBuffer concat(ArrowBuffer... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (ArrowBuffer p : parts) {
      out.writeBytes(p.toByteArray());
    }
    return ArrowBuffer.wrap(out.toByteArray());
  }

  @Test
  void temporalTypes() {
    TemporalArray date32 = (TemporalArray) ArrowArray.of(array(field("d", new ArrowType.Date(DateUnit.DAY)),
        2, 0, bits("10"), i32(19000, 0)));
    assertEquals(Arrays.asList(19000, null), objects(date32));
    assertEquals(19000L, date32.getLong(0));
    TemporalArray time32 = (TemporalArray) ArrowArray.of(array(
        field("t", new ArrowType.Time(TimeUnit.MILLISECOND, 32)), 1, 0, null, i32(1234)));
    assertEquals(1234, time32.getInt(0));
    assertEquals(Integer.valueOf(1234), time32.getObject(0));
    for (ArrowType t : List.of(new ArrowType.Date(DateUnit.MILLISECOND), new ArrowType.Time(TimeUnit.NANOSECOND, 64),
        new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), new ArrowType.Duration(TimeUnit.SECOND))) {
      TemporalArray a = (TemporalArray) ArrowArray.of(array(field("x", t), 2, 1, null, i64(1, -5, 1L << 40)));
      assertEquals(Arrays.asList(-5L, 1L << 40), objects(a), t.toString());
      assertEquals(1L << 40, a.getLong(1));
    }
  }

  @Test
  void intervals() {
    IntervalArray ym = (IntervalArray) ArrowArray.of(array(field("i", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
        2, 0, null, i32(14, -3)));
    assertEquals(List.of(14, -3), objects(ym));
    IntervalArray dt = (IntervalArray) ArrowArray.of(array(field("i", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
        2, 1, bits("101"), i32(0, 0, 9, 9, 3, -500)));
    assertEquals(Arrays.asList(null, new IntervalDayTime(3, -500)), objects(dt));
    ArrowBuffer mdn = concat(i32(1, 2), i64(3), i32(-1, -2), i64(-3));
    IntervalArray m = (IntervalArray) ArrowArray.of(array(
        field("i", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)), 2, 0, null, mdn));
    assertEquals(List.of(new IntervalMonthDayNano(1, 2, 3), new IntervalMonthDayNano(-1, -2, -3)), objects(m));
    assertEquals(-3L, m.getNanoseconds(1));
  }

  @Test
  void fixedSizeBinary() {
    FixedSizeBinaryArray a = (FixedSizeBinaryArray) ArrowArray.of(array(field("f", new ArrowType.FixedSizeBinary(3)),
        2, 1, bits("011"), bytes(0, 0, 0, 1, 2, 3, 4, 5, 6)));
    assertArrayEquals(new byte[] {1, 2, 3}, a.getBytes(0));
    assertArrayEquals(new byte[] {4, 5, 6}, (byte[]) a.getObject(1));
    assertEquals(6, a.valueOffset(1));
    assertEquals(3, a.byteWidth());
  }

  @Test
  void extensionTypeReadsAsStorage() {
    Field f = new Field("uuid", true, new ArrowType.FixedSizeBinary(2), null, List.of(),
        Map.of(Field.EXTENSION_NAME, "my.ext"));
    ArrowArray a = ArrowArray.of(array(f, 1, 0, null, bytes(7, 8)));
    assertInstanceOf(FixedSizeBinaryArray.class, a);
    assertArrayEquals(new byte[] {7, 8}, (byte[]) a.getObject(0));
  }
}
