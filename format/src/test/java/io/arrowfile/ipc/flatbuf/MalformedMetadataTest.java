package io.arrowfile.ipc.flatbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.flatbuffers.FlatBufferBuilder;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/** Untrusted metadata: whatever the bytes, the result is a message or an ArrowFormatException, quickly. */
class MalformedMetadataTest {

  /** Reads, accepting a result or an ArrowFormatException (that is not a wrapped unexpected exception). */
  static void readSafely(ByteBuffer bytes, Function<ByteBuffer, Object> reader) {
    try {
      reader.apply(bytes);
    } catch (ArrowFormatException e) {
      if (e.getCause() != null) {
        throw new AssertionError("unexpected exception underneath", e);
      }
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      throw new AssertionError("not an ArrowFormatException", e);
    }
  }

  static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  static byte[] schemaMessage() {
    return bytes(MetadataFlatbuffers.writeMessage(
        new Message(MetadataVersion.V5, new SchemaMessage(Samples.allTypes()), 0, java.util.Map.of("k", "v"))));
  }

  static ArrowFormatException rejects(ByteBuffer bytes) {
    return assertThrows(ArrowFormatException.class, () -> MetadataFlatbuffers.readMessage(bytes));
  }

  @Test
  void truncatedAtEveryLength() {
    byte[] full = schemaMessage();
    byte[] batch = bytes(MetadataFlatbuffers.writeMessage(new Message(MetadataVersion.V5,
        MetadataFlatbuffersRoundTripTest.batch(20, CompressionCodec.ZSTD, List.of(1L, 2L)), 4096, null)));
    for (byte[] msg : List.of(full, batch)) {
      for (int len = 0; len < msg.length; len++) {
        ByteBuffer prefix = ByteBuffer.wrap(msg, 0, len);
        readSafely(prefix, MetadataFlatbuffers::readMessage);
        ByteBuffer suffix = ByteBuffer.wrap(msg, len, msg.length - len);
        readSafely(suffix, MetadataFlatbuffers::readMessage);
      }
    }
    byte[] footer = bytes(MetadataFlatbuffers.writeFooter(new Footer(MetadataVersion.V5,
        new SchemaMessage(Samples.allTypes()), List.of(new io.arrowfile.ipc.metadata.Block(8, 16, 32)),
        List.of(new io.arrowfile.ipc.metadata.Block(64, 16, 32)), null)));
    for (int len = 0; len < footer.length; len++) {
      readSafely(ByteBuffer.wrap(footer, 0, len), MetadataFlatbuffers::readFooter);
    }
    assertThrows(ArrowFormatException.class, () -> MetadataFlatbuffers.readMessage(ByteBuffer.allocate(0)));
  }

  @Test
  void randomBitFlips() {
    byte[] original = schemaMessage();
    byte[] footer = bytes(MetadataFlatbuffers.writeFooter(new Footer(MetadataVersion.V5,
        new SchemaMessage(Samples.allTypes()), List.of(), List.of(new io.arrowfile.ipc.metadata.Block(8, 16, 32)),
        null)));
    Random random = new Random(20240229);
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      for (int iter = 0; iter < 20_000; iter++) {
        byte[] msg = (iter % 4 == 3 ? footer : original).clone();
        int flips = 1 + random.nextInt(4);
        for (int k = 0; k < flips; k++) {
          int bit = random.nextInt(msg.length * 8);
          msg[bit / 8] ^= (byte) (1 << (bit % 8));
        }
        if (iter % 4 == 3) {
          readSafely(ByteBuffer.wrap(msg), MetadataFlatbuffers::readFooter);
        } else {
          readSafely(ByteBuffer.wrap(msg), MetadataFlatbuffers::readMessage);
        }
      }
    });
  }

  @Test
  void randomBytesAtRandomPlacesOfGoldenMessages() throws Exception {
    Path dir = GoldenFilesTest.testingDir();
    List<Path> streams = GoldenFilesTest.files(".stream");
    Random random = new Random(7);
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      for (Path p : streams) {
        ByteBuffer s = ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
        GoldenFilesTest.Framed f = GoldenFilesTest.readFramed(s, 0);
        byte[] schema = bytes(f.flatbuffer());
        for (int iter = 0; iter < 300; iter++) {
          byte[] msg = schema.clone();
          msg[random.nextInt(msg.length)] = (byte) random.nextInt(256);
          readSafely(ByteBuffer.wrap(msg), MetadataFlatbuffers::readMessage);
        }
      }
    }, () -> "fuzzing the schemas of " + dir);
  }

  // ----------------------------------------------------------------- hand-made flatbuffers

  /** A Message with a Schema of one field built by {@code field}, which may add anything. */
  static ByteBuffer schemaWith(java.util.function.ToIntFunction<FlatBufferBuilder> field) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int f = field.applyAsInt(b);
    int fields = b.createVectorOfTables(new int[] {f});
    b.startTable(4);
    b.addOffset(1, fields, 0);
    int schema = b.endTable();
    return message(b, 1, schema, (short) 4);
  }

  static ByteBuffer message(FlatBufferBuilder b, int headerType, int header, short version) {
    b.startTable(5);
    b.addOffset(2, header, 0);
    b.addShort(0, version, (short) 0);
    b.addByte(1, (byte) headerType, (byte) 0);
    b.finish(b.endTable());
    return ByteBuffer.wrap(b.sizedByteArray());
  }

  static int field(FlatBufferBuilder b, String name, int typeType, int typeTable, int[] children) {
    int n = b.createString(name);
    int c = b.createVectorOfTables(children);
    b.startTable(7);
    b.addOffset(0, n, 0);
    b.addOffset(3, typeTable, 0);
    b.addOffset(5, c, 0);
    b.addByte(2, (byte) typeType, (byte) 0);
    return b.endTable();
  }

  static int emptyTable(FlatBufferBuilder b) {
    b.startTable(0);
    return b.endTable();
  }

  @Test
  void unknownTypeIdNamesTheField() {
    ByteBuffer bytes = schemaWith(b -> {
      int child = field(b, "b", 99, emptyTable(b), new int[0]);
      return field(b, "a", 13, emptyTable(b), new int[] {child});
    });
    ArrowFormatException e = rejects(bytes);
    assertEquals("a.b", e.fieldPath());
    assertEquals("type id 99 is not a known Type", e.problem());
    assertEquals("field 'a.b': type id 99 is not a known Type", e.getMessage());
    assertTrue(rejects(schemaWith(b -> field(b, "x", 0, 0, new int[0]))).getMessage().contains("no type"));
  }

  @Test
  void unknownEnumValues() {
    // Int with a bad bit width
    assertTrue(rejects(schemaWith(b -> {
      b.startTable(2);
      b.addInt(0, 12, 0);
      return field(b, "i", 2, b.endTable(), new int[0]);
    })).getMessage().contains("bitWidth 12"));
    // Time unit 9
    ArrowFormatException e = rejects(schemaWith(b -> {
      b.startTable(2);
      b.addShort(0, (short) 9, (short) 1);
      return field(b, "t", 9, b.endTable(), new int[0]);
    }));
    assertTrue(e.getMessage().contains("Time unit 9"), e.getMessage());
    // Union mode 2
    assertThrows(ArrowFormatException.class, () -> MetadataFlatbuffers.readMessage(schemaWith(b -> {
      b.startTable(2);
      b.addShort(0, (short) 2, (short) 0);
      return field(b, "u", 14, b.endTable(), new int[0]);
    })));
    // Interval unit 3, precision 3, date unit 2
    for (int typeId : new int[] {11, 3, 8}) {
      assertThrows(ArrowFormatException.class, () -> MetadataFlatbuffers.readMessage(schemaWith(b -> {
        b.startTable(1);
        b.addShort(0, (short) 3, (short) 99);
        return field(b, "x", typeId, b.endTable(), new int[0]);
      })));
    }
    // metadata version 5 (V5 is 4)
    FlatBufferBuilder b = new FlatBufferBuilder();
    b.startTable(4);
    int schema = b.endTable();
    assertTrue(rejects(message(b, 1, schema, (short) 5)).getMessage().contains("metadata version 5"));
  }

  @Test
  void unsupportedAndUnknownHeaders() {
    for (int type : new int[] {4, 5}) {
      FlatBufferBuilder b = new FlatBufferBuilder();
      ByteBuffer bytes = message(b, type, emptyTable(b), (short) 4);
      assertTrue(rejects(bytes).getMessage().contains("not supported"));
    }
    FlatBufferBuilder b = new FlatBufferBuilder();
    assertTrue(rejects(message(b, 9, emptyTable(b), (short) 4)).getMessage().contains("not a known MessageHeader"));
    FlatBufferBuilder b2 = new FlatBufferBuilder();
    assertTrue(rejects(message(b2, 0, emptyTable(b2), (short) 4)).getMessage().contains("no header"));
    FlatBufferBuilder b3 = new FlatBufferBuilder();
    assertTrue(rejects(message(b3, 1, 0, (short) 4)).getMessage().contains("no header table"));
  }

  @Test
  void wrongChildCounts() {
    // a list without its child
    assertTrue(rejects(schemaWith(b -> field(b, "l", 12, emptyTable(b), new int[0])))
        .getMessage().contains("exactly 1 child"));
    // an int with a child
    assertThrows(ArrowFormatException.class, () -> MetadataFlatbuffers.readMessage(schemaWith(b -> {
      int child = field(b, "c", 1, emptyTable(b), new int[0]);
      b.startTable(2);
      b.addInt(0, 32, 0);
      return field(b, "i", 2, b.endTable(), new int[] {child});
    })));
    // a union with 2 type ids and 1 child
    assertTrue(rejects(schemaWith(b -> {
      int child = field(b, "c", 1, emptyTable(b), new int[0]);
      int ids = b.createVectorOfTables(new int[0]);
      b.startVector(4, 2, 4);
      b.addInt(1);
      b.addInt(0);
      ids = b.endVector();
      b.startTable(2);
      b.addOffset(1, ids, 0);
      return field(b, "u", 14, b.endTable(), new int[] {child});
    })).getMessage().contains("2 type ids but 1 children"));
  }

  /** The message bytes with the uint32 at {@code pos} replaced. */
  static ByteBuffer patchInt(byte[] msg, int pos, int value) {
    byte[] copy = msg.clone();
    ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN).putInt(pos, value);
    return ByteBuffer.wrap(copy);
  }

  @Test
  void absurdVectorAndStringLengths() {
    // a fields vector; remember where its length is
    FlatBufferBuilder b = new FlatBufferBuilder();
    int name = b.createString("abc");
    int nullType = emptyTable(b);
    int noChildren = b.createVectorOfTables(new int[0]);
    b.startTable(7);
    b.addOffset(0, name, 0);
    b.addOffset(3, nullType, 0);
    b.addOffset(5, noChildren, 0);
    b.addByte(2, (byte) 1, (byte) 0);
    int fieldTable = b.endTable();
    int fields = b.createVectorOfTables(new int[] {fieldTable});
    b.startTable(4);
    b.addOffset(1, fields, 0);
    int schema = b.endTable();
    byte[] msg = bytes(message(b, 1, schema, (short) 4));
    int vectorPos = msg.length - fields;
    int stringPos = msg.length - name;
    assertEquals(1, ByteBuffer.wrap(msg).order(ByteOrder.LITTLE_ENDIAN).getInt(vectorPos));
    assertEquals(3, ByteBuffer.wrap(msg).order(ByteOrder.LITTLE_ENDIAN).getInt(stringPos));
    assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
      assertEquals("abc", ((SchemaMessage) MetadataFlatbuffers.readMessage(ByteBuffer.wrap(msg)).header())
          .schema().field(0).name());
      readSafely(patchInt(msg, vectorPos, 2), MetadataFlatbuffers::readMessage);
      readSafely(patchInt(msg, stringPos, 2), MetadataFlatbuffers::readMessage);
      for (int len : new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 1 << 30, 1000}) {
        ArrowFormatException e = rejects(patchInt(msg, vectorPos, len));
        assertTrue(e.getMessage().contains("declares"), e.getMessage());
        ArrowFormatException s = rejects(patchInt(msg, stringPos, len));
        assertTrue(s.getMessage().contains("declares"), s.getMessage());
      }
    });
    // the same for the nodes of a record batch
    FlatBufferBuilder rb = new FlatBufferBuilder();
    rb.startVector(16, 1, 8);
    rb.putLong(0);
    rb.putLong(5);
    int nodes = rb.endVector();
    rb.startTable(5);
    rb.addOffset(1, nodes, 0);
    int batch = rb.endTable();
    byte[] batchMsg = bytes(message(rb, 3, batch, (short) 4));
    int nodesPos = batchMsg.length - nodes;
    assertEquals(1, ((io.arrowfile.ipc.metadata.RecordBatchHeader) MetadataFlatbuffers.readMessage(
        ByteBuffer.wrap(batchMsg)).header()).nodes().size());
    for (int len : new int[] {Integer.MAX_VALUE, -1, 1 << 28, 3}) {
      assertTrue(rejects(patchInt(batchMsg, nodesPos, len)).getMessage().contains("declares"));
    }
    // offsets pointing outside and a vtable beyond the buffer
    for (int root : new int[] {-1, msg.length, msg.length - 2, Integer.MIN_VALUE}) {
      rejects(patchInt(msg, 0, root));
    }
    int rootPos = ByteBuffer.wrap(msg).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    for (int soffset : new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, rootPos + 1, -msg.length}) {
      rejects(patchInt(msg, rootPos, soffset));
    }
  }

  @Test
  void deepNestingOf1000LevelsIsRejectedWithoutStackOverflow() {
    Schema deep = Samples.nested(1000);
    ByteBuffer bytes = MetadataFlatbuffers.writeMessage(new Message(MetadataVersion.V5, new SchemaMessage(deep), 0, null));
    ArrowFormatException e = rejects(bytes);
    assertTrue(e.problem().contains("nested more than 64 levels"), e.getMessage());
    ByteBuffer footer = MetadataFlatbuffers.writeFooter(new Footer(MetadataVersion.V5, new SchemaMessage(deep),
        List.of(), List.of(), null));
    assertThrows(ArrowFormatException.class, () -> MetadataFlatbuffers.readFooter(footer));
  }

  @Test
  void sharedSubtreesCannotMakeReadingExponential() {
    // a children vector of 40 references to the same field, itself with 40 references, ... 20 levels deep:
    // 40^20 fields if read naively, in a flatbuffer of a few kilobytes
    FlatBufferBuilder b = new FlatBufferBuilder();
    int typeStruct = emptyTable(b);
    int current = field(b, "leaf", 1, emptyTable(b), new int[0]);
    for (int level = 0; level < 20; level++) {
      int[] children = new int[40];
      java.util.Arrays.fill(children, current);
      current = field(b, "s" + level, 13, typeStruct, children);
    }
    int fields = b.createVectorOfTables(new int[] {current});
    b.startTable(4);
    b.addOffset(1, fields, 0);
    int schema = b.endTable();
    ByteBuffer bytes = message(b, 1, schema, (short) 4);
    assertTrue(bytes.remaining() < 20_000);
    assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
      ArrowFormatException e = rejects(bytes);
      assertTrue(e.getMessage().contains("too often"), e.getMessage());
    });
  }

  @Test
  void badUtf8AndNegativeLengths() {
    ByteBuffer bytes = schemaWith(b -> {
      int n = b.createString(ByteBuffer.wrap(new byte[] {(byte) 0xC3, (byte) 0x28}));
      int type = emptyTable(b);
      b.startTable(7);
      b.addOffset(0, n, 0);
      b.addOffset(3, type, 0);
      b.addByte(2, (byte) 1, (byte) 0);
      return b.endTable();
    });
    readSafely(bytes, MetadataFlatbuffers::readMessage);
    assertTrue(rejects(bytes).getMessage().contains("UTF-8"));
    FlatBufferBuilder b = new FlatBufferBuilder();
    b.startTable(5);
    b.addLong(0, -1, 0);
    int batch = b.endTable();
    assertTrue(rejects(message(b, 3, batch, (short) 4)).getMessage().contains("negative"));
  }

  @Test
  void writtenMessagesSurviveIdentityPatches() {
    // sanity check of the patch helper: patching a value with itself gives the same message
    byte[] msg = schemaMessage();
    IntUnaryOperator at = pos -> ByteBuffer.wrap(msg).order(ByteOrder.LITTLE_ENDIAN).getInt(pos);
    Message m = MetadataFlatbuffers.readMessage(patchInt(msg, 0, at.applyAsInt(0)));
    if (!(m.header() instanceof SchemaMessage sm) || !sm.schema().equals(Samples.allTypes())) {
      fail("unexpected " + m);
    }
    assertEquals(new ArrowType.Int(32, true), Field.nullable("x", ArrowType.Int.INT32).type());
  }
}
