package io.arrowfile.ipc.flatbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.flatbuffers.FlatBufferBuilder;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowBodyCompression;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowFooter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.junit.jupiter.api.Test;

/** Our metadata against Arrow Java's (test scope): each side reads what the other writes. */
@SuppressWarnings("deprecation") // MessageSerializer.serializeMetadata: the flatbuffer without framing
class ArrowJavaInteropTest {

  static Schema normalizeUnions(Schema s) {
    List<Field> fields = new ArrayList<>();
    for (Field f : s.fields()) {
      fields.add(normalizeUnions(f));
    }
    return new Schema(fields, s.metadata());
  }

  /** Arrow Java reads a union without type ids as int[0]; we say null. */
  private static Field normalizeUnions(Field f) {
    List<Field> children = new ArrayList<>();
    for (Field c : f.children()) {
      children.add(normalizeUnions(c));
    }
    ArrowType type = f.type();
    if (type instanceof ArrowType.Union u && u.typeIds() != null && u.typeIds().length == 0) {
      type = new ArrowType.Union(u.mode(), null);
    }
    return new Field(f.name(), f.nullable(), type, f.dictionary(), children, f.metadata());
  }

  /** Arrow Java's serializeMetadata returns the Message flatbuffer from the builder's position. */
  static ByteBuffer unframe(ByteBuffer flatbuffer) {
    return flatbuffer;
  }

  /** The flatbuffer of an encapsulated message: 0xFFFFFFFF, int32 length, flatbuffer, padding. */
  static ByteBuffer unframe(byte[] framed) {
    ByteBuffer b = ByteBuffer.wrap(framed).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    assertEquals(-1, b.getInt(0));
    return b.position(8).limit(8 + b.getInt(4)).slice();
  }

  static ByteBuffer frame(ByteBuffer flatbuffer) {
    int padded = (flatbuffer.remaining() + 7) & ~7;
    ByteBuffer b = ByteBuffer.allocate(8 + padded).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putInt(-1).putInt(padded).put(flatbuffer.duplicate());
    return b.position(0);
  }

  @Test
  void arrowJavaSchemaMessagesReadByUs() {
    Schema ours = Samples.allTypes(false);
    ByteBuffer arrowBytes = unframe(MessageSerializer.serializeMetadata(ArrowJavaTypes.toArrow(ours)));
    Message m = MetadataFlatbuffers.readMessage(arrowBytes);
    assertEquals(MetadataVersion.V5, m.version());
    assertEquals(0, m.bodyLength());
    SchemaMessage sm = (SchemaMessage) m.header();
    assertEquals(Endianness.LITTLE, sm.endianness());
    for (int i = 0; i < ours.fields().size(); i++) {
      assertEquals(ours.field(i), sm.schema().field(i), "field " + i);
    }
    assertEquals(ours, sm.schema());
    // the other entry point
    assertEquals(ours, ((SchemaMessage) MetadataFlatbuffers.readMessage(
        unframe(ArrowJavaTypes.toArrow(ours).serializeAsMessage())).header()).schema());
  }

  @Test
  void ourSchemaMessagesReadByArrowJava() {
    Schema ours = Samples.allTypes(false);
    ByteBuffer bytes = MetadataFlatbuffers.writeMessage(new Message(MetadataVersion.V5, new SchemaMessage(ours), 0, null));
    org.apache.arrow.flatbuf.Message fb = org.apache.arrow.flatbuf.Message.getRootAsMessage(bytes.duplicate());
    assertEquals(org.apache.arrow.flatbuf.MetadataVersion.V5, fb.version());
    assertEquals(MessageHeader.Schema, fb.headerType());
    org.apache.arrow.vector.types.pojo.Schema arrow = MessageSerializer.deserializeSchema(fb);
    Schema back = normalizeUnions(ArrowJavaTypes.fromArrow(arrow));
    for (int i = 0; i < ours.fields().size(); i++) {
      assertEquals(ours.field(i), back.field(i), "field " + i);
    }
    assertEquals(ours, back);
    // Arrow Java's own schema bytes and ours describe the same schema
    assertEquals(arrow, org.apache.arrow.vector.types.pojo.Schema.deserializeMessage(frame(bytes)));
  }

  @Test
  void recordBatchHeadersBothWays() throws Exception {
    // Arrow Java's reference counting is not what is tested here: nothing is closed.
    BufferAllocator allocator = new RootAllocator();
    List<ArrowBuf> bufs = new ArrayList<>();
    for (int size : new int[] {8, 0, 64, 13, 1024}) {
      ArrowBuf b = allocator.buffer(size);
      b.writerIndex(size);
      bufs.add(b);
    }
    List<ArrowFieldNode> nodes = List.of(new ArrowFieldNode(100, 3), new ArrowFieldNode(0, 0),
        new ArrowFieldNode(7, 7));
    for (byte codec : new byte[] {0, 1}) {
      ArrowBodyCompression compression = new ArrowBodyCompression(codec, (byte) 0);
      ArrowRecordBatch batch = new ArrowRecordBatch(100, nodes, bufs, compression, List.of(2L, 0L), true);
      Message m = MetadataFlatbuffers.readMessage(unframe(MessageSerializer.serializeMetadata(batch)));
      RecordBatchHeader h = (RecordBatchHeader) m.header();
      assertEquals(batch.computeBodyLength(), m.bodyLength());
      assertEquals(100, h.length());
      assertEquals(List.of(new FieldNode(100, 3), new FieldNode(0, 0), new FieldNode(7, 7)), h.nodes());
      List<BodyBuffer> expected = new ArrayList<>();
      for (ArrowBuffer ab : batch.getBuffersLayout()) {
        expected.add(new BodyBuffer(ab.getOffset(), ab.getSize()));
      }
      assertEquals(expected, h.buffers());
      assertEquals(codec == 0 ? CompressionCodec.LZ4_FRAME : CompressionCodec.ZSTD, h.compression());
      assertEquals(List.of(2L, 0L), h.variadicBufferCounts());
    }
    ArrowRecordBatch batch = new ArrowRecordBatch(5, nodes, bufs);
    RecordBatchHeader h = (RecordBatchHeader) MetadataFlatbuffers.readMessage(
        unframe(MessageSerializer.serializeMetadata(batch))).header();
    assertNull(h.compression());
    assertEquals(List.of(), h.variadicBufferCounts());
    // ours -> Arrow Java
    Message ours = new Message(MetadataVersion.V5, new RecordBatchHeader(h.length(), h.nodes(), h.buffers(),
        CompressionCodec.ZSTD, List.of(4L)), batch.computeBodyLength(), null);
    org.apache.arrow.flatbuf.Message fb = org.apache.arrow.flatbuf.Message.getRootAsMessage(
        MetadataFlatbuffers.writeMessage(ours));
    assertEquals(MessageHeader.RecordBatch, fb.headerType());
    assertEquals(batch.computeBodyLength(), fb.bodyLength());
    ArrowBuf body = allocator.buffer(fb.bodyLength());
    ArrowRecordBatch back = MessageSerializer.deserializeRecordBatch(fb, body);
    assertEquals(5, back.getLength());
    assertEquals(nodes.toString(), back.getNodes().toString());
    assertEquals(bufs.size(), back.getBuffers().size());
    for (int i = 0; i < bufs.size(); i++) {
      assertEquals(bufs.get(i).writerIndex(), back.getBuffers().get(i).capacity());
    }
    assertEquals(1, back.getBodyCompression().getCodec());
    assertEquals(List.of(4L), back.getVariadicBufferCounts());
  }

  @Test
  void dictionaryBatchesBothWays() throws Exception {
    BufferAllocator allocator = new RootAllocator();
    ArrowBuf b = allocator.buffer(16);
    b.writerIndex(16);
    ArrowRecordBatch data = new ArrowRecordBatch(2, List.of(new ArrowFieldNode(2, 0)), List.of(b));
    ArrowDictionaryBatch dict = new ArrowDictionaryBatch(77, data, true);
    Message m = MetadataFlatbuffers.readMessage(unframe(MessageSerializer.serializeMetadata(dict)));
    DictionaryBatchHeader h = (DictionaryBatchHeader) m.header();
    assertEquals(77, h.id());
    assertTrue(h.isDelta());
    assertEquals(2, h.data().length());
    assertEquals(List.of(new FieldNode(2, 0)), h.data().nodes());
    assertEquals(List.of(new BodyBuffer(0, 16)), h.data().buffers());

    org.apache.arrow.flatbuf.Message fb = org.apache.arrow.flatbuf.Message.getRootAsMessage(
        MetadataFlatbuffers.writeMessage(new Message(MetadataVersion.V4,
            new DictionaryBatchHeader(78, h.data(), false), 16, null)));
    assertEquals(MessageHeader.DictionaryBatch, fb.headerType());
    assertEquals(org.apache.arrow.flatbuf.MetadataVersion.V4, fb.version());
    ArrowDictionaryBatch back = MessageSerializer.deserializeDictionaryBatch(fb, allocator.buffer(16));
    assertEquals(78, back.getDictionaryId());
    assertFalse(back.isDelta());
    assertEquals(2, back.getDictionary().getLength());
  }

  @Test
  void footersBothWays() {
    Schema ours = Samples.allTypes(false);
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("k2", "v2");
    meta.put("k1", "v1");
    List<ArrowBlock> dicts = List.of(new ArrowBlock(8, 264, 128), new ArrowBlock(400, 200, 0));
    List<ArrowBlock> batches = List.of(new ArrowBlock(600, 300, 1L << 35), new ArrowBlock(1L << 36, 8, 8));
    ArrowFooter arrowFooter = new ArrowFooter(ArrowJavaTypes.toArrow(ours), dicts, batches, meta);
    FlatBufferBuilder builder = new FlatBufferBuilder();
    builder.finish(arrowFooter.writeTo(builder));
    Footer f = MetadataFlatbuffers.readFooter(builder.dataBuffer());
    assertEquals(MetadataVersion.V5, f.version());
    assertEquals(ours, f.schema().schema());
    assertEquals(List.of(new Block(8, 264, 128), new Block(400, 200, 0)), f.dictionaries());
    assertEquals(List.of(new Block(600, 300, 1L << 35), new Block(1L << 36, 8, 8)), f.recordBatches());
    assertEquals(meta, f.customMetadata());
    assertEquals(List.of("k2", "k1"), List.copyOf(f.customMetadata().keySet()));

    ByteBuffer bytes = MetadataFlatbuffers.writeFooter(f);
    ArrowFooter back = new ArrowFooter(org.apache.arrow.flatbuf.Footer.getRootAsFooter(bytes));
    assertEquals(dicts, back.getDictionaries());
    assertEquals(batches, back.getRecordBatches());
    assertEquals(meta, back.getMetaData());
    assertEquals(ours, normalizeUnions(ArrowJavaTypes.fromArrow(back.getSchema())));
    assertEquals(org.apache.arrow.vector.types.MetadataVersion.V5, back.getMetadataVersion());
  }
}
