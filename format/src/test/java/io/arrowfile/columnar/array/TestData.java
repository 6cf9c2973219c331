package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Hand-built little-endian buffers and arrays for the view and validator tests. */
public final class TestData {
  private TestData() {}

  private static ByteBuffer le(int bytes) {
    return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static ArrowBuffer done(ByteBuffer b) {
    return ArrowBuffer.wrap(b.array());
  }

  /** Raw bytes (each int taken mod 256). */
  public static ArrowBuffer bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return ArrowBuffer.wrap(out);
  }

  public static ArrowBuffer i8(int... values) {
    return bytes(values);
  }

  public static ArrowBuffer i16(int... values) {
    ByteBuffer b = le(values.length * 2);
    for (int v : values) {
      b.putShort((short) v);
    }
    return done(b);
  }

  public static ArrowBuffer i32(int... values) {
    ByteBuffer b = le(values.length * 4);
    for (int v : values) {
      b.putInt(v);
    }
    return done(b);
  }

  public static ArrowBuffer i64(long... values) {
    ByteBuffer b = le(values.length * 8);
    for (long v : values) {
      b.putLong(v);
    }
    return done(b);
  }

  public static ArrowBuffer f32(float... values) {
    ByteBuffer b = le(values.length * 4);
    for (float v : values) {
      b.putFloat(v);
    }
    return done(b);
  }

  public static ArrowBuffer f64(double... values) {
    ByteBuffer b = le(values.length * 8);
    for (double v : values) {
      b.putDouble(v);
    }
    return done(b);
  }

  /** A bitmap from a string of '1' and '0' (bit 0 first); other characters are ignored. */
  public static ArrowBuffer bits(String pattern) {
    String p = pattern.replaceAll("[^01]", "");
    byte[] out = new byte[(p.length() + 7) / 8];
    for (int i = 0; i < p.length(); i++) {
      if (p.charAt(i) == '1') {
        out[i >>> 3] |= (byte) (1 << (i & 7));
      }
    }
    return ArrowBuffer.wrap(out);
  }

  public static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The UTF-8 bytes of {@code values} concatenated. */
  public static ArrowBuffer utf8Data(String... values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String s : values) {
      out.writeBytes(utf8(s));
    }
    return ArrowBuffer.wrap(out.toByteArray());
  }

  /** Int32 offsets of {@code values} (UTF-8 lengths) starting at {@code start}. */
  public static ArrowBuffer offsetsOf(int start, String... values) {
    int[] o = new int[values.length + 1];
    o[0] = start;
    for (int i = 0; i < values.length; i++) {
      o[i + 1] = o[i] + utf8(values[i]).length;
    }
    return i32(o);
  }

  public static Field field(String name, ArrowType type, Field... children) {
    return Field.nullable(name, type, children);
  }

  public static Field dictField(String name, ArrowType valueType, ArrowType.Int indexType,
      Field... children) {
    return new Field(name, true, valueType, new DictionaryEncoding(0, indexType, false), List.of(children),
        null);
  }

  public static ArrayData array(Field field, long length, long offset, ArrowBuffer... buffers) {
    return new ArrayData(field, length, offset, ArrayData.UNKNOWN_NULL_COUNT, buffers, List.of(), null);
  }

  public static ArrayData nested(Field field, long length, long offset, ArrowBuffer[] buffers,
      ArrayData... children) {
    return new ArrayData(field, length, offset, ArrayData.UNKNOWN_NULL_COUNT, buffers, List.of(children),
        null);
  }

  public static ArrayData dict(Field field, long length, long offset, ArrayData dictionary,
      ArrowBuffer... buffers) {
    return new ArrayData(field, length, offset, ArrayData.UNKNOWN_NULL_COUNT, buffers, List.of(),
        dictionary);
  }

  public static ArrowBuffer[] bufs(ArrowBuffer... buffers) {
    return buffers;
  }

  /** A Utf8 array; null elements become null slots. */
  public static ArrayData utf8Array(String name, String... values) {
    StringBuilder valid = new StringBuilder();
    String[] nonNull = new String[values.length];
    boolean anyNull = false;
    for (int i = 0; i < values.length; i++) {
      valid.append(values[i] == null ? '0' : '1');
      anyNull |= values[i] == null;
      nonNull[i] = values[i] == null ? "" : values[i];
    }
    return array(field(name, new ArrowType.Utf8()), values.length, 0,
        anyNull ? bits(valid.toString()) : null, offsetsOf(0, nonNull), utf8Data(nonNull));
  }

  /** An Int32 array; null elements become null slots. */
  public static ArrayData int32Array(String name, Integer... values) {
    StringBuilder valid = new StringBuilder();
    int[] raw = new int[values.length];
    boolean anyNull = false;
    for (int i = 0; i < values.length; i++) {
      valid.append(values[i] == null ? '0' : '1');
      anyNull |= values[i] == null;
      raw[i] = values[i] == null ? 0 : values[i];
    }
    return array(field(name, ArrowType.Int.INT32), values.length, 0,
        anyNull ? bits(valid.toString()) : null, i32(raw));
  }

  /** The objects of every slot of {@code array}. */
  public static List<Object> objects(ArrowArray array) {
    Object[] out = new Object[Math.toIntExact(array.length())];
    for (int i = 0; i < out.length; i++) {
      out[i] = array.getObject(i);
    }
    return java.util.Arrays.asList(out);
  }
}
