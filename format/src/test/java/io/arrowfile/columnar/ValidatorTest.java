package io.arrowfile.columnar;

import static io.arrowfile.columnar.array.TestData.*;
import static org.junit.jupiter.api.Assertions.*;

import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.BinaryArraysTest;
import io.arrowfile.columnar.array.NestedArraysTest;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.UnionMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValidatorTest {
  static final ValidationLevel MINIMAL = ValidationLevel.MINIMAL;
  static final ValidationLevel DEFAULT = ValidationLevel.DEFAULT;
  static final ValidationLevel FULL = ValidationLevel.FULL;

  static void assertValid(ArrayData data, ValidationLevel level) {
    Validator.validate(data, level);
  }

  /** Asserts that {@code level} rejects {@code data} at field {@code path} with a problem containing each of {@code parts}. */
  static ArrowFormatException assertInvalid(ArrayData data, ValidationLevel level, String path,
      String... parts) {
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> Validator.validate(data, level));
    assertEquals(path, e.fieldPath(), e.getMessage());
    for (String part : parts) {
      assertTrue(e.problem().contains(part), "'" + e.problem() + "' should contain '" + part + "'");
    }
    return e;
  }

  // ---------------------------------------------------------------------------------------------------
  // Valid data passes at FULL

  static List<ArrayData> validSamples() {
    List<ArrayData> out = new ArrayList<>();
    out.add(array(field("n", new ArrowType.Null()), 5, 2));
    out.add(array(field("b", new ArrowType.Bool()), 6, 3, bits("1101111011"), bits("0110100111")));
    out.add(int32Array("i", 1, null, 3).slice(1, 2));
    out.add(array(field("h", new ArrowType.FloatingPoint(Precision.HALF)), 2, 0, null, i16(0x3C00, 0x7E00)));
    out.add(array(field("d", new ArrowType.Decimal(38, 2, 128)), 1, 0, null, i64(5, 0)));
    out.add(utf8Array("s", "héllo", null, "", "wörld"));
    out.add(utf8Array("s", "a", "b", "c").slice(1, 2));
    out.add(array(field("s", new ArrowType.Utf8()), 0, 0, null, ArrowBuffer.EMPTY, ArrowBuffer.EMPTY));
    out.add(array(field("s", new ArrowType.Utf8()), 0, 0, null, null, null));
    out.add(array(field("s", new ArrowType.LargeUtf8()), 2, 0, null, i64(0, 1, 3), utf8Data("a", "bc")));
    out.add(BinaryArraysTest.utf8ViewSample());
    out.add(BinaryArraysTest.utf8ViewSample().slice(2, 3));
    out.add(NestedArraysTest.listSample());
    out.add(NestedArraysTest.listSample().slice(1, 3));
    out.add(NestedArraysTest.mapSample());
    out.add(NestedArraysTest.nestedDictionarySample());
    out.add(sparseUnion());
    out.add(denseUnion());
    out.add(denseUnion().slice(1, 3));
    out.add(listView(i32(2, 0, 0, 99, 1), i32(2, 3, 0, 99, 2)));
    for (ArrowType.Int t : List.of(ArrowType.Int.INT16, ArrowType.Int.INT32, ArrowType.Int.INT64)) {
      out.add(NestedArraysTest.reeSample(t, new long[] {3, 5, 9}));
      out.add(NestedArraysTest.reeSample(t, new long[] {3, 5, 9}).slice(4, 4));
    }
    out.add(struct(int32Array("i", 1, 2, 3), utf8Array("s", "a", "b", "c")).slice(1, 2));
    out.add(nested(field("f", new ArrowType.FixedSizeList(2), NestedArraysTest.ITEM), 2, 1, bufs(bits("101")),
        int32Array("item", -1, 1, 2, 3, 4, 5, 6).slice(1, 6)));
    return out;
  }

  @Test
  void validSamplesPassAtEveryLevel() {
    for (ArrayData d : validSamples()) {
      for (ValidationLevel level : ValidationLevel.values()) {
        assertDoesNotThrow(() -> Validator.validate(d, level), d + " at " + level);
      }
    }
  }

  @Test
  void recordBatchValidatesEveryColumn() {
    ArrayData ok = int32Array("a", 1, 2);
    ArrayData bad = array(field("b", new ArrowType.Utf8()), 2, 0, null, i32(0, 1, 9), bytes(65, 66));
    RecordBatch batch = new RecordBatch(new Schema(List.of(ok.field(), bad.field()), null), 2, List.of(ok, bad));
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> Validator.validate(batch, DEFAULT));
    assertEquals("b", e.fieldPath());
    Validator.validate(batch, MINIMAL);
  }

  // ---------------------------------------------------------------------------------------------------
  // MINIMAL

  @Test
  void bufferCount() {
    assertInvalid(array(field("x", ArrowType.Int.INT32), 1, 0, null, i32(1), i32(1)), MINIMAL, "x",
        "3 buffers, expected 2");
    assertInvalid(array(field("v", new ArrowType.BinaryView()), 0, 0, (ArrowBuffer) null), MINIMAL, "v",
        "1 buffers, expected at least 2");
    assertInvalid(array(field("n", new ArrowType.Null()), 1, 0, (ArrowBuffer) null), MINIMAL, "n",
        "1 buffers, expected 0");
  }

  @Test
  void validityTooShortForBitOffset() {
    assertInvalid(array(field("b", new ArrowType.Bool()), 6, 3, bits("1"), bits("1111111111")), MINIMAL, "b",
        "validity buffer holds 1 bytes but 2 are needed for offset 3 + length 6");
  }

  @Test
  void fixedWidthValuesTooShort() {
    assertInvalid(array(field("x", ArrowType.Int.INT32), 3, 2, null, i32(1, 2, 3, 4)), MINIMAL, "x",
        "values buffer holds 16 bytes but 20 are needed");
    assertInvalid(array(field("x", new ArrowType.FixedSizeBinary(5)), 2, 0, null, bytes(1, 2, 3)), MINIMAL, "x",
        "values buffer holds 3 bytes but 10 are needed");
    assertInvalid(array(field("x", new ArrowType.Decimal(76, 0, 256)), 1, 0, null, i64(1, 2, 3)), MINIMAL, "x",
        "24 bytes but 32");
    assertInvalid(array(field("x", new ArrowType.Bool()), 9, 0, null, bits("1")), MINIMAL, "x",
        "1 bytes but 2");
  }

  @Test
  void offsetsTooShort() {
    assertInvalid(array(field("s", new ArrowType.Utf8()), 3, 0, null, i32(0, 1, 2), bytes(65, 66)), MINIMAL,
        "s", "offsets buffer holds 12 bytes but 16 are needed");
    assertInvalid(array(field("s", new ArrowType.LargeBinary()), 1, 0, null, i32(0, 1), bytes(65)), MINIMAL,
        "s", "offsets buffer holds 8 bytes but 16");
  }

  @Test
  void nullCountAboveLength() {
    ArrayData d = new ArrayData(field("x", ArrowType.Int.INT8), 3, 0, 5, new ArrowBuffer[] {bits("000"), i8(1, 2, 3)},
        List.of(), null);
    assertInvalid(d, MINIMAL, "x", "null count 5 exceeds the length 3");
  }

  @Test
  void nullCountDisagreeingWithBitmapFailsFull() {
    ArrayData d = new ArrayData(field("x", ArrowType.Int.INT8), 3, 0, 2, new ArrowBuffer[] {bits("110"), i8(1, 2, 3)},
        List.of(), null);
    assertValid(d, DEFAULT);
    assertInvalid(d, FULL, "x", "null count 2 does not match the validity bitmap (1 nulls)");
  }

  @Test
  void overflowIsAFormatError() {
    ArrayData d = array(field("x", ArrowType.Int.INT64), 5, Long.MAX_VALUE - 2, null, i64(1));
    assertInvalid(d, MINIMAL, "x", "overflows");
    ArrayData e = array(field("x", ArrowType.Int.INT64), 2, Long.MAX_VALUE / 4, null, i64(1));
    assertInvalid(e, MINIMAL, "x", "overflows");
  }

  @Test
  void childCounts() {
    assertInvalid(nested(field("l", new ArrowType.List(), NestedArraysTest.ITEM), 0, 0, bufs(null, null)),
        MINIMAL, "l", "list array has 0 child arrays, expected 1");
    assertInvalid(nested(field("l", new ArrowType.List()), 0, 0, bufs(null, null)),
        MINIMAL, "l", "list field has 0 children, expected 1");
    ArrayData ree = NestedArraysTest.reeSample(ArrowType.Int.INT32, new long[] {3});
    assertInvalid(nested(ree.field(), 3, 0, bufs(), ree.child(0)), MINIMAL, "r", "1 child arrays, expected 2");
  }

  @Test
  void mapChildMustBeStructOfTwo() {
    ArrayData keys = utf8Array("key", "a");
    Field entries = Field.notNull("entries", new ArrowType.Struct(), keys.field());
    ArrayData e = nested(entries, 1, 0, bufs((ArrowBuffer) null), keys);
    ArrayData m = nested(field("m", new ArrowType.Map(false), entries), 1, 0, bufs(null, i32(0, 1)), e);
    assertInvalid(m, MINIMAL, "m", "map child must be a struct of key and value");
  }

  @Test
  void structChildTooShort() {
    ArrayData d = struct(int32Array("i", 1, 2, 3), utf8Array("s", "a", "b")).slice(1, 2);
    assertInvalid(d, MINIMAL, "st", "child 's' has 2 values but 3 are needed for offset 1 + length 2");
  }

  @Test
  void fixedSizeListChildTooShort() {
    ArrayData d = nested(field("f", new ArrowType.FixedSizeList(3), NestedArraysTest.ITEM), 2, 1,
        bufs((ArrowBuffer) null), int32Array("item", 1, 2, 3, 4, 5, 6, 7, 8));
    assertInvalid(d, MINIMAL, "f", "child 'item' has 8 values but 9 are needed");
  }

  @Test
  void sparseUnionChildTooShort() {
    Field f = NestedArraysTest.unionField(UnionMode.SPARSE);
    ArrayData d = nested(f, 3, 0, bufs(i8(5, 5, 7)), int32Array("i", 1, 2, 3), utf8Array("s", "a", "b"));
    assertInvalid(d, MINIMAL, "u", "child 's' has 2 values but 3 are needed");
  }

  @Test
  void unionTypeIdsInMetadata() {
    Field dup = field("u", new ArrowType.Union(UnionMode.SPARSE, new int[] {3, 3}),
        field("a", ArrowType.Int.INT32), field("b", ArrowType.Int.INT32));
    ArrayData d = nested(dup, 1, 0, bufs(i8(3)), int32Array("a", 1), int32Array("b", 2));
    assertInvalid(d, MINIMAL, "u", "type id 3 is used by more than one child");
    Field big = field("u", new ArrowType.Union(UnionMode.SPARSE, new int[] {200}), field("a", ArrowType.Int.INT32));
    assertInvalid(nested(big, 1, 0, bufs(i8(0)), int32Array("a", 1)), MINIMAL, "u", "200", "outside 0..127");
    Field count = field("u", new ArrowType.Union(UnionMode.SPARSE, new int[] {1, 2}), field("a", ArrowType.Int.INT32));
    assertInvalid(nested(count, 1, 0, bufs(i8(1)), int32Array("a", 1)), MINIMAL, "u", "2 type ids for 1 children");
  }

  @Test
  void runEndsTypeAndNulls() {
    Field runEnds8 = Field.notNull("run_ends", ArrowType.Int.INT8);
    ArrayData values = utf8Array("values", "a");
    ArrayData d = nested(field("r", new ArrowType.RunEndEncoded(), runEnds8, values.field()), 2, 0, bufs(),
        array(runEnds8, 1, 0, null, i8(2)), values);
    assertInvalid(d, MINIMAL, "r", "run_ends must be Int16, Int32 or Int64, not int8");
    Field runEnds = field("run_ends", ArrowType.Int.INT32);
    ArrayData withNull = nested(field("r", new ArrowType.RunEndEncoded(), runEnds, values.field()), 2, 0, bufs(),
        array(runEnds, 1, 0, bits("0"), i32(2)), values);
    assertInvalid(withNull, MINIMAL, "r", "run_ends has 1 nulls");
  }

  @Test
  void dictionaryMissing() {
    Field f = new Field("d", true, new ArrowType.Utf8(), new DictionaryEncoding(4, ArrowType.Int.INT8, false),
        List.of(), null);
    assertInvalid(dict(f, 1, 0, null, null, i8(0)), MINIMAL, "d", "no dictionary (id 4)");
    assertInvalid(dict(f, 3, 0, utf8Array("d", "x"), null, i8(0)), MINIMAL, "d", "indices buffer holds 1 bytes but 3");
  }

  // ---------------------------------------------------------------------------------------------------
  // DEFAULT

  @Test
  void lastOffsetBeyondDataPassesMinimalFailsDefault() {
    ArrayData d = array(field("s", new ArrowType.Binary()), 2, 0, null, i32(0, 3, 912), buffer800());
    assertValid(d, MINIMAL);
    assertInvalid(d, DEFAULT, "s", "offset 2 (912) is beyond the data buffer (800 bytes)");
    assertInvalid(d, FULL, "s", "offset 2 (912) is beyond the data buffer (800 bytes)");
  }

  @Test
  void firstOffsetNegativeAndDecreasingEnds() {
    assertInvalid(array(field("s", new ArrowType.Utf8()), 1, 0, null, i32(-1, 1), bytes(65, 66)), DEFAULT, "s",
        "offset 0 (-1) is negative");
    assertInvalid(array(field("s", new ArrowType.Utf8()), 1, 0, null, i32(2, 1), bytes(65, 66)), DEFAULT, "s",
        "last offset 1 (1) is less than first offset 0 (2)");
  }

  @Test
  void listLastOffsetBeyondChild() {
    ArrayData d = nested(field("l", new ArrowType.List(), NestedArraysTest.ITEM), 2, 0, bufs(null, i32(0, 2, 5)),
        int32Array("item", 1, 2, 3));
    assertValid(d, MINIMAL);
    assertInvalid(d, DEFAULT, "l", "offset 2 (5) is beyond the child (3 values)");
  }

  @Test
  void runEndsTooShortForLength() {
    ArrayData base = NestedArraysTest.reeSample(ArrowType.Int.INT32, new long[] {3, 5, 9});
    ArrayData d = nested(base.field(), 8, 2, bufs(), base.child(0), base.child(1));
    assertValid(d, MINIMAL);
    assertInvalid(d, DEFAULT, "r", "last run end 9 is less than offset 2 + length 8");
    ArrayData noRuns = nested(base.field(), 1, 0, bufs(), base.child(0).slice(0, 0), base.child(1));
    assertInvalid(noRuns, DEFAULT, "r", "no runs for 1 values");
  }

  @Test
  void binaryViewMissingVariadicBuffer() {
    ArrayData s = BinaryArraysTest.utf8ViewSample();
    ArrayData d = array(s.field(), s.length(), 0, s.buffer(0), s.buffer(1), s.buffer(2), null);
    assertValid(d, MINIMAL);
    assertInvalid(d, DEFAULT, "v", "variadic data buffer 1 of 2 is missing");
  }

  // ---------------------------------------------------------------------------------------------------
  // FULL

  @Test
  void offsetsMustNotDecrease() {
    ArrayData d = array(field("s", new ArrowType.Utf8()), 3, 0, null, i32(0, 2, 1, 3), utf8Data("abc"));
    assertValid(d, DEFAULT);
    assertInvalid(d, FULL, "s", "offset 2 (1) is less than offset 1 (2)");
    ArrayData l = nested(field("l", new ArrowType.LargeList(), NestedArraysTest.ITEM), 3, 0,
        bufs(null, i64(0, 7, 1, 2)), int32Array("item", 1, 2));
    assertValid(l, DEFAULT);
    assertInvalid(l, FULL, "l", "offset 1 (7) is beyond the child (2 values)");
  }

  @Test
  void invalidUtf8PassesDefaultFailsFull() {
    byte[][] bad = {
        {(byte) 0xC3},                               // truncated
        {(byte) 0xC0, (byte) 0x80},                  // overlong
        {(byte) 0xED, (byte) 0xA0, (byte) 0x80},     // surrogate
        {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
        {(byte) 0xFF},
        {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', (byte) 0x80},
    };
    for (byte[] b : bad) {
      byte[] value = new byte[b.length + 1];
      value[0] = 'x';
      System.arraycopy(b, 0, value, 1, b.length);
      ArrayData d = array(field("s", new ArrowType.Utf8()), 2, 0, null, i32(0, 2, 2 + value.length),
          concat(utf8Data("ok"), ArrowBuffer.wrap(value)));
      assertValid(d, DEFAULT);
      assertInvalid(d, FULL, "s", "value 1 is not valid UTF-8");
      ArrayData binary = array(field("s", new ArrowType.Binary()), 2, 0, null, i32(0, 2, 2 + value.length),
          concat(utf8Data("ok"), ArrowBuffer.wrap(value)));
      assertValid(binary, FULL);
    }
    // a character split between two values is invalid even though the bytes together are fine
    byte[] e = utf8("é");
    ArrayData split = array(field("s", new ArrowType.LargeUtf8()), 2, 0, null, i64(0, 1, 2), ArrowBuffer.wrap(e));
    assertInvalid(split, FULL, "s", "value 0 is not valid UTF-8 (byte 0 of 1)");
  }

  @Test
  void validUtf8AllPlanes() {
    ArrayData d = utf8Array("s", "ascii only, more than eight bytes", "ß", "€", "𝄞", "\u007f\u0080\u07ff\u0800\uffff");
    assertValid(d, FULL);
  }

  @Test
  void invalidUtf8InNullSlotIsIgnored() {
    ArrayData d = array(field("s", new ArrowType.Utf8()), 2, 0, bits("10"), i32(0, 1, 2), bytes('a', 0xFF));
    assertValid(d, FULL);
  }

  @Test
  void utf8ViewInvalidInlineAndOutOfLine() {
    ArrowBuffer views = BinaryArraysTest.views(BinaryArraysTest.inlineView(new byte[] {'a', (byte) 0xC3}));
    ArrayData inline = array(field("v", new ArrowType.Utf8View()), 1, 0, null, views);
    assertValid(inline, DEFAULT);
    assertInvalid(inline, FULL, "v", "value 0 is not valid UTF-8");
    byte[] longBad = "0123456789abcdef".getBytes();
    longBad[10] = (byte) 0xFE;
    ArrayData outOfLine = array(field("v", new ArrowType.Utf8View()), 1, 0, null,
        BinaryArraysTest.views(BinaryArraysTest.refView(longBad, 0, 0)), ArrowBuffer.wrap(longBad));
    assertValid(outOfLine, DEFAULT);
    assertInvalid(outOfLine, FULL, "v", "value 0 is not valid UTF-8 (byte 10 of 16)");
    ArrayData binView = array(field("v", new ArrowType.BinaryView()), 1, 0, null,
        BinaryArraysTest.views(BinaryArraysTest.refView(longBad, 0, 0)), ArrowBuffer.wrap(longBad));
    assertValid(binView, FULL);
  }

  @Test
  void inlineViewPaddingIsIgnored() {
    byte[] view = BinaryArraysTest.inlineView(utf8("abc"));
    for (int i = 7; i < 16; i++) {
      view[i] = (byte) 0xFF;
    }
    ArrayData d = array(field("v", new ArrowType.Utf8View()), 1, 0, null, BinaryArraysTest.views(view));
    assertValid(d, FULL);
    assertEquals("abc", ArrowArray.of(d).getObject(0));
  }

  @Test
  void viewsPointingOutsideTheirBuffers() {
    byte[] value = "0123456789abcdef".getBytes();
    ArrowBuffer data = ArrowBuffer.wrap(value);
    ArrayData badIndex = array(field("v", new ArrowType.BinaryView()), 1, 0, null,
        BinaryArraysTest.views(BinaryArraysTest.refView(value, 1, 0)), data);
    assertValid(badIndex, DEFAULT);
    assertInvalid(badIndex, FULL, "v", "view 0 refers to data buffer 1 but there are 1");
    ArrayData badOffset = array(field("v", new ArrowType.BinaryView()), 1, 0, null,
        BinaryArraysTest.views(BinaryArraysTest.refView(value, 0, 3)), data);
    assertInvalid(badOffset, FULL, "v", "view 0 (offset 3 + length 16) is beyond data buffer 0 (16 bytes)");
    byte[] view = BinaryArraysTest.refView(value, 0, 0);
    view[4] = 'X';
    ArrayData badPrefix = array(field("v", new ArrowType.BinaryView()), 1, 0, null, BinaryArraysTest.views(view), data);
    assertInvalid(badPrefix, FULL, "v", "prefix does not match");
    // a null slot may hold any view
    ArrayData nullSlot = array(field("v", new ArrowType.BinaryView()), 1, 0, bits("0"),
        BinaryArraysTest.views(BinaryArraysTest.refView(value, 9, 0)), data);
    assertValid(nullSlot, FULL);
  }

  @Test
  void listViewRanges() {
    ArrayData ok = listView(i32(2, 0, 0, 99, 1), i32(2, 3, 0, 99, 2)); // slot 3 is null
    assertValid(ok, FULL);
    ArrayData bad = listView(i32(2, 0, 0, 0, 3), i32(2, 3, 0, 0, 2));
    assertValid(bad, DEFAULT);
    assertInvalid(bad, FULL, "lv", "list view 4 (offset 3 + size 2) is beyond the child's length (4)");
    assertInvalid(listView(i32(2, 0, 0, 0, -1), i32(2, 3, 0, 0, 1)), FULL, "lv", "offset 4 (-1) is negative");
    assertInvalid(listView(i32(2, 0, 0, 0, 0), i32(2, 3, -1, 0, 1)), FULL, "lv", "size 2 (-1) is negative");
    assertInvalid(nested(ok.field(), 5, 0, bufs(null, i32(1, 2, 3, 4, 5), i32(1, 1)), ok.child(0)), MINIMAL, "lv",
        "sizes buffer holds 8 bytes but 20");
  }

  @Test
  void dictionaryIndicesInRange() {
    Field f = dictField("d", new ArrowType.Utf8(), ArrowType.Int.INT16);
    ArrayData dictionary = utf8Array("d", "a", "b");
    ArrayData bad = dict(f, 3, 0, dictionary, bits("101"), i16(1, 77, 2));
    assertValid(bad, DEFAULT);
    assertInvalid(bad, FULL, "d", "index 2 (2) is outside the dictionary (2 values)");
    assertInvalid(dict(f, 1, 0, dictionary, null, i16(-1)), FULL, "d", "index 0 (-1) is outside");
    assertValid(dict(f, 2, 0, dictionary, bits("10"), i16(1, 77)), FULL); // null slots may hold anything
    Field u64 = dictField("d", new ArrowType.Utf8(), ArrowType.Int.UINT64);
    assertInvalid(dict(u64, 1, 0, dictionary, null, i64(-1)), FULL, "d",
        "index 0 (18446744073709551615) is outside");
    Field u8 = dictField("d", new ArrowType.Utf8(), ArrowType.Int.UINT8);
    assertInvalid(dict(u8, 1, 0, dictionary, null, i8(0xFF)), FULL, "d", "index 0 (255) is outside");
  }

  @Test
  void dictionaryItselfIsValidatedWithPath() {
    Field f = dictField("d", new ArrowType.Utf8(), ArrowType.Int.INT8);
    ArrayData badDictionary = array(field("d", new ArrowType.Utf8()), 1, 0, null, i32(0, 1), bytes(0xFF));
    ArrayData d = dict(f, 1, 0, badDictionary, null, i8(0));
    assertValid(d, DEFAULT);
    assertInvalid(d, FULL, "d", "dictionary: value 0 is not valid UTF-8");
  }

  @Test
  void nestedDictionaryErrorsNameThePath() {
    ArrayData good = NestedArraysTest.nestedDictionarySample();
    assertValid(good, FULL);
    // The inner dictionary's indices reach past its 3 words.
    ArrayData outerDict = good.dictionary();
    ArrayData inner = outerDict.child(0);
    ArrayData badInner = dict(inner.field(), 4, 0, inner.dictionary(), null, i8(2, 0, 3, 1));
    ArrayData badOuterDict = nested(outerDict.field(), 3, 0, bufs(null, outerDict.buffer(1)), badInner);
    ArrayData bad = dict(good.field(), 4, 0, badOuterDict, good.buffer(0), good.buffer(1));
    assertValid(bad, DEFAULT);
    assertInvalid(bad, FULL, "colors.item", "dictionary: index 2 (3) is outside the dictionary (3 values)");
  }

  @Test
  void unionTypeIdsAndDenseOffsets() {
    assertValid(denseUnion(), FULL);
    Field f = NestedArraysTest.unionField(UnionMode.DENSE);
    ArrayData badId = nested(f, 2, 0, bufs(i8(5, 6), i32(0, 0)), int32Array("i", 1), utf8Array("s", "x"));
    assertValid(badId, DEFAULT);
    assertInvalid(badId, FULL, "u", "slot 1 has type id 6, which selects no child");
    ArrayData negId = nested(f, 1, 0, bufs(i8(-3), i32(0)), int32Array("i", 1), utf8Array("s", "x"));
    assertInvalid(negId, FULL, "u", "type id -3");
    ArrayData badOffset = nested(f, 2, 0, bufs(i8(5, 7), i32(0, 1)), int32Array("i", 1), utf8Array("s", "x"));
    assertInvalid(badOffset, FULL, "u", "slot 1 has offset 1, outside child 's' (1 values)");
    Field sparse = NestedArraysTest.unionField(UnionMode.SPARSE);
    ArrayData sparseBad = nested(sparse, 2, 0, bufs(i8(5, 0)), int32Array("i", 1, 2), utf8Array("s", "x", "y"));
    assertInvalid(sparseBad, FULL, "u", "slot 1 has type id 0");
  }

  @Test
  void runEndsMustIncrease() {
    ArrayData d = NestedArraysTest.reeSample(ArrowType.Int.INT16, new long[] {3, 3, 9});
    assertValid(d, DEFAULT);
    assertInvalid(d, FULL, "r", "run end 1 (3) is not greater than the previous one");
    ArrayData z = NestedArraysTest.reeSample(ArrowType.Int.INT64, new long[] {0, 5, 9});
    assertInvalid(z, FULL, "r", "run end 0 (0) is not positive");
  }

  @Test
  void pathNamesNestedFields() {
    // outer: list<item: struct<tags: list<item: utf8>>> with invalid UTF-8 deep inside.
    ArrayData words = array(field("item", new ArrowType.Utf8()), 2, 0, null, i32(0, 1, 2), bytes('a', 0xC3));
    Field tagsField = field("tags", new ArrowType.List(), words.field());
    ArrayData tags = nested(tagsField, 1, 0, bufs(null, i32(0, 2)), words);
    Field structField = field("item", new ArrowType.Struct(), tagsField);
    ArrayData st = nested(structField, 1, 0, bufs((ArrowBuffer) null), tags);
    ArrayData outer = nested(field("outer", new ArrowType.List(), structField), 1, 0, bufs(null, i32(0, 1)), st);
    assertValid(outer, DEFAULT);
    ArrowFormatException e = assertInvalid(outer, FULL, "outer.item.tags.item", "value 1 is not valid UTF-8");
    assertTrue(e.getMessage().startsWith("field 'outer.item.tags.item': "), e.getMessage());
  }

  @Test
  void noneChecksNothing() {
    Validator.validate(array(field("x", ArrowType.Int.INT32), 3, 0), ValidationLevel.NONE);
  }

  /** Corrupting bytes of valid arrays never makes the validator throw anything but ArrowFormatException,
   * and whatever passes FULL can be read in full. */
  @Test
  void corruptedBuffersOnlyEverGiveFormatErrors() {
    Random random = new Random(42);
    int accepted = 0;
    int rejected = 0;
    for (ArrayData sample : validSamples()) {
      for (int round = 0; round < 300; round++) {
        ArrayData corrupt = corrupt(sample, random, 0);
        try {
          Validator.validate(corrupt, FULL);
        } catch (ArrowFormatException e) {
          rejected++;
          continue;
        }
        accepted++;
        ArrowArray view = ArrowArray.of(corrupt);
        for (long i = 0; i < view.length(); i++) {
          view.isNull(i);
          view.getObject(i);
        }
      }
    }
    assertTrue(rejected > 0 && accepted > 0, accepted + " accepted, " + rejected + " rejected");
  }

  private static ArrayData corrupt(ArrayData d, Random random, int depth) {
    ArrowBuffer[] buffers = new ArrowBuffer[d.bufferCount()];
    for (int i = 0; i < buffers.length; i++) {
      ArrowBuffer b = d.buffer(i);
      if (b != null && b.length() > 0 && random.nextInt(3) == 0) {
        byte[] bytes = b.toByteArray();
        int flips = 1 + random.nextInt(3);
        for (int k = 0; k < flips; k++) {
          int at = random.nextInt(bytes.length);
          bytes[at] = random.nextBoolean() ? (byte) random.nextInt() : (byte) (bytes[at] ^ (1 << random.nextInt(8)));
        }
        b = ArrowBuffer.wrap(bytes);
      }
      buffers[i] = b;
    }
    List<ArrayData> children = new ArrayList<>();
    for (ArrayData c : d.children()) {
      children.add(depth < 4 ? corrupt(c, random, depth + 1) : c);
    }
    ArrayData dictionary = d.dictionary() == null ? null : corrupt(d.dictionary(), random, depth + 1);
    long length = d.length();
    long offset = d.offset();
    if (random.nextInt(8) == 0) {
      length = Math.max(0, length + random.nextInt(5) - 2);
    }
    if (random.nextInt(8) == 0) {
      offset = Math.max(0, offset + random.nextInt(5) - 2);
    }
    if (random.nextInt(10) == 0 && !children.isEmpty()) {
      children.remove(random.nextInt(children.size()));
    }
    return new ArrayData(d.field(), length, offset, ArrayData.UNKNOWN_NULL_COUNT, buffers, children,
        dictionary);
  }

  /** Structural corruption (lengths, offsets, missing children) at every level is reported, not thrown raw. */
  @Test
  void corruptedShapesOnlyEverGiveFormatErrors() {
    Random random = new Random(7);
    for (ArrayData sample : validSamples()) {
      for (int round = 0; round < 300; round++) {
        ArrayData corrupt = corrupt(sample, random, 0);
        for (ValidationLevel level : ValidationLevel.values()) {
          try {
            Validator.validate(corrupt, level);
          } catch (ArrowFormatException e) {
            assertNotNull(e.fieldPath(), e.getMessage());
            continue;
          }
          if (level == FULL) {
            ArrowArray view = ArrowArray.of(corrupt);
            for (long i = 0; i < view.length(); i++) {
              view.isNull(i);
              view.getObject(i);
            }
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Builders of test arrays

  static ArrowBuffer buffer800() {
    return ArrowBuffer.wrap(new byte[800]);
  }

  static ArrowBuffer concat(ArrowBuffer... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (ArrowBuffer p : parts) {
      out.writeBytes(p.toByteArray());
    }
    return ArrowBuffer.wrap(out.toByteArray());
  }

  static ArrayData struct(ArrayData... children) {
    Field[] fields = new Field[children.length];
    for (int i = 0; i < children.length; i++) {
      fields[i] = children[i].field();
    }
    return nested(field("st", new ArrowType.Struct(), fields), children[0].length(), 0,
        bufs((ArrowBuffer) null), children);
  }

  static ArrayData sparseUnion() {
    return nested(NestedArraysTest.unionField(UnionMode.SPARSE), 4, 0, bufs(i8(5, 5, 7, 7)),
        int32Array("i", 1, null, 3, 4), utf8Array("s", "w", "x", null, "z"));
  }

  static ArrayData denseUnion() {
    return nested(NestedArraysTest.unionField(UnionMode.DENSE), 5, 0, bufs(i8(7, 5, 7, 5, 5), i32(1, 0, 0, 1, 0)),
        int32Array("i", 10, null), utf8Array("s", "p", "q"));
  }

  static ArrayData listView(ArrowBuffer offsets, ArrowBuffer sizes) {
    return nested(field("lv", new ArrowType.ListView(), NestedArraysTest.ITEM), 5, 0,
        bufs(bits("11101"), offsets, sizes), int32Array("item", 10, 20, 30, 40));
  }
}
