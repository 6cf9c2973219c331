package io.arrowfile.columnar.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import java.util.List;

final class BuilderTestSupport {
  private BuilderTestSupport() {}

  static Field f(String name, ArrowType type, Field... children) {
    return Field.nullable(name, type, children);
  }

  static Field dict(String name, ArrowType valueType, ArrowType.Int index, Field... children) {
    return new Field(name, true, valueType, new DictionaryEncoding(7, index, false), List.of(children), null);
  }

  static Field mapField(String name, ArrowType keyType, ArrowType valueType) {
    return f(name, new ArrowType.Map(false), Field.notNull("entries", new ArrowType.Struct(),
        Field.notNull("key", keyType), f("value", valueType)));
  }

  static ArrayData build(Field field, Object... values) {
    ArrayBuilder b = ArrayBuilder.create(field);
    for (Object v : values) {
      b.appendObject(v);
    }
    assertEquals(values.length, b.length());
    ArrayData data = b.build();
    assertEquals(0, b.length(), "build() resets");
    assertEquals(values.length, data.length());
    checkPadding(data);
    return data;
  }

  /** Every buffer (recursively) is a multiple of 64 bytes long. */
  static void checkPadding(ArrayData data) {
    for (int i = 0; i < data.bufferCount(); i++) {
      ArrowBuffer b = data.buffer(i);
      if (b != null) {
        assertEquals(0, b.length() % 64, "buffer " + i + " of " + data + " is padded to 64");
      }
    }
    assertNotNull(data.field());
    for (ArrayData c : data.children()) {
      checkPadding(c);
    }
    if (data.dictionary() != null) {
      checkPadding(data.dictionary());
    }
  }

  static int[] ints(ArrowBuffer b, int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = b.getInt(4L * i);
    }
    return out;
  }

  static long[] longs(ArrowBuffer b, int n) {
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = b.getLong(8L * i);
    }
    return out;
  }

  static int bits(ArrowBuffer b, int n) {
    int out = 0;
    for (int i = 0; i < n; i++) {
      if (b.getBit(i)) {
        out |= 1 << i;
      }
    }
    return out;
  }
}
