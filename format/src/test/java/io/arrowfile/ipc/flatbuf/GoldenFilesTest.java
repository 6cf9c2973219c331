package io.arrowfile.ipc.flatbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowFooter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every footer and message of the Arrow golden files (written by Arrow C++) parses, and plausibly so. */
class GoldenFilesTest {

  static Path testingDir() {
    String dir = System.getProperty("arrowfile.testing.dir", "../shared/arrow-testing");
    return Path.of(dir);
  }

  static List<Path> files(String suffix) throws IOException {
    try (Stream<Path> s = Files.walk(testingDir())) {
      return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().collect(Collectors.toList());
    }
  }

  /** One encapsulated message: where it starts, its flatbuffer, the length of prefix+metadata, the message. */
  record Framed(long offset, int metadataLength, Message message, ByteBuffer flatbuffer) {}

  /** Reads the message at {@code pos}, or null at end of stream. */
  static Framed readFramed(ByteBuffer file, int pos) {
    if (pos + 4 > file.limit()) {
      return null;
    }
    int prefix = 4;
    int length = file.getInt(pos);
    if (length == -1) {
      prefix = 8;
      length = file.getInt(pos + 4);
    }
    if (length == 0) {
      return null;
    }
    assertTrue(length > 0 && pos + prefix + length <= file.limit(), "message length " + length);
    ByteBuffer fb = file.duplicate().position(pos + prefix).limit(pos + prefix + length).slice();
    Message m = MetadataFlatbuffers.readMessage(fb);
    return new Framed(pos, prefix + length, m, fb);
  }

  static ByteBuffer read(Path p) throws IOException {
    return ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
  }

  static void checkRoundTrip(Message m) {
    assertEquals(m, MetadataFlatbuffers.readMessage(MetadataFlatbuffers.writeMessage(m)));
  }

  static void checkPlausible(Schema schema) {
    for (Field f : schema.fields()) {
      checkPlausible(f);
    }
  }

  static void checkPlausible(Field f) {
    assertNotNull(f.type());
    if (f.type() instanceof ArrowType.Map) {
      assertEquals(2, f.child(0).children().size());
    }
    f.children().forEach(GoldenFilesTest::checkPlausible);
  }

  @Test
  void theGoldenFilesArePresent() throws IOException {
    assertTrue(files(".arrow_file").size() >= 20, "golden files under " + testingDir().toAbsolutePath());
    assertEquals(files(".arrow_file").size(), files(".stream").size());
  }

  @TestFactory
  List<DynamicTest> everyFileAndStream() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path file : files(".arrow_file")) {
      String name = testingDir().relativize(file).toString();
      tests.add(DynamicTest.dynamicTest(name, () -> checkFileAndStream(file)));
    }
    return tests;
  }

  static void checkFileAndStream(Path file) throws IOException {
    ByteBuffer bytes = read(file);
    int size = bytes.limit();
    assertEquals("ARROW1", new String(bytes.array(), 0, 6, StandardCharsets.US_ASCII));
    assertEquals("ARROW1", new String(bytes.array(), size - 6, 6, StandardCharsets.US_ASCII));
    int footerLength = bytes.getInt(size - 10);
    assertTrue(footerLength > 0 && footerLength < size - 18);
    ByteBuffer footerBytes = bytes.duplicate().position(size - 10 - footerLength).limit(size - 10).slice();
    Footer footer = MetadataFlatbuffers.readFooter(footerBytes);
    assertEquals(MetadataVersion.V5, footer.version());
    checkPlausible(footer.schema().schema());

    // Arrow Java reads the same footer the same way
    ArrowFooter arrow = new ArrowFooter(org.apache.arrow.flatbuf.Footer.getRootAsFooter(
        footerBytes.duplicate().order(ByteOrder.LITTLE_ENDIAN)));
    assertEquals(toArrow(footer.recordBatches()), arrow.getRecordBatches());
    assertEquals(toArrow(footer.dictionaries()), arrow.getDictionaries());
    assertEquals(ArrowJavaInteropTest.normalizeUnions(ArrowJavaTypes.fromArrow(arrow.getSchema())),
        footer.schema().schema());
    assertEquals(footer, MetadataFlatbuffers.readFooter(MetadataFlatbuffers.writeFooter(footer)));

    // every block of the file holds the message the footer says
    for (Block b : footer.recordBatches()) {
      Framed f = readFramed(bytes, Math.toIntExact(b.offset()));
      assertEquals(b.metaDataLength(), (f.metadataLength() + 7) & ~7, "block " + b);
      assertTrue(f.message().header() instanceof RecordBatchHeader);
      assertEquals(b.bodyLength(), f.message().bodyLength());
      checkRoundTrip(f.message());
    }
    for (Block b : footer.dictionaries()) {
      Framed f = readFramed(bytes, Math.toIntExact(b.offset()));
      assertTrue(f.message().header() instanceof DictionaryBatchHeader);
      assertEquals(b.bodyLength(), f.message().bodyLength());
      checkRoundTrip(f.message());
    }

    // the stream: schema, dictionaries, batches, end of stream
    Path stream = file.resolveSibling(file.getFileName().toString().replace(".arrow_file", ".stream"));
    ByteBuffer s = read(stream);
    int pos = 0;
    int batches = 0;
    int dictionaries = 0;
    SchemaMessage schema = null;
    Framed f;
    while ((f = readFramed(s, pos)) != null) {
      Message m = f.message();
      assertEquals(MetadataVersion.V5, m.version());
      checkRoundTrip(m);
      if (m.header() instanceof SchemaMessage sm) {
        assertEquals(0, pos, "schema first");
        schema = sm;
        assertEquals(0, m.bodyLength());
      } else if (m.header() instanceof RecordBatchHeader rb) {
        batches++;
        assertFalse(rb.nodes().isEmpty() && !schema.schema().fields().isEmpty());
        long end = 0;
        for (var buf : rb.buffers()) {
          end = Math.max(end, buf.offset() + buf.length());
        }
        assertTrue(end <= m.bodyLength(), "buffers within the body");
      } else {
        dictionaries++;
      }
      int flatbufferEnd = pos + f.metadataLength();
      pos = ((flatbufferEnd + 7) & ~7) + Math.toIntExact(m.bodyLength());
    }
    assertNotNull(schema);
    // (generated_map_non_canonical's stream names the map's children canonically, its file does not)
    assertEquals(shape(footer.schema().schema()), shape(schema.schema()), "stream and file have the same schema");
    assertEquals(footer.schema().endianness(), schema.endianness());
    assertEquals(footer.recordBatches().size(), batches, "batch counts of stream and file");
    assertEquals(footer.dictionaries().size(), dictionaries, "dictionary counts of stream and file");
  }

  /** The schema without the names of nested fields. */
  static String shape(Schema s) {
    StringBuilder sb = new StringBuilder(s.metadata().toString());
    for (Field f : s.fields()) {
      sb.append(f.name()).append(':');
      shape(f, sb);
    }
    return sb.toString();
  }

  private static void shape(Field f, StringBuilder sb) {
    sb.append(f.type()).append(f.nullable()).append(f.dictionary()).append(f.metadata()).append('<');
    for (Field c : f.children()) {
      shape(c, sb);
    }
    sb.append('>');
  }

  private static List<ArrowBlock> toArrow(List<Block> blocks) {
    List<ArrowBlock> out = new ArrayList<>();
    for (Block b : blocks) {
      out.add(new ArrowBlock(b.offset(), b.metaDataLength(), b.bodyLength()));
    }
    return out;
  }
}
