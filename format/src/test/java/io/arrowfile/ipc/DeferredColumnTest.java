package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Layout;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Columns whose decompression waits for their first read ({@link DeferredColumn}): the plain fixed-width, boolean and
 * binary columns of a compressed body are set aside at their declared lengths and read, once loaded, as the same
 * batch decoded whole; other layouts, uncompressed bodies and readers without an arena decode as before; a load comes
 * once, checks what a whole decode checks, names what failed, and refuses to run once the arena holds another batch.
 */
class DeferredColumnTest {
  private static final IntPredicate ALL = c -> true;

  private static byte[] file(CompressionCodec codec, List<RecordBatch> batches) throws IOException {
    return IpcRoundTripTest.writeFile(batches, batches.get(0).schema(),
        codec == null ? WriteOptions.DEFAULT : WriteOptions.DEFAULT.withCompression(codec));
  }

  /** A reader of {@code file} that fetches whole bodies into direct memory, as a scan does. */
  private record Reader(byte[] file, ArrowFileDecoder decoder) {
    /** Validating every offset, as scans do. */
    static Reader of(byte[] file) {
      ArrowFileDecoder d = ArrowFileDecoder.decodeFooter("f.arrow", file.length,
          fetch(file, ArrowFileDecoder.footer("f.arrow", file.length,
              fetch(file, ArrowFileDecoder.trailer("f.arrow", file.length)))),
          ReadOptions.DEFAULT.withValidation(ValidationLevel.BOUNDS));
      return new Reader(file, d);
    }

    DeferredBatch read(int k, DecompressionArena arena, IntPredicate defer) {
      ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(k,
          fetch(file, decoder.metadata(decoder.recordBatches().get(k))));
      ColumnSelection all = decoder.all();
      if (decoder.needsDictionaries(all)) {
        ArrowFileDecoder.DictionaryLoad load = decoder.loadDictionaries(all);
        for (int i = 0; i < decoder.dictionaryBatches().size(); i++) {
          ArrowFileDecoder.DictionaryMessage d = load.message(i,
              fetch(file, decoder.metadata(decoder.dictionaryBatches().get(i))));
          ByteRange body = load.body(d);
          if (body != null) {
            load.decode(d, fetch(file, body));
          }
        }
        load.finish();
      }
      BodyRanges ranges = decoder.body(m, all, 0);
      return decoder.decode(m, ranges, fetch(file, ranges.ranges().get(0)), arena, defer);
    }

    /** Where buffer {@code index} of batch {@code k} lies in the file. */
    long bufferOffset(int k, int index) {
      ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(k,
          fetch(file, decoder.metadata(decoder.recordBatches().get(k))));
      var block = decoder.recordBatches().get(k);
      BodyBuffer b = m.header().buffers().get(index);
      return block.offset() + block.metaDataLength() + b.offset();
    }
  }

  private static ArrowBuffer fetch(byte[] file, ByteRange range) {
    ByteBuffer b = ByteBuffer.allocateDirect((int) range.length());
    b.put(file, (int) range.offset(), (int) range.length()).flip();
    return ArrowBuffer.wrap(b);
  }

  private static void loadAll(DeferredBatch batch) {
    for (int c = 0; c < batch.batch().columns().size(); c++) {
      if (batch.deferred(c) != null) {
        batch.deferred(c).load();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void everyTypeReadsAsDecodedWholeOnceLoaded(CompressionCodec codec) throws IOException {
    RecordBatch batch = TestData.allTypes();
    Reader reader = Reader.of(file(codec, List.of(batch)));
    try (DecompressionArena arena = new DecompressionArena()) {
      DeferredBatch deferred = reader.read(0, arena, ALL);
      int count = 0;
      for (int c = 0; c < batch.columns().size(); c++) {
        Field f = batch.schema().field(c);
        boolean plain = !f.isDictionaryEncoded() && switch (f.layout()) {
          case FIXED_WIDTH, BOOL, VARIABLE_BINARY, LARGE_VARIABLE_BINARY -> true;
          default -> false;
        };
        assertEquals(plain, deferred.deferred(c) != null, f + ": deferred exactly when its layout allows");
        count += plain ? 1 : 0;
      }
      assertTrue(count >= 5, "the batch has plain columns of several layouts: " + count);
      loadAll(deferred);
      assertEquals(GoldenFilesTest.rows(batch), GoldenFilesTest.rows(deferred.batch()));
    }
  }

  @Test
  void onlyCompressedBodiesInAnArenaForTheColumnsAskedFor() throws IOException {
    RecordBatch batch = TestData.allTypes();
    Reader compressed = Reader.of(file(CompressionCodec.ZSTD, List.of(batch)));
    Reader plain = Reader.of(file(null, List.of(batch)));
    try (DecompressionArena arena = new DecompressionArena()) {
      DeferredBatch none = plain.read(0, arena, ALL);
      DeferredBatch noArena = compressed.read(0, null, ALL);
      DeferredBatch notAsked = compressed.read(0, arena, c -> false);
      DeferredBatch first = compressed.read(0, arena, c -> c == 0);
      for (int c = 0; c < batch.columns().size(); c++) {
        assertNull(none.deferred(c));
        assertNull(noArena.deferred(c));
        assertNull(notAsked.deferred(c));
        if (c > 0) {
          assertNull(first.deferred(c));
        }
      }
      assertEquals(GoldenFilesTest.rows(batch), GoldenFilesTest.rows(none.batch()));
      assertEquals(GoldenFilesTest.rows(batch), GoldenFilesTest.rows(noArena.batch()));
      assertEquals(GoldenFilesTest.rows(batch), GoldenFilesTest.rows(notAsked.batch()));
    }
  }

  private static RecordBatch numbers(int rows, long from) {
    Schema schema = Schema.of(Field.nullable("id", ArrowType.Int.INT64), Field.nullable("name", new ArrowType.Utf8()));
    Object[] ids = new Object[rows];
    Object[] names = new Object[rows];
    for (int r = 0; r < rows; r++) {
      ids[r] = r % 7 == 0 ? null : from + r;
      names[r] = r % 5 == 0 ? null : "name " + (from + r);
    }
    return TestData.batch(schema, List.of(ids, names));
  }

  @Test
  void aLoadRunsOnceAndNotAfterTheArenaMovedOn() throws IOException {
    Reader reader = Reader.of(file(CompressionCodec.ZSTD, List.of(numbers(5_000, 0), numbers(5_000, 1_000_000))));
    try (DecompressionArena arena = new DecompressionArena()) {
      DeferredBatch first = reader.read(0, arena, ALL);
      DeferredColumn ids = first.deferred(0);
      assertNotNull(ids);
      assertFalse(ids.isLoaded());
      ids.load();
      assertTrue(ids.isLoaded());
      ids.load(); // nothing more
      assertEquals(1L, first.batch().column(0).buffer(1).getLong(8));
      DeferredColumn names = first.deferred(1);
      reader.read(1, arena, ALL);
      IllegalStateException e = assertThrows(IllegalStateException.class, names::load);
      assertTrue(e.getMessage().contains("'name'"), e.getMessage());
    }
  }

  @Test
  void aLoadAfterTheArenaClosedThrowsInsteadOfWriting() throws IOException {
    Reader reader = Reader.of(file(CompressionCodec.LZ4_FRAME, List.of(numbers(3_000, 0))));
    DecompressionArena arena = new DecompressionArena();
    DeferredBatch batch = reader.read(0, arena, ALL);
    arena.close();
    assertThrows(IllegalStateException.class, () -> batch.deferred(0).load());
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void aDamagedBufferFailsItsLoadNamingColumnBufferAndSourceWhileTheOtherColumnsRead(CompressionCodec codec)
      throws IOException {
    byte[] file = file(codec, List.of(numbers(4_000, 0)));
    Reader intact = Reader.of(file);
    // buffer 4 is the names' data (id: validity, values; name: validity, offsets, data)
    long at = intact.bufferOffset(0, 4);
    file[(int) at + 8 + 20] ^= 0x5A; // inside the frame, past the 8-byte length prefix
    Reader reader = Reader.of(file);
    try (DecompressionArena arena = new DecompressionArena()) {
      DeferredBatch batch = reader.read(0, arena, ALL); // the framing is whole: decoding succeeds
      batch.deferred(0).load();
      assertEquals(1L, batch.batch().column(0).buffer(1).getLong(8));
      ArrowFormatException e = assertThrows(ArrowFormatException.class,
          () -> batch.deferred(1).describeFailures(x -> x.at("record batch 0").in("f.arrow")).load());
      assertTrue(e.getMessage().contains("name"), e.getMessage());
      assertTrue(e.getMessage().contains("buffer 4"), e.getMessage());
      assertTrue(e.getMessage().contains("f.arrow") && e.getMessage().contains("record batch 0"), e.getMessage());
      assertFalse(batch.deferred(1).isLoaded());
    }
  }

  @Test
  void sizesAreCheckedWhenTheBatchIsDecodedAndValuesWhenTheColumnLoads() throws IOException {
    RecordBatch b = numbers(1_000, 0);
    byte[] file = file(CompressionCodec.ZSTD, List.of(b));
    Reader intact = Reader.of(file);
    // The names' offsets (buffer 3) declare fewer bytes than 1,001 offsets need: a size, found at decoding.
    byte[] shortOffsets = file.clone();
    long at = intact.bufferOffset(0, 3);
    ByteBuffer.wrap(shortOffsets).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong((int) at, 400);
    try (DecompressionArena arena = new DecompressionArena()) {
      ArrowFormatException e = assertThrows(ArrowFormatException.class,
          () -> Reader.of(shortOffsets).read(0, arena, ALL));
      assertTrue(e.getMessage().contains("offsets"), e.getMessage());
    }
    // Offsets that run past the data: a value, found when the column loads (and the whole decode finds it too).
    RecordBatch bad = TestData.batch(Schema.of(Field.nullable("name", new ArrowType.Utf8())),
        List.<Object[]>of(new Object[] {"a", "bc", "def"}));
    byte[] badFile = file(CompressionCodec.LZ4_FRAME, List.of(withOffset(bad, 2, 1_000)));
    try (DecompressionArena arena = new DecompressionArena()) {
      DeferredBatch batch = Reader.of(badFile).read(0, arena, ALL);
      ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> batch.deferred(0).load());
      assertTrue(e.getMessage().contains("offset"), e.getMessage());
      assertThrows(ArrowFormatException.class, () -> Reader.of(badFile).read(0, arena, null));
    }
  }

  /** {@code batch}'s one string column with offset {@code i} set to {@code value}: written as it is, read as invalid. */
  private static RecordBatch withOffset(RecordBatch batch, int i, int value) {
    var column = batch.column(0);
    assertEquals(Layout.VARIABLE_BINARY, column.layout());
    byte[] offsets = column.buffer(1).toByteArray();
    ByteBuffer.wrap(offsets).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(i * 4, value);
    List<ArrowBuffer> buffers = new ArrayList<>();
    for (int k = 0; k < column.bufferCount(); k++) {
      buffers.add(k == 1 ? ArrowBuffer.wrap(offsets) : column.buffer(k));
    }
    var changed = new io.arrowfile.columnar.ArrayData(column.field(), column.length(), column.offset(),
        column.nullCount(), buffers.toArray(new ArrowBuffer[0]), column.children(), column.dictionary());
    return new RecordBatch(batch.schema(), batch.length(), List.of(changed));
  }
}
