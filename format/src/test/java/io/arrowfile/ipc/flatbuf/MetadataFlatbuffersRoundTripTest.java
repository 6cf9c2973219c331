package io.arrowfile.ipc.flatbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataFlatbuffersRoundTripTest {

  static Message roundTrip(Message m) {
    ByteBuffer bytes = MetadataFlatbuffers.writeMessage(m);
    assertEquals(0, bytes.position());
    ByteBuffer copy = bytes.duplicate();
    Message back = MetadataFlatbuffers.readMessage(bytes);
    assertEquals(copy, bytes, "reading does not move the buffer");
    return back;
  }

  @Test
  void everyTypeRoundTrips() {
    Schema schema = Samples.allTypes();
    Message m = new Message(MetadataVersion.V5, new SchemaMessage(schema), 0, null);
    Message back = roundTrip(m);
    assertEquals(m, back);
    SchemaMessage sm = (SchemaMessage) back.header();
    for (int i = 0; i < schema.fields().size(); i++) {
      assertEquals(schema.field(i), sm.schema().field(i), "field " + i);
    }
    assertEquals(List.copyOf(schema.metadata().keySet()), List.copyOf(sm.schema().metadata().keySet()),
        "metadata order kept");
    Field ext = sm.schema().fields().stream().filter(f -> f.name().equals("ext")).findFirst().orElseThrow();
    assertEquals(List.of("zeta", "alpha", Field.EXTENSION_NAME, Field.EXTENSION_METADATA, "unicode ✓"),
        List.copyOf(ext.metadata().keySet()));
    ArrowType.Union dense = (ArrowType.Union) sm.schema().field(sm.schema().indexOf("dense")).type();
    assertArrayEquals(new int[] {5, 127}, dense.typeIds());
    assertNull(((ArrowType.Union) sm.schema().field(sm.schema().indexOf("sparse")).type()).typeIds());
  }

  @Test
  void schemaEndiannessFeaturesAndMessageMetadata() {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("b", "2");
    meta.put("a", "1");
    for (Endianness e : Endianness.values()) {
      for (long features : new long[] {0, 1, 2, 3}) {
        Message m = new Message(MetadataVersion.V5,
            new SchemaMessage(Schema.of(Field.nullable("x", ArrowType.Int.INT32)), e, features), 0, meta);
        Message back = roundTrip(m);
        assertEquals(m, back);
        assertEquals(List.of("b", "a"), List.copyOf(back.customMetadata().keySet()));
      }
    }
  }

  @Test
  void everyVersionIsWrittenAsGiven() {
    for (MetadataVersion v : MetadataVersion.values()) {
      Message m = new Message(v, new SchemaMessage(Schema.of()), 0, null);
      assertEquals(v, roundTrip(m).version());
      Footer f = new Footer(v, new SchemaMessage(Schema.of()), List.of(), List.of(), null);
      assertEquals(v, MetadataFlatbuffers.readFooter(MetadataFlatbuffers.writeFooter(f)).version());
    }
  }

  static RecordBatchHeader batch(int nodes, CompressionCodec codec, List<Long> variadic) {
    List<FieldNode> n = new ArrayList<>();
    List<BodyBuffer> b = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      n.add(new FieldNode(1000L + i, i));
      b.add(new BodyBuffer(8L * i, 8));
      b.add(new BodyBuffer(8L * i + 4, (1L << 40) + i));
    }
    return new RecordBatchHeader(nodes * 10L, n, b, codec, variadic);
  }

  @Test
  void recordBatchesRoundTrip() {
    for (CompressionCodec codec : new CompressionCodec[] {null, CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD}) {
      for (List<Long> variadic : List.of(List.<Long>of(), List.of(0L, 3L, 1L << 33))) {
        for (int nodes : new int[] {0, 1, 5}) {
          Message m = new Message(MetadataVersion.V5, batch(nodes, codec, variadic), 123456789012L, Map.of("k", "v"));
          assertEquals(m, roundTrip(m));
        }
      }
    }
    Message big = new Message(MetadataVersion.V4, batch(3000, null, null), Long.MAX_VALUE, null);
    assertEquals(big, roundTrip(big));
  }

  @Test
  void dictionaryBatchesRoundTrip() {
    for (boolean delta : new boolean[] {false, true}) {
      for (long id : new long[] {0, 1, -5, Long.MAX_VALUE}) {
        Message m = new Message(MetadataVersion.V5,
            new DictionaryBatchHeader(id, batch(2, CompressionCodec.ZSTD, null), delta), 64, null);
        assertEquals(m, roundTrip(m));
      }
    }
  }

  @Test
  void footerRoundTrips() {
    List<Block> dicts = List.of(new Block(8, 200, 64), new Block(272, 2_000_000_000, 1L << 40));
    List<Block> batches = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      batches.add(new Block(1000L * i + 8, 136 + 8 * i, 4096L * i));
    }
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("writer", "arrowfile");
    meta.put("answer", "42");
    Footer f = new Footer(MetadataVersion.V5,
        new SchemaMessage(Samples.allTypes(), Endianness.LITTLE, SchemaMessage.FEATURE_COMPRESSED_BODY),
        dicts, batches, meta);
    ByteBuffer bytes = MetadataFlatbuffers.writeFooter(f);
    Footer back = MetadataFlatbuffers.readFooter(bytes);
    assertEquals(f, back);
    assertEquals(List.of("writer", "answer"), List.copyOf(back.customMetadata().keySet()));
    Footer empty = new Footer(MetadataVersion.V4, new SchemaMessage(Schema.of()), List.of(), List.of(), null);
    assertEquals(empty, MetadataFlatbuffers.readFooter(MetadataFlatbuffers.writeFooter(empty)));
  }

  @Test
  void readsFromTheBufferPositionWithoutChangingIt() {
    Message m = new Message(MetadataVersion.V5, new SchemaMessage(Samples.allTypes()), 0, null);
    ByteBuffer bytes = MetadataFlatbuffers.writeMessage(m);
    ByteBuffer framed = ByteBuffer.allocate(bytes.remaining() + 13).order(ByteOrder.BIG_ENDIAN);
    framed.position(5);
    framed.put(bytes.duplicate());
    framed.position(5).limit(5 + bytes.remaining());
    assertEquals(m, MetadataFlatbuffers.readMessage(framed));
    assertEquals(5, framed.position());
    assertEquals(ByteOrder.BIG_ENDIAN, framed.order());
    // a direct buffer works too
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.remaining());
    direct.put(bytes.duplicate()).flip();
    assertEquals(m, MetadataFlatbuffers.readMessage(direct));
  }

  @Test
  void deepButAllowedNesting() {
    Schema ok = Samples.nested(MetadataDecoder.MAX_FIELD_DEPTH);
    Message m = new Message(MetadataVersion.V5, new SchemaMessage(ok), 0, null);
    assertEquals(m, roundTrip(m));
    Message tooDeep = new Message(MetadataVersion.V5,
        new SchemaMessage(Samples.nested(MetadataDecoder.MAX_FIELD_DEPTH + 1)), 0, null);
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> MetadataFlatbuffers.readMessage(MetadataFlatbuffers.writeMessage(tooDeep)));
    assertTrue(e.getMessage().contains("nested more than 64"), e.getMessage());
    assertTrue(e.fieldPath().startsWith("s1.s2.s3"), e.fieldPath());
  }
}
