package io.arrowfile.columnar.array;

import static io.arrowfile.columnar.array.TestData.*;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

public class BinaryArraysTest {

  @Test
  void utf8WithNullsAndSlice() {
    ArrayData d = utf8Array("s", "héllo", null, "", "wörld", "x");
    BinaryArray a = (BinaryArray) ArrowArray.of(d);
    assertEquals(Arrays.asList("héllo", null, "", "wörld", "x"), objects(a));
    assertTrue(a.isUtf8());
    assertEquals(6, a.valueLength(0));
    BinaryArray s = (BinaryArray) ArrowArray.of(d.slice(3, 2));
    assertEquals(List.of("wörld", "x"), objects(s));
    assertEquals(6, s.valueOffset(0));
    assertEquals(6, s.valueLength(0));
    assertEquals('w', (char) s.valueBuffer().getByte(s.valueOffset(0)));
  }

  @Test
  void binaryWithNonZeroFirstOffset() {
    ArrayData d = array(field("b", new ArrowType.Binary()), 2, 0, null, i32(2, 4, 5), bytes(9, 9, 1, 2, 3));
    BinaryArray a = (BinaryArray) ArrowArray.of(d);
    assertArrayEquals(new byte[] {1, 2}, a.getBytes(0));
    assertArrayEquals(new byte[] {3}, (byte[]) a.getObject(1));
  }

  @Test
  void largeVariants() {
    ArrayData lu = array(field("s", new ArrowType.LargeUtf8()), 3, 1, bits("1101"), i64(0, 1, 3, 3, 6),
        utf8Data("a", "bc", "def"));
    BinaryArray a = (BinaryArray) ArrowArray.of(lu);
    assertTrue(a.isLarge());
    assertEquals(Arrays.asList("bc", null, "def"), objects(a));
    ArrayData lb = array(field("b", new ArrowType.LargeBinary()), 1, 0, null, i64(1, 3), bytes(0, 5, 6));
    assertArrayEquals(new byte[] {5, 6}, (byte[]) ArrowArray.of(lb).getObject(0));
  }

  /** A 16-byte view of an inline value (at most 12 bytes). */
  public static byte[] inlineView(byte[] value) {
    ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(value.length).put(value);
    return b.array();
  }

  /** A 16-byte view of a value in variadic buffer {@code bufferIndex} at {@code offset}. */
  public static byte[] refView(byte[] value, int bufferIndex, int offset) {
    ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(value.length).put(value, 0, 4).putInt(bufferIndex).putInt(offset);
    return b.array();
  }

  public static ArrowBuffer views(byte[]... views) {
    ByteBuffer b = ByteBuffer.allocate(views.length * 16);
    for (byte[] v : views) {
      b.put(v);
    }
    return ArrowBuffer.wrap(b.array());
  }

  public static ArrayData utf8ViewSample() {
    String long1 = "a string longer than twelve";
    String long2 = "another long string, in buffer 1";
    String long3 = "third long value here";
    ArrowBuffer buf0 = utf8Data("xx", long1, long3);
    ArrowBuffer buf1 = utf8Data(long2);
    ArrowBuffer v = views(
        inlineView(utf8("short")),
        refView(utf8(long1), 0, 2),
        inlineView(new byte[0]),
        refView(utf8(long2), 1, 0),
        inlineView(utf8("twelve bytes")),
        refView(utf8(long3), 0, 2 + utf8(long1).length));
    return array(field("v", new ArrowType.Utf8View()), 6, 0, bits("111011"), v, buf0, buf1);
  }

  @Test
  void utf8ViewInlineAndTwoVariadicBuffers() {
    BinaryViewArray a = (BinaryViewArray) ArrowArray.of(utf8ViewSample());
    assertEquals(2, a.variadicBufferCount());
    assertEquals(Arrays.asList("short", "a string longer than twelve", "", null, "twelve bytes",
        "third long value here"), objects(a));
    assertTrue(a.isInline(0));
    assertTrue(a.isInline(4));
    assertFalse(a.isInline(1));
    assertEquals(2, a.valueOffset(1));
    assertEquals(4, a.valueOffset(0));
    assertEquals(4 * 16 + 4, a.valueOffset(4));
    assertEquals('a', (char) a.valueBuffer(1).getByte(a.valueOffset(1)));
    assertEquals('s', (char) a.valueBuffer(0).getByte(a.valueOffset(0)));
    assertEquals(27, a.valueLength(1));
    assertEquals('a' | ('n' << 8) | ('o' << 16) | ('t' << 24), a.prefix(3));
  }

  @Test
  void utf8ViewPlacesOfValuesForReadersInPlace() {
    // Where a reader finds value bytes without copying them: the views buffer (buffer 1) for an inline value,
    // else variadic buffer k (buffer 2 + k) at the view's offset.
    ArrayData d = utf8ViewSample();
    BinaryViewArray a = (BinaryViewArray) ArrowArray.of(d);
    int inline = a.valueLength(4);
    assertEquals(12, inline);
    assertEquals(4 * 16 + 4, a.valueOffset(4, inline));
    int referenced = a.valueLength(5);
    assertEquals(0, a.dataBufferIndex(5));
    assertEquals(1, a.dataBufferIndex(3));
    assertEquals("third long value here", new String(
        d.buffer(2 + a.dataBufferIndex(5)).getBytes(a.valueOffset(5, referenced), referenced), UTF_8));
    assertArrayEquals(a.getBytes(5), a.valueBuffer(5).getBytes(a.valueOffset(5), referenced));
  }

  @Test
  void utf8ViewSlice() {
    BinaryViewArray a = (BinaryViewArray) ArrowArray.of(utf8ViewSample().slice(3, 3));
    assertEquals(Arrays.asList(null, "twelve bytes", "third long value here"), objects(a));
  }

  @Test
  void binaryViewGivesBytes() {
    byte[] longValue = new byte[20];
    for (int i = 0; i < 20; i++) {
      longValue[i] = (byte) (i * 7);
    }
    ArrayData d = array(field("b", new ArrowType.BinaryView()), 2, 0, null,
        views(inlineView(new byte[] {1, 2, 3}), refView(longValue, 0, 0)), ArrowBuffer.wrap(longValue));
    ArrowArray a = ArrowArray.of(d);
    assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) a.getObject(0));
    assertArrayEquals(longValue, (byte[]) a.getObject(1));
  }
}
