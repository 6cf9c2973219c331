package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A reader that decompresses each batch into one {@link DecompressionArena}: the memory grows to the largest batch
 * and is then used again, batch after batch, with no allocation; every batch reads the same as one decoded into fresh
 * memory; and the arena gives its memory up when asked, to the hook that frees it.
 */
class DecompressionArenaTest {
  private static final Schema SCHEMA = Schema.of(Field.nullable("id", ArrowType.Int.INT64),
      Field.nullable("name", new ArrowType.Utf8()));
  /** Batches of different sizes, the largest neither first nor last. */
  private static final int[] ROWS = {1_000, 60_000, 10, 20_000};

  private static RecordBatch batch(int rows) {
    Object[] ids = new Object[rows];
    Object[] names = new Object[rows];
    for (int r = 0; r < rows; r++) {
      ids[r] = r % 17 == 0 ? null : rows * 1_000_000L + r;
      names[r] = r % 13 == 0 ? null : "name " + (r % 1000);
    }
    return TestData.batch(SCHEMA, List.of(ids, names));
  }

  private static byte[] file(CompressionCodec codec) throws IOException {
    List<RecordBatch> batches = new ArrayList<>();
    for (int rows : ROWS) {
      batches.add(batch(rows));
    }
    return IpcRoundTripTest.writeFile(batches, SCHEMA, WriteOptions.DEFAULT.withCompression(codec));
  }

  /** A reader of {@code file} that fetches whole bodies into heap or direct memory, as a scan would. */
  private record Reader(byte[] file, ArrowFileDecoder decoder, boolean direct) {
    static Reader of(byte[] file, boolean direct) {
      ArrowFileDecoder d = ArrowFileDecoder.decodeFooter("f.arrow", file.length,
          fetch(file, ArrowFileDecoder.footer("f.arrow", file.length,
              fetch(file, ArrowFileDecoder.trailer("f.arrow", file.length), false)), false), ReadOptions.DEFAULT);
      return new Reader(file, d, direct);
    }

    RecordBatch read(int k, DecompressionArena arena) {
      ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(k,
          fetch(file, decoder.metadata(decoder.recordBatches().get(k)), false));
      ColumnSelection all = decoder.all();
      if (decoder.needsDictionaries(all)) {
        decoder.loadDictionaries(all).finish(); // the file has none
      }
      BodyRanges ranges = decoder.body(m, all, 0);
      return decoder.decode(m, ranges, fetch(file, ranges.ranges().get(0), direct), arena);
    }
  }

  private static ArrowBuffer fetch(byte[] file, ByteRange range, boolean direct) {
    ByteBuffer b = direct ? ByteBuffer.allocateDirect((int) range.length()) : ByteBuffer.allocate((int) range.length());
    b.put(file, (int) range.offset(), (int) range.length()).flip();
    return ArrowBuffer.wrap(b);
  }

  private static boolean isDirect(RecordBatch batch) {
    return batch.column(0).buffer(1).asByteBuffer().isDirect();
  }

  @ParameterizedTest
  @CsvSource({"ZSTD, true", "ZSTD, false", "LZ4_FRAME, true", "LZ4_FRAME, false"})
  void batchesOfEverySizeReadAsFromFreshMemoryAndTheMemoryIsUsedAgain(CompressionCodec codec, boolean direct)
      throws IOException {
    Reader reader = Reader.of(file(codec), direct);
    List<ByteBuffer> released = new ArrayList<>();
    try (DecompressionArena arena = new DecompressionArena(released::add)) {
      for (int k = 0; k < ROWS.length; k++) {
        RecordBatch expected = reader.read(k, null);
        RecordBatch batch = reader.read(k, arena);
        assertEquals(ROWS[k], batch.length());
        assertEquals(GoldenFilesTest.rows(expected), GoldenFilesTest.rows(batch), codec + " batch " + k);
        // zstd decompresses a heap body to the heap: zstd-jni 1.5.5 and 1.5.6 cannot write from heap to direct memory.
        assertEquals(direct || codec == CompressionCodec.LZ4_FRAME, isDirect(batch));
      }
      long grown = arena.capacity();
      int releasedWhileGrowing = released.size();
      for (int round = 0; round < 3; round++) {
        for (int k = ROWS.length - 1; k >= 0; k--) {
          assertEquals(GoldenFilesTest.rows(reader.read(k, null)), GoldenFilesTest.rows(reader.read(k, arena)));
        }
      }
      assertEquals(grown, arena.capacity(), "once grown to the largest batch, the memory is only used again");
      assertEquals(releasedWhileGrowing, released.size(), "nothing allocated, so nothing given up");
    }
    for (ByteBuffer b : released) {
      assertTrue(b.isDirect());
    }
  }

  @Test
  void aBatchDecodedIntoTheArenaIsOverwrittenByTheNext() throws IOException {
    Reader reader = Reader.of(file(CompressionCodec.ZSTD), true);
    try (DecompressionArena arena = new DecompressionArena()) {
      reader.read(1, arena); // the largest: the memory grows to it
      RecordBatch first = reader.read(0, arena);
      long firstId = first.column(0).buffer(1).getLong(8);
      reader.read(3, arena);
      // What a scan's caller agrees to: the first batch is done with once the next is asked for.
      assertNotEquals(firstId, first.column(0).buffer(1).getLong(8));
    }
  }

  @Test
  void theMemoryIsAtMostTheLargestBatchLaidOutOnce() {
    List<ByteBuffer> released = new ArrayList<>();
    DecompressionArena arena = new DecompressionArena(released::add);
    arena.reset();
    ByteBuffer a = arena.allocate(100);
    ByteBuffer b = arena.allocate(1000);
    assertEquals(100, a.capacity());
    assertEquals(1000, b.capacity());
    assertTrue(a.isDirect() && !a.isReadOnly());
    assertEquals(1100, arena.capacity(), "the first batch: a block of its own for each buffer");

    arena.reset(); // the first batch laid out once: 100, padding to 128, 1000
    assertEquals(List.of(a, b), released);
    arena.allocate(10);
    assertEquals(1128, arena.capacity(), "one block of the largest batch");
    arena.allocate(1000);
    assertEquals(1128, arena.capacity());

    arena.reset();
    arena.allocate(1000);
    arena.allocate(1000); // more than the largest batch so far: a block of its own for what does not fit
    assertEquals(1128 + 1000, arena.capacity());
    arena.reset();
    arena.allocate(1);
    assertEquals(2024, arena.capacity(), "the new largest batch, 1000 + 24 + 1000, replaced both blocks");
    arena.close();
    assertEquals(5, released.size(), "every block given up: a, b, the 1128 block and its overflow, the last");
    assertThrows(IllegalStateException.class, () -> arena.allocate(1));
  }

  @Test
  void buffersStartAt64ByteBoundaries() {
    try (DecompressionArena arena = new DecompressionArena()) {
      arena.reset();
      arena.allocate(3);
      arena.reset();
      ByteBuffer block = null;
      for (int i = 0; i < 3; i++) {
        arena.reset();
        ByteBuffer first = arena.allocate(1);
        ByteBuffer second = arena.allocate(1);
        second.put(0, (byte) 7);
        first.put(0, (byte) 5);
        assertEquals(5, first.get(0));
        assertEquals(7, second.get(0));
        block = first;
      }
      assertFalse(block.isReadOnly());
      assertEquals(65, arena.capacity(), "1 byte, padding to 64, 1 byte");
    }
  }

  @Test
  void aCorruptBufferFailsNamingItAndTheArenaReadsTheNextBatch() throws IOException {
    byte[] file = file(CompressionCodec.ZSTD);
    Reader good = Reader.of(file, true);
    ArrowFileDecoder.RecordBatchMessage m = good.decoder().recordBatch(1,
        fetch(file, good.decoder().metadata(good.decoder().recordBatches().get(1)), false));
    BodyRanges ranges = good.decoder().body(m, good.decoder().all(), 0);
    ByteRange body = ranges.ranges().get(0);
    byte[] damaged = file.clone();
    for (int i = 0; i < 64; i++) { // the middle of the body: some buffer's zstd frame
      damaged[(int) (body.offset() + body.length() / 2) + i] ^= 0x5A;
    }
    Reader bad = Reader.of(damaged, true);
    try (DecompressionArena arena = new DecompressionArena()) {
      ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> bad.read(1, arena));
      assertTrue(e.getMessage().contains("buffer "), e.getMessage());
      assertEquals(GoldenFilesTest.rows(good.read(2, null)), GoldenFilesTest.rows(good.read(2, arena)));
    }
  }

  @Test
  void aClosedArenaDecodesNothing() throws IOException {
    Reader reader = Reader.of(file(CompressionCodec.LZ4_FRAME), true);
    DecompressionArena arena = new DecompressionArena();
    reader.read(0, arena);
    arena.close();
    arena.close(); // twice is once
    assertEquals(0, arena.capacity());
    assertThrows(IllegalStateException.class, () -> reader.read(0, arena));
  }

  @Test
  void dictionariesAreNotDecodedIntoTheArena() throws IOException {
    // A dictionary outlives the batch it came with; the public readers keep every batch: neither uses an arena.
    Field dictionaryField = TestData.columns().keySet().stream().filter(Field::isDictionaryEncoded).findFirst()
        .orElseThrow();
    RecordBatch batch = TestData.batch(dictionaryField, TestData.columns().get(dictionaryField));
    byte[] file = IpcRoundTripTest.writeFile(List.of(batch, batch), batch.schema(),
        WriteOptions.DEFAULT.withCompression(CompressionCodec.ZSTD));
    try (ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(file, "d.arrow"), ReadOptions.DEFAULT)) {
      ArrowFileDecoder d = r.decoder();
      ColumnSelection all = d.all();
      r.readDictionaries(all);
      try (DecompressionArena arena = new DecompressionArena()) {
        for (int k = 0; k < 2; k++) {
          ArrowFileDecoder.RecordBatchMessage m = d.recordBatch(k, fetch(file, d.metadata(d.recordBatches().get(k)),
              true));
          BodyRanges ranges = d.body(m, all, 0);
          RecordBatch read = d.decode(m, ranges, fetch(file, ranges.ranges().get(0), true), arena);
          assertEquals(GoldenFilesTest.rows(batch), GoldenFilesTest.rows(read));
          assertFalse(read.column(0).dictionary().buffer(1).asByteBuffer().isDirect());
        }
      }
    }
  }
}
