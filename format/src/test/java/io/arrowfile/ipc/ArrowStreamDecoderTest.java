package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.DictionaryBuilder;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowStreamDecoder.StreamMessage;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ArrowStreamDecoder}: a stream cut into byte ranges anywhere, each range decoded alone from the stream's
 * headers (the bodies of its own batches and of the dictionaries before them only), gives every batch of the
 * stream exactly once, equal to {@link ArrowStreamReader}'s; dictionary replacements and deltas apply at their place;
 * corrupt lengths fail naming the message and its offset.
 */
class ArrowStreamDecoderTest {
  private static final ReadOptions FULL = IpcRoundTripTest.FULL;

  /** The batches of {@code stream} whose message starts in {@code [start, end)}, with the selection's columns. */
  static List<RecordBatch> readSplit(byte[] stream, long start, long end, int[] columns) {
    ByteSource source = ByteSource.wrap(stream, "s.arrows");
    ArrowStreamDecoder d = ArrowStreamDecoder.of("s.arrows", stream.length, FULL);
    List<RecordBatch> out = new ArrayList<>();
    boolean selected = false;
    ByteRange prefix;
    try {
      while ((prefix = d.prefix()) != null) {
        ByteRange meta = d.metadata(source.read(prefix.offset(), prefix.length()));
        if (meta == null) {
          break;
        }
        StreamMessage m = d.message(source.read(meta.offset(), meta.length()));
        if (!selected) {
          d.selectColumns(columns);
          selected = true;
          continue;
        }
        if (m.offset() >= end) {
          break;
        }
        if (m.isDictionaryBatch()) {
          ByteRange body = d.dictionaryBody(m);
          if (body != null) {
            d.readDictionary(m, source.read(body.offset(), body.length()));
          }
        } else if (m.offset() >= start) {
          BodyRanges ranges = d.body(m, 0);
          ByteRange r = ranges.ranges().get(0);
          out.add(d.decode(m, ranges, source.read(r.offset(), r.length())));
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  /** Cut at every {@code step} bytes: each batch comes once, in order, equal to the stream reader's. */
  static void assertSplitsReadAll(byte[] stream, int step) throws IOException {
    List<RecordBatch> expected = IpcRoundTripTest.readStream(stream);
    List<RecordBatch> got = new ArrayList<>();
    for (long start = 0; start < stream.length; start += step) {
      got.addAll(readSplit(stream, start, Math.min(stream.length, start + step), null));
    }
    IpcRoundTripTest.assertSameRows(expected, got);
  }

  private static Field dictField() {
    return TestData.columns().keySet().stream().filter(f -> f.name().equals("dict")).findFirst().get();
  }

  @Test
  void everyBatchOnceWhereverTheCutsFall() throws IOException {
    RecordBatch all = TestData.allTypes();
    List<RecordBatch> batches = List.of(all, all.slice(0, 0), all, all);
    byte[] stream = IpcRoundTripTest.writeStream(batches, all.schema(), WriteOptions.DEFAULT);
    assertSplitsReadAll(stream, 97);
    assertSplitsReadAll(stream, stream.length / 3 + 1);
    assertEquals(4, readSplit(stream, 0, Long.MAX_VALUE, null).size());
    for (CompressionCodec codec : CompressionCodec.values()) {
      byte[] compressed = IpcRoundTripTest.writeStream(batches, all.schema(),
          WriteOptions.DEFAULT.withCompression(codec));
      assertSplitsReadAll(compressed, 211);
    }
  }

  @Test
  void replacementsAndDeltasApplyWhereTheyStand() throws IOException {
    Field field = dictField();
    Schema schema = Schema.of(field);
    // growing dictionaries become deltas; a builder that does not retain its dictionary makes replacements
    RecordBatchBuilder growing = RecordBatchBuilder.create(schema);
    ((DictionaryBuilder) growing.column(0)).retainDictionary(true);
    RecordBatchBuilder fresh = RecordBatchBuilder.create(schema);
    List<RecordBatch> batches = new ArrayList<>();
    for (int b = 0; b < 12; b++) {
      RecordBatchBuilder builder = b % 4 == 3 ? fresh : growing;
      for (int i = 0; i < 7; i++) {
        builder.appendRow(i == 3 ? null : "v" + (b * 5 + i) % (b % 4 == 3 ? 3 : 40));
      }
      batches.add(builder.build());
    }
    byte[] stream = IpcRoundTripTest.writeStream(batches, schema, WriteOptions.DEFAULT);
    int deltas = 0;
    int replacements = 0;
    ArrowStreamDecoder d = ArrowStreamDecoder.of("s", stream.length, FULL);
    ByteSource source = ByteSource.wrap(stream, "s");
    ByteRange prefix;
    while ((prefix = d.prefix()) != null) {
      ByteRange meta = d.metadata(source.read(prefix.offset(), prefix.length()));
      if (meta == null) {
        break;
      }
      StreamMessage m = d.message(source.read(meta.offset(), meta.length()));
      if (m.header() instanceof DictionaryBatchHeader h && m.index() > 1) {
        deltas += h.isDelta() ? 1 : 0;
        replacements += h.isDelta() ? 0 : 1;
      }
    }
    assertTrue(deltas >= 3 && replacements >= 3, deltas + " deltas, " + replacements + " replacements");
    IpcRoundTripTest.assertSameRows(batches, IpcRoundTripTest.readStream(stream));
    for (int step : new int[] {stream.length / 5 + 1, stream.length / 12 + 1, 61}) {
      assertSplitsReadAll(stream, step);
    }
  }

  @Test
  void columnsNotReadSkipTheirDictionaries() throws IOException {
    RecordBatch all = TestData.allTypes();
    byte[] stream = IpcRoundTripTest.writeStream(List.of(all, all), all.schema(), WriteOptions.DEFAULT);
    int first = 0; // the first column, not dictionary-encoded
    List<RecordBatch> got = readSplit(stream, 0, Long.MAX_VALUE, new int[] {first});
    assertEquals(2, got.size());
    assertEquals(1, got.get(0).schema().fields().size());
    assertEquals(all.schema().field(first), got.get(0).schema().field(0));
  }

  @Test
  void legacyFramingWithoutTheMarker() throws IOException {
    RecordBatch all = TestData.allTypes();
    byte[] stream = IpcRoundTripTest.writeStream(List.of(all, all), all.schema(), WriteOptions.DEFAULT);
    byte[] legacy = stripMarkers(stream);
    assertTrue(legacy.length < stream.length);
    assertSplitsReadAll(legacy, 301);
  }

  /** The same messages with the pre-0.15 framing: the int32 length alone, no continuation marker. */
  private static byte[] stripMarkers(byte[] stream) {
    ByteBuffer in = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    int p = 0;
    while (p + 8 <= stream.length && in.getInt(p) == -1) {
      int length = in.getInt(p + 4);
      if (length == 0) {
        out.write(stream, p + 4, 4); // the legacy end-of-stream marker: a zero length
        break;
      }
      io.arrowfile.ipc.metadata.Message m = io.arrowfile.ipc.flatbuf.MetadataFlatbuffers.readMessage(
          ByteBuffer.wrap(stream, p + 8, length).slice().order(ByteOrder.LITTLE_ENDIAN));
      int total = 8 + length + (int) m.bodyLength();
      out.write(stream, p + 4, total - 4);
      p += total;
    }
    return out.toByteArray();
  }

  @Test
  void corruptLengthsFailNamingTheMessageAndOffset() throws IOException {
    RecordBatch all = TestData.allTypes();
    byte[] stream = IpcRoundTripTest.writeStream(List.of(all, all), all.schema(), WriteOptions.DEFAULT);
    // the second message (a dictionary or record batch): its metadata length, then its body length, made huge
    ArrowStreamDecoder d = ArrowStreamDecoder.of("s", stream.length, FULL);
    ByteSource source = ByteSource.wrap(stream, "s");
    ByteRange meta = d.metadata(source.read(0, 8));
    d.message(source.read(meta.offset(), meta.length()));
    long second = d.position();

    byte[] bad = stream.clone();
    ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt((int) second + 4, 0x7FFF_FFF0);
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> readSplit(bad, 0, Long.MAX_VALUE, null));
    assertTrue(e.getMessage().contains("message 1 (offset " + second + ")"), e.getMessage());
    assertTrue(e.getMessage().contains("s.arrows"), e.getMessage());

    byte[] shortLength = stream.clone();
    ByteBuffer.wrap(shortLength).order(ByteOrder.LITTLE_ENDIAN).putInt((int) second + 4, 16);
    assertThrows(ArrowFormatException.class, () -> readSplit(shortLength, 0, Long.MAX_VALUE, null));

    // cut anywhere: a clean ArrowFormatException or fewer batches, never another exception or a hang
    for (int cut = 1; cut < stream.length; cut += 37) {
      byte[] s = Arrays.copyOf(stream, cut);
      try {
        readSplit(s, 0, Long.MAX_VALUE, null);
      } catch (ArrowFormatException expected) {
        // named: checked above
      }
    }
  }

  @Test
  void notAStream() {
    byte[] parquet = "PAR1 and then some bytes that are not Arrow".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> readSplit(parquet, 0, Long.MAX_VALUE, null));
    assertTrue(e.getMessage().contains("not an Arrow IPC file or stream"), e.getMessage());
  }

  @Test
  void aSplitPastTheEndOfStreamMarkerReadsNothing() throws IOException {
    RecordBatch all = TestData.allTypes();
    byte[] stream = IpcRoundTripTest.writeStream(List.of(all), all.schema(), WriteOptions.DEFAULT);
    byte[] padded = Arrays.copyOf(stream, stream.length + 64); // bytes after the end-of-stream marker
    assertEquals(0, readSplit(padded, stream.length - 4, padded.length, null).size());
    assertEquals(1, readSplit(padded, 0, stream.length - 8, null).size());
  }
}
