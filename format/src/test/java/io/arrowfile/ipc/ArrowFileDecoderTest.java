package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.Block;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The file format decoded with no I/O of the decoder's own: each step names the byte ranges it needs, and the test,
 * standing in for a reader (a mapping, positioned reads, a store's vectored reads), fetches them from an array.
 */
class ArrowFileDecoderTest {
  private static final RecordBatch BATCH = TestData.allTypes();
  private static final byte[] FILE = file();

  private static byte[] file() {
    try {
      return IpcRoundTripTest.writeFile(List.of(BATCH, BATCH.slice(2, 3)), BATCH.schema(),
          WriteOptions.DEFAULT.withCompression(CompressionCodec.ZSTD));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The bytes a reader fetches, and how many in all. */
  private long fetched;

  private ArrowBuffer fetch(ByteRange range) {
    fetched += range.length();
    return ArrowBuffer.wrap(Arrays.copyOfRange(FILE, (int) range.offset(), (int) range.end()));
  }

  private ArrowFileDecoder openFooter() {
    ByteRange trailer = ArrowFileDecoder.trailer("f.arrow", FILE.length);
    ArrowFileDecoder.requireMagic("f.arrow", fetch(new ByteRange(0, ArrowFileDecoder.MAGIC_LENGTH)));
    ByteRange footer = ArrowFileDecoder.footer("f.arrow", FILE.length, fetch(trailer));
    return ArrowFileDecoder.decodeFooter("f.arrow", FILE.length, fetch(footer), ReadOptions.DEFAULT);
  }

  /** Reads record batch {@code k} of {@code selection}: dictionaries first, then metadata, then the body ranges. */
  private RecordBatch read(ArrowFileDecoder decoder, ColumnSelection selection, int k) {
    if (decoder.needsDictionaries(selection)) {
      ArrowFileDecoder.DictionaryLoad load = decoder.loadDictionaries(selection);
      for (int i = 0; i < decoder.dictionaryBatches().size(); i++) {
        ArrowFileDecoder.DictionaryMessage m = load.message(i, fetch(decoder.metadata(decoder.dictionaryBatches()
            .get(i))));
        ByteRange body = load.body(m);
        if (body != null) {
          load.decode(m, fetch(body));
        }
      }
      load.finish();
    }
    ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(k, fetch(decoder.metadata(
        decoder.recordBatches().get(k))));
    BodyRanges ranges = decoder.body(m, selection, 0);
    byte[] body = new byte[(int) ranges.size()];
    for (int r = 0; r < ranges.ranges().size(); r++) {
      byte[] bytes = fetch(ranges.ranges().get(r)).toByteArray();
      System.arraycopy(bytes, 0, body, (int) ranges.placedAt(r), bytes.length);
    }
    return decoder.decode(m, ranges, ArrowBuffer.wrap(body));
  }

  @Test
  void everyColumnOnItsOwnFetchesLessThanTheFile() throws IOException {
    ArrowFileDecoder decoder = openFooter();
    Schema schema = decoder.schema();
    try (ArrowFileReader whole = ArrowFileReader.open(ByteSource.wrap(FILE, "f.arrow"), ReadOptions.DEFAULT)) {
      for (int c = 0; c < schema.fields().size(); c++) {
        List<Field> wanted = new ArrayList<>(Collections.nCopies(schema.fields().size(), (Field) null));
        wanted.set(c, schema.field(c));
        ColumnSelection selection = decoder.fields(wanted);
        assertEquals(List.of(schema.field(c)), selection.schema().fields());
        for (int k = 0; k < 2; k++) {
          fetched = 0;
          RecordBatch batch = read(decoder, selection, k);
          RecordBatch expected = whole.recordBatch(k, new int[] {c});
          assertEquals(GoldenFilesTest.rows(expected), GoldenFilesTest.rows(batch), schema.field(c).name());
          assertTrue(fetched < FILE.length / 4, schema.field(c).name() + ": " + fetched + " of " + FILE.length);
        }
      }
    }
  }

  @Test
  void aColumnsSelectionFetchesTheWholeBody() {
    ArrowFileDecoder decoder = openFooter();
    Block block = decoder.recordBatches().get(0);
    ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(0, fetch(decoder.metadata(block)));
    assertEquals(BATCH.length(), m.length());
    BodyRanges ranges = decoder.body(m, decoder.columns(new int[] {0, 1}), 0);
    assertEquals(List.of(new ByteRange(block.offset() + block.metaDataLength(), m.bodyLength())), ranges.ranges());
  }

  @Test
  void nearRangesAreFetchedTogether() {
    ArrowFileDecoder decoder = openFooter();
    ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(0, fetch(decoder.metadata(
        decoder.recordBatches().get(0))));
    List<Field> wanted = new ArrayList<>(decoder.schema().fields());
    BodyRanges apart = decoder.body(m, decoder.fields(wanted), 0);
    BodyRanges together = decoder.body(m, decoder.fields(wanted), 1 << 20);
    assertTrue(apart.ranges().size() > 1);
    assertEquals(1, together.ranges().size());
    assertEquals(apart.bufferBytes(), together.bufferBytes());
  }

  @Test
  void onlyTheDictionariesOfTheWantedColumnsAreRead() {
    ArrowFileDecoder decoder = openFooter();
    Schema schema = decoder.schema();
    int dict = schema.fields().indexOf(schema.fields().stream().filter(f -> f.name().equals("dict")).findFirst()
        .orElseThrow());
    List<Field> wanted = new ArrayList<>(Collections.nCopies(schema.fields().size(), (Field) null));
    wanted.set(dict, schema.field(dict));
    ColumnSelection selection = decoder.fields(wanted);
    assertTrue(decoder.needsDictionaries(selection));
    ArrowFileDecoder.DictionaryLoad load = decoder.loadDictionaries(selection);
    int bodies = 0;
    for (int i = 0; i < decoder.dictionaryBatches().size(); i++) {
      ArrowFileDecoder.DictionaryMessage m = load.message(i, fetch(decoder.metadata(decoder.dictionaryBatches()
          .get(i))));
      ByteRange body = load.body(m);
      if (m.id() == schema.field(dict).dictionary().id()) {
        assertEquals(m.body(), body);
        load.decode(m, fetch(body));
        bodies++;
      } else {
        assertNull(body);
      }
    }
    load.finish();
    assertEquals(1, bodies);
    assertTrue(decoder.dictionaryBatches().size() > 1);
    assertTrue(!decoder.needsDictionaries(selection));
  }

  @Test
  void theTrailerNamesTheFooterAndChecksTheMagic() {
    assertEquals(new ByteRange(FILE.length - 10, 10), ArrowFileDecoder.trailer("f.arrow", FILE.length));
    ArrowFormatException tooShort = assertThrows(ArrowFormatException.class,
        () -> ArrowFileDecoder.trailer("f.arrow", 12));
    assertTrue(tooShort.getMessage().contains("too short"), tooShort.getMessage());
    byte[] trailer = Arrays.copyOfRange(FILE, FILE.length - 10, FILE.length);
    trailer[9] = 'X';
    ArrowFormatException end = assertThrows(ArrowFormatException.class,
        () -> ArrowFileDecoder.footer("f.arrow", FILE.length, ArrowBuffer.wrap(trailer)));
    assertTrue(end.getMessage().contains("does not end with ARROW1"), end.getMessage());
  }

  @Test
  void aBlockOutsideTheFileIsRefusedBeforeAnythingIsFetched() {
    ArrowFileDecoder decoder = openFooter();
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> decoder.metadata(new Block(FILE.length, 64, 0)));
    assertTrue(e.getMessage().contains("not within the file"), e.getMessage());
  }
}
