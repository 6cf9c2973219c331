package io.arrowfile.columnar.array;

import static io.arrowfile.columnar.array.TestData.*;
import static org.junit.jupiter.api.Assertions.*;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.UnionMode;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

public class NestedArraysTest {
  public static final Field ITEM = field("item", ArrowType.Int.INT32);

  public static ArrayData listSample() {
    ArrayData child = int32Array("item", 1, 2, 3, 4, 5, 6);
    return nested(field("l", new ArrowType.List(), ITEM), 4, 0, bufs(bits("1011"), i32(0, 2, 2, 5, 6)), child);
  }

  @Test
  void listAndSlice() {
    ListArray a = (ListArray) ArrowArray.of(listSample());
    assertEquals(Arrays.asList(List.of(1, 2), null, List.of(3, 4, 5), List.of(6)), objects(a));
    assertEquals(2, a.valueOffset(2));
    assertEquals(3, a.valueLength(2));
    ListArray s = (ListArray) ArrowArray.of(listSample().slice(1, 3));
    assertEquals(Arrays.asList(null, List.of(3, 4, 5), List.of(6)), objects(s));
  }

  @Test
  void largeListWithOffsetChild() {
    ArrayData child = int32Array("item", 0, 0, 7, 8, 9).slice(2, 3);
    ArrayData d = nested(field("l", new ArrowType.LargeList(), ITEM), 2, 0, bufs(null, i64(0, 1, 3)), child);
    assertEquals(List.of(List.of(7), List.of(8, 9)), objects(ArrowArray.of(d)));
  }

  @Test
  void listViewOutOfOrderAndShared() {
    ArrayData child = int32Array("item", 10, 20, 30, 40);
    ArrayData d = nested(field("lv", new ArrowType.ListView(), ITEM), 5, 0,
        bufs(bits("11101"), i32(2, 0, 0, 99, 1), i32(2, 3, 0, 99, 2)), child);
    ListViewArray a = (ListViewArray) ArrowArray.of(d);
    assertEquals(Arrays.asList(List.of(30, 40), List.of(10, 20, 30), List.of(), null, List.of(20, 30)),
        objects(a));
    assertEquals(1, a.valueOffset(4));
    assertEquals(2, a.valueLength(4));
    assertEquals(Arrays.asList(List.of(), null), objects(ArrowArray.of(d.slice(2, 2))));
    ArrayData large = nested(field("lv", new ArrowType.LargeListView(), ITEM), 2, 0,
        bufs(null, i64(3, 0), i64(1, 4)), child);
    assertEquals(List.of(List.of(40), List.of(10, 20, 30, 40)), objects(ArrowArray.of(large)));
  }

  @Test
  void fixedSizeListAtParentPlusChildOffset() {
    ArrayData child = int32Array("item", -1, 1, 2, 3, 4, 5, 6).slice(1, 6);
    ArrayData d = nested(field("f", new ArrowType.FixedSizeList(2), ITEM), 2, 1, bufs(bits("101")), child);
    FixedSizeListArray a = (FixedSizeListArray) ArrowArray.of(d);
    assertEquals(Arrays.asList(null, List.of(5, 6)), objects(a));
    assertEquals(4, a.valueOffset(1));
    assertEquals(2, a.listSize());
  }

  @Test
  void structChildrenReadAtParentOffset() {
    ArrayData ints = int32Array("i", 1, 2, 3);
    ArrayData strs = utf8Array("s", "skip", "a", null, "c").slice(1, 3);
    Field f = field("st", new ArrowType.Struct(), ints.field(), strs.field());
    ArrayData d = nested(f, 2, 1, bufs(bits("011")), ints, strs);
    StructArray a = (StructArray) ArrowArray.of(d);
    assertEquals(Arrays.asList(Arrays.asList(2, null), Arrays.asList(3, "c")), objects(a));
    assertEquals(2, a.childCount());
    assertEquals(3, a.getFieldObject(1, 0));
    ArrayData noValidity = nested(f, 1, 0, bufs((io.arrowfile.columnar.memory.ArrowBuffer) null), ints, strs);
    assertEquals(List.of(Arrays.asList(1, "a")), objects(ArrowArray.of(noValidity)));
  }

  public static ArrayData mapSample() {
    ArrayData keys = utf8Array("key", "a", "b", "a");
    ArrayData values = int32Array("value", 1, null, 3);
    Field entriesField = Field.notNull("entries", new ArrowType.Struct(), keys.field().withNullable(false),
        values.field());
    ArrayData entries = nested(entriesField, 3, 0, bufs((io.arrowfile.columnar.memory.ArrowBuffer) null), keys,
        values);
    return nested(field("m", new ArrowType.Map(false), entriesField), 3, 0,
        bufs(bits("101"), i32(0, 2, 2, 3)), entries);
  }

  @Test
  void mapGivesEntries() {
    MapArray a = (MapArray) ArrowArray.of(mapSample());
    assertEquals(Arrays.asList(
        List.of(new SimpleImmutableEntry<>("a", 1), new SimpleImmutableEntry<>("b", null)),
        null,
        List.of(new SimpleImmutableEntry<>("a", 3))), objects(a));
    assertEquals(2, a.valueLength(0));
    assertEquals("b", a.keys().getObject(a.entryIndex(1)));
  }

  public static Field unionField(UnionMode mode) {
    return field("u", new ArrowType.Union(mode, new int[] {5, 7}), ITEM.withName("i"),
        field("s", new ArrowType.Utf8()));
  }

  @Test
  void sparseUnionWithTypeIds5And7() {
    ArrayData ints = int32Array("i", 1, null, 3, 4);
    ArrayData strs = utf8Array("s", "w", "x", null, "z");
    ArrayData d = nested(unionField(UnionMode.SPARSE), 4, 0, bufs(i8(5, 5, 7, 7)), ints, strs);
    UnionArray a = (UnionArray) ArrowArray.of(d);
    assertEquals(Arrays.asList(new UnionValue((byte) 5, 1), null, null, new UnionValue((byte) 7, "z")),
        objects(a));
    assertTrue(a.isNull(1));
    assertTrue(a.isNull(2));
    assertEquals(1, a.childIndex(3));
    assertEquals(3, a.childOffset(3));
    // a slice reads the children at the same slots
    UnionArray s = (UnionArray) ArrowArray.of(d.slice(3, 1));
    assertEquals(List.of(new UnionValue((byte) 7, "z")), objects(s));
    assertEquals(3, s.childOffset(0));
  }

  @Test
  void denseUnionWithTypeIds5And7() {
    ArrayData ints = int32Array("i", 10, null);
    ArrayData strs = utf8Array("s", "p", "q");
    ArrayData d = nested(unionField(UnionMode.DENSE), 5, 0, bufs(i8(7, 5, 7, 5, 5), i32(1, 0, 0, 1, 0)),
        ints, strs);
    UnionArray a = (UnionArray) ArrowArray.of(d);
    assertTrue(a.isDense());
    assertEquals(Arrays.asList(new UnionValue((byte) 7, "q"), new UnionValue((byte) 5, 10),
        new UnionValue((byte) 7, "p"), null, new UnionValue((byte) 5, 10)), objects(a));
    assertEquals(7, a.typeId(0));
    assertEquals(1, a.childIndex(0));
    assertEquals(1, a.childOffset(0));
    UnionArray s = (UnionArray) ArrowArray.of(d.slice(2, 2));
    assertEquals(Arrays.asList(new UnionValue((byte) 7, "p"), null), objects(s));
  }

  @Test
  void dictionaryIndicesOfEveryWidth() {
    ArrayData dict = utf8Array("d", "zero", "one", null);
    for (ArrowType.Int t : List.of(ArrowType.Int.INT8, ArrowType.Int.UINT8, ArrowType.Int.INT16,
        ArrowType.Int.UINT16, ArrowType.Int.INT32, ArrowType.Int.UINT32, ArrowType.Int.INT64,
        ArrowType.Int.UINT64)) {
      Field f = dictField("d", new ArrowType.Utf8(), t);
      long[] idx = {1, 0, 0, 2, 0};
      byte[] raw = new byte[idx.length * t.byteWidth()];
      for (int i = 0; i < idx.length; i++) {
        raw[i * t.byteWidth()] = (byte) idx[i];
      }
      ArrayData d = dict(f, 4, 1, dict, bits("11011"), io.arrowfile.columnar.memory.ArrowBuffer.wrap(raw));
      DictionaryArray a = (DictionaryArray) ArrowArray.of(d);
      assertEquals(Arrays.asList("zero", null, null, "zero"), objects(a), t.toString());
      assertTrue(a.isNull(1));   // the index is null
      assertTrue(a.isNull(2));   // the dictionary value is null
      assertFalse(a.isIndexNull(2));
      assertEquals(2, a.getIndex(2));
      assertSame(a.dictionary().data(), dict);
    }
  }

  @Test
  void unsigned8BitIndicesAbove127() {
    String[] values = new String[200];
    for (int i = 0; i < values.length; i++) {
      values[i] = "v" + i;
    }
    ArrayData dict = utf8Array("d", values);
    ArrayData d = dict(dictField("d", new ArrowType.Utf8(), ArrowType.Int.UINT8), 2, 0, dict, null, i8(199, 128));
    DictionaryArray a = (DictionaryArray) ArrowArray.of(d);
    assertEquals(199, a.getIndex(0));
    assertEquals(List.of("v199", "v128"), objects(a));
  }

  /** list<item: dictionary<utf8>> itself dictionary-encoded. */
  public static ArrayData nestedDictionarySample() {
    ArrayData words = utf8Array("item", "red", "green", "blue");
    Field itemField = dictField("item", new ArrowType.Utf8(), ArrowType.Int.INT8);
    ArrayData itemIndices = dict(itemField, 4, 0, words, null, i8(2, 0, 1, 1));
    Field outer = new Field("colors", true, new ArrowType.List(),
        new io.arrowfile.columnar.type.DictionaryEncoding(1, ArrowType.Int.INT16, false), List.of(itemField), null);
    ArrayData outerDict = nested(outer.dictionaryValueField(), 3, 0, bufs(null, i32(0, 2, 2, 4)), itemIndices);
    return dict(outer, 4, 0, outerDict, bits("1011"), i16(2, 0, 0, 1));
  }

  @Test
  void nestedDictionary() {
    DictionaryArray a = (DictionaryArray) ArrowArray.of(nestedDictionarySample());
    assertEquals(Arrays.asList(List.of("green", "green"), null, List.of("blue", "red"), List.of()), objects(a));
    assertInstanceOf(ListArray.class, a.dictionary());
    assertInstanceOf(DictionaryArray.class, ((ListArray) a.dictionary()).values());
  }

  public static ArrayData reeSample(ArrowType.Int runEndType, long[] ends) {
    Field runEndsField = Field.notNull("run_ends", runEndType);
    byte[] raw = new byte[ends.length * runEndType.byteWidth()];
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(raw).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (long e : ends) {
      switch (runEndType.bitWidth()) {
        case 16: b.putShort((short) e); break;
        case 32: b.putInt((int) e); break;
        default: b.putLong(e);
      }
    }
    ArrayData runEnds = array(runEndsField, ends.length, 0, null,
        io.arrowfile.columnar.memory.ArrowBuffer.wrap(raw));
    ArrayData values = utf8Array("values", "a", null, "c");
    Field f = field("r", new ArrowType.RunEndEncoded(), runEndsField, values.field());
    return nested(f, ends[ends.length - 1], 0, bufs(), runEnds, values);
  }

  @Test
  void runEndEncodedAllRunEndWidthsAndSlices() {
    for (ArrowType.Int t : List.of(ArrowType.Int.INT16, ArrowType.Int.INT32, ArrowType.Int.INT64)) {
      ArrayData d = reeSample(t, new long[] {3, 5, 9});
      RunEndEncodedArray a = (RunEndEncodedArray) ArrowArray.of(d);
      assertEquals(Arrays.asList("a", "a", "a", null, null, "c", "c", "c", "c"), objects(a), t.toString());
      assertEquals(3, a.runCount());
      assertEquals(0, a.physicalIndex(2));
      assertEquals(1, a.physicalIndex(3));
      assertEquals(2, a.physicalIndex(8));
      assertTrue(a.isNull(4));
      RunEndEncodedArray s = (RunEndEncodedArray) ArrowArray.of(d.slice(4, 4));
      assertEquals(Arrays.asList(null, "c", "c", "c"), objects(s));
      assertEquals(1, s.physicalIndex(0));
      assertEquals(2, s.physicalIndex(1));
      assertEquals(Arrays.asList("a", null), objects(ArrowArray.of(d.slice(2, 2))));
    }
  }

  @Test
  void runEndEncodedCursorAgreesWithTheBinarySearchInAnyOrder() {
    // A scan reads slots in order (same run, then the next); other readers jump back and ahead.
    ArrayData d = reeSample(ArrowType.Int.INT32, new long[] {3, 5, 9});
    for (ArrayData data : List.of(d, d.slice(4, 5))) {
      RunEndEncodedArray a = (RunEndEncodedArray) ArrowArray.of(data);
      RunEndEncodedArray.Cursor cursor = a.cursor();
      long[] order = new long[(int) (3 * a.length())];
      for (int i = 0; i < a.length(); i++) {
        order[i] = i;
        order[(int) a.length() + i] = a.length() - 1 - i;
        order[2 * (int) a.length() + i] = (i * 7L) % a.length();
      }
      for (long i : order) {
        assertEquals(a.physicalIndex(i), cursor.physicalIndex(i), "slot " + i + " of " + data.offset());
      }
    }
  }

  @Test
  void runEndEncodedWithOffsetRunEndsChild() {
    ArrayData base = reeSample(ArrowType.Int.INT32, new long[] {3, 5, 9});
    // run_ends child sliced to the last two runs, values child to match: runs end at 5 and 9, so a
    // parent offset of 3 reads logical slots 3..8.
    ArrayData runEnds = base.child(0).slice(1, 2);
    ArrayData values = base.child(1).slice(1, 2);
    ArrayData d = nested(base.field(), 6, 3, bufs(), runEnds, values);
    assertEquals(Arrays.asList(null, null, "c", "c", "c", "c"), objects(ArrowArray.of(d)));
  }
}
