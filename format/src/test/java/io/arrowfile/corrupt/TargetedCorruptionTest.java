package io.arrowfile.corrupt;

import static io.arrowfile.corrupt.IpcSurgery.batch;
import static io.arrowfile.corrupt.IpcSurgery.editNth;
import static io.arrowfile.corrupt.IpcSurgery.withHeader;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.corrupt.IpcSurgery.Part;
import io.arrowfile.fuzz.FuzzReads;
import io.arrowfile.fuzz.Samples;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A catalogue of corrupt files and streams, each made by editing one structure of a valid file we write
 * (located by parsing: {@link IpcSurgery}). Every one must end in {@link ArrowFormatException} within a
 * second, with a message that names what is wrong and where, without allocating much more than the file's
 * size (measured with ThreadMXBean#getThreadAllocatedBytes: at most {@link #ALLOCATION_LIMIT}).
 */
class TargetedCorruptionTest {
  static final long ALLOCATION_LIMIT = 64L << 20;
  static final long HUGE = 1L << 62;

  private static final ReadOptions DEFAULT = ReadOptions.DEFAULT;
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  private static final Samples.Sample BASIC = Samples.basic();
  private static final byte[] FILE = BASIC.file();
  private static final byte[] STREAM = BASIC.stream();
  private static final List<Part> PARTS = IpcSurgery.parseFile(FILE);

  // ---- helpers ---------------------------------------------------------------------------------------

  enum Format { FILE, STREAM }

  /** Reading {@code bytes} fails with ArrowFormatException whose message contains every fragment. */
  static ArrowFormatException rejects(Format format, byte[] bytes, ReadOptions options, String... fragments) {
    ArrowFormatException e = assertTimeoutPreemptively(Duration.ofSeconds(1), () -> {
      var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
      long tid = Thread.currentThread().getId();
      long before = threads.getThreadAllocatedBytes(tid);
      ArrowFormatException thrown = null;
      try {
        if (format == Format.FILE) {
          FuzzReads.readFile(bytes, options, true);
        } else {
          FuzzReads.readStream(bytes, options, true);
        }
      } catch (ArrowFormatException expected) {
        thrown = expected;
      } catch (Throwable other) {
        fail("expected ArrowFormatException, got " + other, other);
      }
      long allocated = threads.getThreadAllocatedBytes(tid) - before;
      assertTrue(allocated < ALLOCATION_LIMIT + 64L * bytes.length,
          "allocated " + allocated + " bytes reading " + bytes.length);
      return thrown;
    });
    if (e == null) {
      fail("read without error; expected ArrowFormatException containing " + Arrays.toString(fragments));
    }
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), "message lacks '" + f + "': " + e.getMessage());
    }
    return e;
  }

  static ArrowFormatException rejectsFile(byte[] bytes, String... fragments) {
    ArrowFormatException e = rejects(Format.FILE, bytes, FULL, fragments);
    assertTrue(e.getMessage().startsWith("fuzz.arrow: "), "message does not name the source: " + e.getMessage());
    return e;
  }

  static ArrowFormatException rejectsStream(byte[] bytes, String... fragments) {
    ArrowFormatException e = rejects(Format.STREAM, bytes, FULL, fragments);
    assertTrue(e.getMessage().startsWith("fuzz.stream: "), "message does not name the source: " + e.getMessage());
    return e;
  }

  /** The file with its first record batch header edited. */
  static byte[] fileWithBatch(Function<RecordBatchHeader, RecordBatchHeader> edit) {
    return IpcSurgery.file(editNth(PARTS, RecordBatchHeader.class, 0,
        p -> p.withMessage(withHeader(p.message(), edit.apply(batch(p))))));
  }

  /** The file with its first record batch body edited in place. */
  static byte[] fileWithBody(List<Part> parts, java.util.function.BiConsumer<RecordBatchHeader, byte[]> edit) {
    return IpcSurgery.file(editNth(parts, RecordBatchHeader.class, 0, p -> {
      byte[] body = p.body().clone();
      edit.accept(batch(p), body);
      return p.withBody(body);
    }));
  }

  static RecordBatchHeader withLength(RecordBatchHeader h, long length) {
    return new RecordBatchHeader(length, h.nodes(), h.buffers(), h.compression(), h.variadicBufferCounts());
  }

  static RecordBatchHeader withNodes(RecordBatchHeader h, List<FieldNode> nodes) {
    return new RecordBatchHeader(h.length(), nodes, h.buffers(), h.compression(), h.variadicBufferCounts());
  }

  static RecordBatchHeader withBuffers(RecordBatchHeader h, List<BodyBuffer> buffers) {
    return new RecordBatchHeader(h.length(), h.nodes(), buffers, h.compression(), h.variadicBufferCounts());
  }

  static <T> List<T> set(List<T> list, int index, T value) {
    List<T> out = new ArrayList<>(list);
    out.set(index, value);
    return out;
  }

  static byte[] footerEdited(Function<Footer, Footer> edit) {
    return IpcSurgery.file(PARTS, edit::apply);
  }

  static Footer withBatchBlock(Footer f, Block b) {
    return new Footer(f.version(), f.schema(), f.dictionaries(), List.of(b), f.customMetadata());
  }

  // ---- the catalogue ---------------------------------------------------------------------------------

  @Test
  void theCleanCopiesRead() {
    assertDoesNotThrow(() -> FuzzReads.readFile(FILE, FULL, true));
    assertDoesNotThrow(() -> FuzzReads.readFile(IpcSurgery.file(PARTS), FULL, true));
    assertDoesNotThrow(() -> FuzzReads.readStream(STREAM, FULL, true));
    assertDoesNotThrow(() -> FuzzReads.readStream(IpcSurgery.stream(IpcSurgery.parse(STREAM, 0)), FULL, true));
  }

  // Truncation in each region.

  @Test
  void truncatedInTheMagic() {
    rejectsFile(Arrays.copyOf(FILE, 4), "4 bytes", "too short");
  }

  @Test
  void truncatedInTheSchema() {
    rejectsFile(Arrays.copyOf(FILE, 40), "does not end with ARROW1");
    rejectsStream(Arrays.copyOf(STREAM, 40), "message 0", "truncated", "metadata");
  }

  @Test
  void truncatedInTheBody() {
    List<Part> parts = IpcSurgery.parse(STREAM, 0);
    int schemaAndDict = IpcSurgery.frame(parts.get(0).message(), parts.get(0).body()).length
        + IpcSurgery.frame(parts.get(1).message(), parts.get(1).body()).length;
    int batchStart = schemaAndDict;
    byte[] cut = Arrays.copyOf(STREAM, batchStart + IpcSurgery.frame(parts.get(2).message(), new byte[0]).length + 5);
    rejectsStream(cut, "message 2", "offset " + batchStart, "truncated", "body");
    rejectsFile(Arrays.copyOf(FILE, FILE.length - IpcSurgery.footerLength(FILE) - 30), "does not end with ARROW1");
  }

  @Test
  void truncatedInTheFooter() {
    rejectsFile(Arrays.copyOf(FILE, FILE.length - 3), "does not end with ARROW1");
    // The footer cut short but the trailer intact: its length then points before the messages' end.
    byte[] f = FILE.clone();
    IpcSurgery.putInt(f, f.length - 10, IpcSurgery.footerLength(FILE) - 16);
    rejectsFile(f, "footer");
  }

  @Test
  void footerLengthOutsideTheFile() {
    for (int length : new int[] {FILE.length, Integer.MAX_VALUE, -1, 0}) {
      byte[] f = FILE.clone();
      IpcSurgery.putInt(f, f.length - 10, length);
      rejectsFile(f, "footer length " + length, "does not fit the file (" + FILE.length + " bytes)");
    }
  }

  @Test
  void blockOffsetOutsideTheFile() {
    rejectsFile(footerEdited(ft -> withBatchBlock(ft, new Block(-8, 352, 0))), "footer",
        "Footer.recordBatches block 0", "negative offset (-8)");
    for (long offset : new long[] {1L << 40, Long.MAX_VALUE}) {
      byte[] f = footerEdited(ft -> withBatchBlock(ft, new Block(offset, ft.recordBatches().get(0).metaDataLength(),
          ft.recordBatches().get(0).bodyLength())));
      rejectsFile(f, "record batch 0", "offset " + offset, "not within the file");
    }
  }

  @Test
  void blockLengthsOutsideTheFile() {
    byte[] body = footerEdited(ft -> withBatchBlock(ft, new Block(ft.recordBatches().get(0).offset(),
        ft.recordBatches().get(0).metaDataLength(), HUGE)));
    rejectsFile(body, "record batch 0", "body " + HUGE + " bytes", "not within the file");
    byte[] meta = footerEdited(ft -> withBatchBlock(ft, new Block(ft.recordBatches().get(0).offset(),
        Integer.MAX_VALUE, ft.recordBatches().get(0).bodyLength())));
    rejectsFile(meta, "record batch 0", "metadata " + Integer.MAX_VALUE + " bytes", "not within the file");
    byte[] negative = footerEdited(ft -> withBatchBlock(ft, new Block(ft.recordBatches().get(0).offset(), -8,
        ft.recordBatches().get(0).bodyLength())));
    rejectsFile(negative, "footer", "Footer.recordBatches block 0", "negative", "metaDataLength (-8)");
  }

  @Test
  void blockPointingAtTheWrongMessage() {
    byte[] f = footerEdited(ft -> withBatchBlock(ft, ft.dictionaries().get(0)));
    rejectsFile(f, "record batch 0", "dictionary batch message");
  }

  @Test
  void bufferOffsetBeyondTheBody() {
    byte[] f = fileWithBatch(h -> withBuffers(h, set(h.buffers(), 2, new BodyBuffer(1L << 20, 8))));
    rejectsFile(f, "record batch 0", "field 's'", "buffer 2 (offset 1048576, length 8) is not within the body");
  }

  @Test
  void negativeAndHugeBufferLengths() {
    rejectsFile(fileWithBatch(h -> withBuffers(h, set(h.buffers(), 1, new BodyBuffer(0, -1)))),
        "record batch 0", "buffer 1", "length -1");
    rejectsFile(fileWithBatch(h -> withBuffers(h, set(h.buffers(), 1, new BodyBuffer(0, HUGE)))),
        "field 's'", "buffer 1", "length " + HUGE, "not within the body");
    rejectsFile(fileWithBatch(h -> withBuffers(h, set(h.buffers(), 1, new BodyBuffer(-8, 8)))),
        "record batch 0", "buffer 1", "offset -8");
  }

  @Test
  void hugeRecordBatchLength() {
    rejectsFile(fileWithBatch(h -> withLength(h, HUGE)), "record batch 0", "field 's'", String.valueOf(HUGE));
    rejectsFile(fileWithBatch(h -> withLength(h, -1)), "record batch 0", "RecordBatch length -1 is negative");
  }

  @Test
  void negativeAndHugeNodeLengths() {
    rejectsFile(fileWithBatch(h -> withNodes(h, set(h.nodes(), 0, new FieldNode(-1, 0)))),
        "record batch 0", "node 0", "negative length -1");
    rejectsFile(fileWithBatch(h -> withNodes(h, set(h.nodes(), 0, new FieldNode(64, 65)))),
        "record batch 0", "field 's'", "null count 65");
    rejectsFile(fileWithBatch(h -> withNodes(h, set(h.nodes(), 0, new FieldNode(64, -1)))),
        "record batch 0", "field 's'", "null count -1");
    // All columns say 2^62 rows: the buffers are far too small for that.
    rejectsFile(fileWithBatch(h -> {
      List<FieldNode> nodes = new ArrayList<>();
      for (FieldNode n : h.nodes()) {
        nodes.add(new FieldNode(HUGE, n.nullCount()));
      }
      return withLength(withNodes(h, nodes), HUGE);
    }), "record batch 0", "field 's'");
  }

  /**
   * Null, union and run-end encoded arrays have no validity, so their declared null count means nothing: Arrow
   * C++ ignores it, and apache-arrow (JS) writes -1 for a sliced Null array. Read, not refused.
   */
  @Test
  void nullCountOfLayoutsWithoutValidityIsIgnored() throws Exception {
    Samples.Sample sample = new Samples.Sample("no_validity", Schema.of(
        Field.nullable("n", new ArrowType.Null()),
        Field.nullable("ree", new ArrowType.RunEndEncoded(), Field.notNull("run_ends", ArrowType.Int.INT32),
            Field.nullable("values", new ArrowType.Utf8()))),
        List.of(new Object[] {null, "a"}, new Object[] {null, "a"}, new Object[] {null, null}),
        io.arrowfile.ipc.WriteOptions.DEFAULT);
    List<Part> parts = IpcSurgery.parseFile(sample.file());
    byte[] edited = IpcSurgery.file(editNth(parts, RecordBatchHeader.class, 0, p -> p.withMessage(withHeader(
        p.message(), withNodes(batch(p), set(set(batch(p).nodes(), 0, new FieldNode(3, -1)), 1,
            new FieldNode(3, 7)))))));
    try (io.arrowfile.ipc.ArrowFileReader reader = io.arrowfile.ipc.ArrowFileReader.open(
        io.arrowfile.ipc.ByteSource.wrap(edited, "no_validity.arrow"), FULL)) {
      var batch = reader.next();
      assertTrue(batch.column(0).nullCount() == 3 && batch.column(1).nullCount() == 0, batch.toString());
      var ree = io.arrowfile.columnar.array.ArrowArray.of(batch.column(1));
      assertTrue(java.util.Arrays.asList("a", "a", null).equals(
          List.of(0L, 1L, 2L).stream().map(ree::getObject).toList()), "values");
    }
  }

  @Test
  void wrongBufferCounts() {
    rejectsFile(fileWithBatch(h -> withBuffers(h, h.buffers().subList(0, 5))), "record batch 0",
        "only 5 buffers, fewer than the schema needs");
    List<BodyBuffer> more = new ArrayList<>();
    rejectsFile(fileWithBatch(h -> {
      more.addAll(h.buffers());
      more.add(new BodyBuffer(0, 0));
      return withBuffers(h, more);
    }), "record batch 0", "has " + (11 + 1) + " buffers, the schema needs 11");
  }

  @Test
  void wrongNodeCounts() {
    rejectsFile(fileWithBatch(h -> withNodes(h, h.nodes().subList(0, 2))), "record batch 0",
        "only 2 field nodes, fewer than the schema needs");
    rejectsFile(fileWithBatch(h -> {
      List<FieldNode> more = new ArrayList<>(h.nodes());
      more.add(new FieldNode(0, 0));
      return withNodes(h, more);
    }), "record batch 0", "6 field nodes, the schema needs 5");
  }

  @Test
  void dictionaryIdsThatDoNotExist() {
    List<Part> parts = editNth(PARTS, DictionaryBatchHeader.class, 0, p -> {
      DictionaryBatchHeader d = (DictionaryBatchHeader) p.message().header();
      return p.withMessage(withHeader(p.message(), new DictionaryBatchHeader(999, d.data(), d.isDelta())));
    });
    rejectsFile(IpcSurgery.file(parts), "dictionary batch 0", "999");
    rejectsStream(IpcSurgery.stream(parts), "999");
    // No dictionary batch at all: the record batch refers to an id never read.
    List<Part> without = new ArrayList<>(PARTS);
    without.removeIf(p -> p.message().header() instanceof DictionaryBatchHeader);
    rejectsStream(IpcSurgery.stream(without), "record batch 0", "field 'dict'", "no dictionary with id 7");
  }

  @Test
  void unionTypeIdsOutOfRange() {
    List<Part> parts = IpcSurgery.parseFile(Samples.unions().file());
    byte[] f = fileWithBody(parts, (h, body) -> body[(int) h.buffers().get(0).offset() + 1] = 99);
    rejectsFile(f, "record batch 0", "field 'dense'", "99");
  }

  @Test
  void listOffsetsOutOfRange() {
    // Buffer 4 holds the offsets of list column 'l'.
    byte[] f = fileWithBody(PARTS, (h, body) -> IpcSurgery.putInt(body, (int) h.buffers().get(4).offset() + 4, 100_000));
    rejectsFile(f, "record batch 0", "field 'l'", "100000");
  }

  @Test
  void invalidUtf8PassesDefaultButFailsFull() {
    // Buffer 2 holds the characters of string column 's'; its first value is "value 0".
    byte[] f = fileWithBody(PARTS, (h, body) -> body[(int) h.buffers().get(2).offset()] = (byte) 0xFF);
    assertDoesNotThrow(() -> FuzzReads.readFile(f, DEFAULT, false));
    rejectsFile(f, "record batch 0", "field 's'", "UTF-8");
  }

  @Test
  void nestingThousandsOfLevelsDeep() {
    Field field = Field.nullable("leaf", ArrowType.Int.INT32);
    for (int i = 0; i < 5000; i++) {
      field = Field.nullable("l" + i, new ArrowType.List(), field);
    }
    Message schema = new Message(MetadataVersion.V5, new SchemaMessage(Schema.of(field)), 0, Map.of());
    byte[] stream = IpcSurgery.stream(List.of(new Part(schema, new byte[0])));
    rejectsStream(stream, "message 0", "deep");
  }

  @Test
  void compressedBufferDeclaringATerabyte() {
    Samples.Sample sample = Samples.compressed(CompressionCodec.ZSTD);
    List<Part> parts = IpcSurgery.parseFile(sample.file());
    byte[] f = fileWithBody(parts, (h, body) -> {
      BodyBuffer b = h.buffers().stream().filter(x -> x.length() >= 8).findFirst().orElseThrow();
      IpcSurgery.putLong(body, (int) b.offset(), 1L << 40);
    });
    rejectsFile(f, "record batch 0", "declares " + (1L << 40) + " uncompressed bytes", "limit");
    rejects(Format.FILE, f, DEFAULT.withMaxBufferSize(1 << 20), "1048576");
  }

  @Test
  void metadataLengthOfTwoGigabytes() {
    byte[] s = STREAM.clone();
    IpcSurgery.putInt(s, 4, Integer.MAX_VALUE);
    rejectsStream(s, "message 0 (offset 0)", "metadata length 2147483647");
    // The same in the file's schema at offset 8 and in a record batch block.
    byte[] f = FILE.clone();
    Block first = IpcSurgery.footer(FILE).recordBatches().get(0);
    IpcSurgery.putInt(f, (int) first.offset() + 4, Integer.MAX_VALUE);
    rejectsFile(f, "record batch 0", "metadata length 2147483647");
  }

  @Test
  void negativeAndHugeBodyLengthsInStreams() {
    List<Part> parts = IpcSurgery.parse(STREAM, 0);
    rejectsStream(IpcSurgery.stream(editNth(parts, RecordBatchHeader.class, 0,
        p -> p.withMessage(IpcSurgery.withBodyLength(p.message(), -8)))), "message 2", "bodyLength -8 is negative");
    rejectsStream(IpcSurgery.stream(editNth(parts, RecordBatchHeader.class, 0,
        p -> p.withMessage(IpcSurgery.withBodyLength(p.message(), HUGE)))), "message 2", "truncated", "body");
  }

  @Test
  void streamThatIsNotArrowAtAll() {
    rejectsStream(new byte[] {1, 2, 3}, "truncated");
    rejectsStream("PK\u0003\u0004 this is a zip file, honest".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
        "message 0");
    assertThrows(ArrowFormatException.class, () -> FuzzReads.readStream(new byte[0], DEFAULT, false));
  }
}
