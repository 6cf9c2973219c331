package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.IntervalMonthDayNano;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.UnionMode;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decoder and encoder on their own, over hand-made headers and bodies. */
class RecordBatchCodecTest {
  static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);
  static final Field INTS = Field.nullable("ints", ArrowType.Int.INT32);

  /** Body: validity 0b1101 (4 values), then int32 values 1, 2, 3, 4 at offset 8. */
  static byte[] intBody() {
    ByteBuffer b = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
    b.put(0, (byte) 0b1101);
    b.putInt(8, 1).putInt(12, 2).putInt(16, 3).putInt(20, 4);
    return b.array();
  }

  static RecordBatchHeader intHeader(List<FieldNode> nodes, List<BodyBuffer> buffers) {
    return new RecordBatchHeader(4, nodes, buffers, null, null);
  }

  static RecordBatch decode(Schema schema, RecordBatchHeader h, byte[] body) {
    return RecordBatchDecoder.decode(schema, h, ArrowBuffer.wrap(body), Map.of(), Endianness.LITTLE,
        MetadataVersion.V5, FULL);
  }

  static List<Object> values(ArrayData data) {
    ArrowArray view = ArrowArray.of(data);
    List<Object> out = new ArrayList<>();
    for (long i = 0; i < data.length(); i++) {
      out.add(view.getObject(i));
    }
    return out;
  }

  @Test
  void decodesZeroCopy() {
    byte[] body = intBody();
    RecordBatch batch = decode(Schema.of(INTS), intHeader(List.of(new FieldNode(4, 1)),
        List.of(new BodyBuffer(0, 1), new BodyBuffer(8, 16))), body);
    assertEquals(Arrays.asList(1, null, 3, 4), values(batch.column(0)));
    body[16] = 33; // the array shares the body's memory
    assertEquals(33, ArrowArray.of(batch.column(0)).getObject(2));
  }

  @Test
  void noNullsMayOmitTheValidityBitmap() {
    RecordBatch batch = decode(Schema.of(INTS), intHeader(List.of(new FieldNode(4, 0)),
        List.of(new BodyBuffer(0, 0), new BodyBuffer(8, 16))), intBody());
    assertNull(batch.column(0).validity());
    assertEquals(List.of(1, 2, 3, 4), values(batch.column(0)));
  }

  private static ArrowFormatException fails(RecordBatchHeader h) {
    return assertThrows(ArrowFormatException.class, () -> decode(Schema.of(INTS), h, intBody()));
  }

  @Test
  void structuralErrorsNameTheField() {
    List<BodyBuffer> two = List.of(new BodyBuffer(0, 1), new BodyBuffer(8, 16));
    ArrowFormatException e = fails(intHeader(List.of(), two));
    assertTrue(e.getMessage().contains("field nodes"), e.getMessage());
    assertEquals("ints", e.fieldPath());
    e = fails(intHeader(List.of(new FieldNode(4, 1), new FieldNode(4, 0)), two));
    assertTrue(e.getMessage().contains("2 field nodes, the schema needs 1"), e.getMessage());
    e = fails(intHeader(List.of(new FieldNode(4, 1)), List.of(new BodyBuffer(0, 1))));
    assertTrue(e.getMessage().contains("fewer than the schema needs"), e.getMessage());
    e = fails(intHeader(List.of(new FieldNode(4, 1)),
        List.of(new BodyBuffer(0, 1), new BodyBuffer(8, 16), new BodyBuffer(0, 0))));
    assertTrue(e.getMessage().contains("3 buffers, the schema needs 2"), e.getMessage());
    e = fails(intHeader(List.of(new FieldNode(4, 1)), List.of(new BodyBuffer(0, 1), new BodyBuffer(16, 16))));
    assertTrue(e.getMessage().contains("not within the body"), e.getMessage());
    e = fails(intHeader(List.of(new FieldNode(4, 1)), List.of(new BodyBuffer(0, 1), new BodyBuffer(Long.MAX_VALUE, 16))));
    assertTrue(e.getMessage().contains("not within the body"), e.getMessage());
    e = fails(intHeader(List.of(new FieldNode(4, 5)), two));
    assertTrue(e.getMessage().contains("null count"), e.getMessage());
    e = fails(intHeader(List.of(new FieldNode(-1, 0)), two));
    e = fails(new RecordBatchHeader(5, List.of(new FieldNode(4, 1)), two, null, null));
    assertTrue(e.getMessage().contains("rows"), e.getMessage());
    // buffer too short for the length: the validator's finding, still with the field
    e = fails(new RecordBatchHeader(5, List.of(new FieldNode(5, 1)), two, null, null));
    assertTrue(e.getMessage().contains("ints"), e.getMessage());
  }

  @Test
  void missingDictionaryIsAnError() {
    Field dict = new Field("d", true, new ArrowType.Utf8(), new DictionaryEncoding(3, ArrowType.Int.INT32, false),
        null, null);
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> decode(Schema.of(dict),
        intHeader(List.of(new FieldNode(4, 1)), List.of(new BodyBuffer(0, 1), new BodyBuffer(8, 16))), intBody()));
    assertTrue(e.getMessage().contains("no dictionary with id 3"), e.getMessage());
  }

  @Test
  void unionsBeforeV5HaveAValidityBuffer() {
    Field union = Field.nullable("u", new ArrowType.Union(UnionMode.SPARSE, null), INTS);
    // validity (ignored), type ids, then the int child's validity and values
    ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(16, 1).putInt(20, 2).putInt(24, 3).putInt(28, 4);
    List<FieldNode> nodes = List.of(new FieldNode(4, 0), new FieldNode(4, 0));
    List<BodyBuffer> v4 = List.of(new BodyBuffer(0, 1), new BodyBuffer(8, 4), new BodyBuffer(0, 0),
        new BodyBuffer(16, 16));
    RecordBatch batch = RecordBatchDecoder.decode(Schema.of(union), new RecordBatchHeader(4, nodes, v4, null, null),
        ArrowBuffer.wrap(b.array()), Map.of(), Endianness.LITTLE, MetadataVersion.V4, FULL);
    assertEquals(4, batch.length());
    assertEquals(List.of(1, 2, 3, 4), values(batch.column(0).child(0)));
    // the same in V5 has one buffer too many
    assertThrows(ArrowFormatException.class, () -> RecordBatchDecoder.decode(Schema.of(union),
        new RecordBatchHeader(4, nodes, v4, null, null), ArrowBuffer.wrap(b.array()), Map.of(), Endianness.LITTLE,
        MetadataVersion.V5, FULL));
  }

  /** Re-encodes a little-endian body as big-endian by swapping each buffer like the decoder would. */
  @Test
  void bigEndianIsSwapped() {
    Field utf8 = Field.nullable("s", new ArrowType.Utf8());
    Field dec = Field.nullable("d", new ArrowType.Decimal(20, 2, 128));
    Field mdn = Field.nullable("i", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO));
    Field view = Field.nullable("v", new ArrowType.Utf8View());
    Schema schema = Schema.of(INTS, utf8, dec, mdn, view);
    RecordBatchBuilder builder = RecordBatchBuilder.create(schema);
    builder.appendRow(1, "a", new BigDecimal("-1.25"), new IntervalMonthDayNano(1, -2, 3L << 33), "short");
    builder.appendRow(null, "long enough string", new BigDecimal("12345678901234567.89"),
        new IntervalMonthDayNano(-1, 2, -3), "a string longer than twelve");
    RecordBatch batch = builder.build();
    RecordBatchEncoder.Encoded enc = RecordBatchEncoder.encode(batch, WriteOptions.DEFAULT);
    // swap to big-endian by hand: each buffer per its element layout (swapping is its own inverse)
    List<ArrowBuffer> swapped = new ArrayList<>(enc.buffers());
    int[][] patterns = {null, {4}, null, {4}, null, null, {16}, null, {4, 4, 8}, null, null};
    for (int i = 0; i < patterns.length; i++) {
      if (patterns[i] != null) {
        swapped.set(i, ByteSwap.swap(swapped.get(i), patterns[i]));
      }
    }
    // views: buffer 10; swap length, and buffer index and offset of long views
    byte[] views = swapped.get(10).toByteArray();
    ByteBuffer vb = ByteBuffer.wrap(views).order(ByteOrder.LITTLE_ENDIAN);
    for (int at = 0; at < views.length; at += 16) {
      int len = vb.getInt(at);
      vb.putInt(at, Integer.reverseBytes(len));
      if (len > 12) {
        vb.putInt(at + 8, Integer.reverseBytes(vb.getInt(at + 8)));
        vb.putInt(at + 12, Integer.reverseBytes(vb.getInt(at + 12)));
      }
    }
    swapped.set(10, ArrowBuffer.wrap(views));
    byte[] body = new byte[(int) enc.bodyLength()];
    for (int i = 0; i < swapped.size(); i++) {
      BodyBuffer at = enc.header().buffers().get(i);
      swapped.get(i).getBytes(0, body, (int) at.offset(), (int) at.length());
    }
    RecordBatch back = RecordBatchDecoder.decode(schema, enc.header(), ArrowBuffer.wrap(body), Map.of(),
        Endianness.BIG, MetadataVersion.V5, FULL);
    for (int c = 0; c < schema.fields().size(); c++) {
      assertEquals(values(batch.column(c)), values(back.column(c)), schema.field(c).name());
    }
    ArrayData bigInt = back.column(0);
    assertEquals(1, bigInt.buffer(1).getInt(0));
  }

  static RecordBatch roundTrip(RecordBatch batch) {
    RecordBatchEncoder.Encoded enc = RecordBatchEncoder.encode(batch, WriteOptions.DEFAULT);
    byte[] body = new byte[(int) enc.bodyLength()];
    for (int i = 0; i < enc.buffers().size(); i++) {
      BodyBuffer at = enc.header().buffers().get(i);
      assertEquals(0, at.offset() % 64);
      enc.buffers().get(i).getBytes(0, body, (int) at.offset(), (int) at.length());
    }
    return RecordBatchDecoder.decode(batch.schema(), enc.header(), ArrowBuffer.wrap(body), Map.of(),
        Endianness.LITTLE, MetadataVersion.V5, FULL);
  }

  @Test
  void slicesAtEveryOffsetEncode() {
    Schema schema = Schema.of(Field.nullable("b", new ArrowType.Bool()), INTS,
        Field.nullable("s", new ArrowType.Utf8()),
        Field.nullable("l", new ArrowType.List(), Field.nullable("item", ArrowType.Int.INT64)),
        Field.nullable("st", new ArrowType.Struct(), Field.nullable("x", new ArrowType.Bool())),
        Field.nullable("fsl", new ArrowType.FixedSizeList(2), Field.nullable("item", ArrowType.Int.INT8)),
        Field.nullable("du", new ArrowType.Union(UnionMode.DENSE, new int[] {3}), Field.nullable("x", ArrowType.Int.INT8)),
        Field.nullable("su", new ArrowType.Union(UnionMode.SPARSE, new int[] {3}), Field.nullable("x", ArrowType.Int.INT8)),
        Field.nullable("ree", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT16),
            Field.nullable("values", ArrowType.Int.INT32)));
    RecordBatchBuilder builder = RecordBatchBuilder.create(schema);
    int n = 21;
    for (int i = 0; i < n; i++) {
      boolean nul = i % 3 == 1;
      builder.appendRow(nul ? null : i % 2 == 0, nul ? null : i, nul ? null : "v" + i,
          nul ? null : List.of((long) i, (long) -i), nul ? null : Arrays.asList(i % 4 == 0 ? null : true),
          nul ? null : List.of((byte) i, (byte) (i + 1)),
          new io.arrowfile.columnar.array.UnionValue((byte) 3, nul ? null : (byte) i),
          new io.arrowfile.columnar.array.UnionValue((byte) 3, nul ? null : (byte) i),
          i / 4 == 2 ? null : i / 4);
    }
    RecordBatch batch = builder.build();
    for (int start = 0; start <= n; start++) {
      for (int len : new int[] {0, 1, 5, 9, n - start}) {
        if (start + len > n) {
          continue;
        }
        RecordBatch slice = batch.slice(start, len);
        RecordBatch back = roundTrip(slice);
        for (int c = 0; c < schema.fields().size(); c++) {
          assertEquals(values(slice.column(c)), values(back.column(c)),
              schema.field(c).name() + " at " + start + "+" + len);
        }
      }
    }
  }

  @Test
  void bitmapShift() {
    byte[] bits = {(byte) 0b10110110, (byte) 0b01011011, (byte) 0xFF};
    for (int off = 0; off < 8; off++) {
      for (int len = 0; len + off <= 24; len++) {
        ArrowBuffer out = RecordBatchEncoder.bitmap(ArrowBuffer.wrap(bits), off, len);
        for (int i = 0; i < len; i++) {
          assertEquals(ArrowBuffer.wrap(bits).getBit(off + i), out.getBit(i));
        }
      }
    }
  }
}
