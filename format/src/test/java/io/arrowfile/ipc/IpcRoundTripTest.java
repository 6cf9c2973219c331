package io.arrowfile.ipc;

import java.nio.ByteOrder;
import java.nio.ByteBuffer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Batches built in memory survive file and stream round trips, with and without compression. */
class IpcRoundTripTest {
  static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  @TempDir
  Path dir;

  static byte[] writeFile(List<RecordBatch> batches, Schema schema, WriteOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ArrowFileWriter w = ArrowFileWriter.create(Channels.newChannel(out), schema, options)) {
      for (RecordBatch b : batches) {
        w.write(b);
      }
    }
    return out.toByteArray();
  }

  static byte[] writeStream(List<RecordBatch> batches, Schema schema, WriteOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ArrowStreamWriter w = ArrowStreamWriter.create(out, schema, options)) {
      for (RecordBatch b : batches) {
        w.write(b);
      }
    }
    return out.toByteArray();
  }

  static List<RecordBatch> readFile(byte[] bytes) throws IOException {
    List<RecordBatch> out = new ArrayList<>();
    try (ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(bytes, "test.arrow"), FULL)) {
      RecordBatch b;
      while ((b = r.next()) != null) {
        out.add(b);
      }
    }
    return out;
  }

  static List<RecordBatch> readStream(byte[] bytes) throws IOException {
    List<RecordBatch> out = new ArrayList<>();
    try (ArrowStreamReader r = ArrowStreamReader.open(new ByteArrayInputStream(bytes), "test.stream", FULL)) {
      RecordBatch b;
      while ((b = r.next()) != null) {
        out.add(b);
      }
    }
    return out;
  }

  static void assertSameRows(List<RecordBatch> expected, List<RecordBatch> actual) {
    assertEquals(expected.size(), actual.size(), "batch count");
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i).schema(), actual.get(i).schema());
      assertEquals(GoldenFilesTest.rows(expected.get(i)), GoldenFilesTest.rows(actual.get(i)), "batch " + i);
    }
  }

  static void roundTrip(List<RecordBatch> batches, Schema schema, WriteOptions options) throws IOException {
    assertSameRows(batches, readFile(writeFile(batches, schema, options)));
    assertSameRows(batches, readStream(writeStream(batches, schema, options)));
  }

  @TestFactory
  Stream<DynamicTest> everyTypeOnItsOwn() {
    return TestData.columns().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey().toString(), () -> {
      RecordBatch batch = TestData.batch(e.getKey(), e.getValue());
      List<RecordBatch> batches = List.of(batch, batch.slice(1, 4), batch.slice(3, 3), batch.slice(0, 0));
      roundTrip(batches, batch.schema(), WriteOptions.DEFAULT);
      roundTrip(batches, batch.schema(), WriteOptions.DEFAULT.withCompression(CompressionCodec.LZ4_FRAME));
    }));
  }

  /** Like Arrow C++, the schema declares no Feature flags even when the bodies are compressed (nanoarrow refuses them). */
  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void compressedStreamsDeclareNoFeatures(CompressionCodec codec) throws IOException {
    RecordBatch batch = TestData.allTypes();
    byte[] stream = writeStream(List.of(batch), batch.schema(), WriteOptions.DEFAULT.withCompression(codec));
    try (ArrowStreamReader r = ArrowStreamReader.open(new ByteArrayInputStream(stream), "s", FULL)) {
      assertEquals(0, r.schemaMessage().features());
      assertEquals(batch.length(), r.next().length());
    }
  }

  /**
   * Like Arrow C++, a file's embedded stream ends with the end-of-stream marker before the footer, so the file's
   * bytes after its magic read as a complete stream (nanoarrow's stream reader reads files so).
   */
  @Test
  void theFilesStreamEndsWithTheEndOfStreamMarker() throws IOException {
    RecordBatch batch = TestData.allTypes();
    byte[] file = writeFile(List.of(batch, batch), batch.schema(), WriteOptions.DEFAULT.withCompression(
        CompressionCodec.ZSTD));
    ByteBuffer tail = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    int footerLength = tail.getInt(file.length - 10);
    int footerStart = file.length - 10 - footerLength;
    assertEquals(-1, tail.getInt(footerStart - 8)); // continuation marker
    assertEquals(0, tail.getInt(footerStart - 4)); // metadata length 0: end of stream
    byte[] stream = java.util.Arrays.copyOfRange(file, 8, file.length);
    try (ArrowStreamReader r = ArrowStreamReader.open(new ByteArrayInputStream(stream), "s", FULL)) {
      assertEquals(batch.length(), r.next().length());
      assertEquals(batch.length(), r.next().length());
      assertNull(r.next()); // the marker ends it, before the footer
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void allTypesCompressed(CompressionCodec codec) throws IOException {
    RecordBatch batch = TestData.allTypes();
    List<RecordBatch> batches = List.of(batch, batch.slice(2, 3), batch.slice(5, 1));
    WriteOptions options = WriteOptions.DEFAULT.withCompression(codec);
    roundTrip(batches, batch.schema(), options);
    try (ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(writeFile(batches, batch.schema(), options), "f"),
        FULL)) {
      assertEquals(Map.of("k", "v"), r.schema().metadata());
    }
  }

  @Test
  void allTypesUncompressedAndRandomAccess() throws IOException {
    RecordBatch batch = TestData.allTypes();
    List<RecordBatch> batches = List.of(batch.slice(0, 2), batch, batch.slice(0, 0), batch.slice(1, 5));
    roundTrip(batches, batch.schema(), WriteOptions.DEFAULT);
    Path file = dir.resolve("all.arrow");
    try (ArrowFileWriter w = ArrowFileWriter.create(file, batch.schema(), WriteOptions.DEFAULT)) {
      for (RecordBatch b : batches) {
        w.write(b);
      }
      w.setFooterMetadata(Map.of("footer", "yes"));
    }
    try (ArrowFileReader r = ArrowFileReader.open(file, FULL)) {
      assertEquals(4, r.recordBatchCount());
      assertEquals(Map.of("footer", "yes"), r.customMetadata());
      for (int k : new int[] {3, 1, 0, 2}) {
        assertEquals(GoldenFilesTest.rows(batches.get(k)), GoldenFilesTest.rows(r.recordBatch(k)));
      }
      assertThrows(IndexOutOfBoundsException.class, () -> r.recordBatch(4));
    }
    try (BatchReader r = BatchReaders.open(file, FULL)) {
      assertTrue(r instanceof ArrowFileReader);
    }
    Path stream = dir.resolve("all.stream");
    try (ArrowStreamWriter w = ArrowStreamWriter.create(stream, batch.schema(), WriteOptions.DEFAULT)) {
      w.write(batch);
    }
    try (BatchReader r = BatchReaders.open(stream, FULL)) {
      assertTrue(r instanceof ArrowStreamReader);
      assertEquals(GoldenFilesTest.rows(batch), GoldenFilesTest.rows(r.next()));
      assertNull(r.next());
    }
  }

  @Test
  void noBatches() throws IOException {
    Schema schema = TestData.allTypes().schema();
    byte[] file = writeFile(List.of(), schema, WriteOptions.DEFAULT);
    try (ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(file, "f"), FULL)) {
      assertEquals(schema, r.schema());
      assertEquals(0, r.recordBatchCount());
      assertNull(r.next());
    }
    byte[] stream = writeStream(List.of(), schema, WriteOptions.DEFAULT);
    try (ArrowStreamReader r = ArrowStreamReader.open(new ByteArrayInputStream(stream), "s", FULL)) {
      assertEquals(schema, r.schema());
      assertNull(r.next());
    }
  }

  private static RecordBatch dictBatch(Field field, ArrayData dictionary, int... indices) {
    byte[] idx = new byte[indices.length * 4];
    java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(idx).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (int i : indices) {
      bb.putInt(i);
    }
    ArrayData data = new ArrayData(field, indices.length, 0, 0, new ArrowBuffer[] {null, ArrowBuffer.wrap(idx)},
        List.of(), dictionary);
    return new RecordBatch(Schema.of(field), indices.length, List.of(data));
  }

  private static ArrayData strings(Field valueField, String... values) {
    return TestData.batch(valueField, values).column(0);
  }

  @Test
  void changingDictionaries() throws IOException {
    Field field = TestData.columns().keySet().stream().filter(f -> f.name().equals("dict")).findFirst().get();
    Field values = field.dictionaryValueField();
    ArrayData d1 = strings(values, "a", "b");
    ArrayData d2 = strings(values, "a", "b", "c");
    ArrayData d3 = strings(values, "x", "y");
    RecordBatch b1 = dictBatch(field, d1, 0, 1, 1);
    RecordBatch b2 = dictBatch(field, d1, 1, 0);
    RecordBatch b3 = dictBatch(field, d2, 2, 0);
    RecordBatch b4 = dictBatch(field, d3, 1, 0);
    // stream: same dictionary, delta, replacement
    roundTrip(List.of(b1, b2, b3), b1.schema(), WriteOptions.DEFAULT);
    List<RecordBatch> all = List.of(b1, b2, b3, b4);
    assertSameRows(all, readStream(writeStream(all, b1.schema(), WriteOptions.DEFAULT)));
    assertEquals(List.of(List.of("y"), List.of("x")),
        GoldenFilesTest.rows(readStream(writeStream(all, b1.schema(), WriteOptions.DEFAULT)).get(3)));
    // file: the delta works, and the replacement becomes a delta [x, y] with b4's indices rewritten
    assertSameRows(all, readFile(writeFile(all, b1.schema(), WriteOptions.DEFAULT)));
    // content-equal dictionary objects are not written again
    RecordBatch b5 = dictBatch(field, strings(values, "a", "b", "c"), 0);
    assertSameRows(List.of(b1, b3, b5), readFile(writeFile(List.of(b1, b3, b5), b1.schema(), WriteOptions.DEFAULT)));
  }

  @Test
  void deltaOfNestedDictionary() throws IOException {
    Field field = TestData.columns().keySet().stream().filter(f -> f.name().equals("dict_list")).findFirst().get();
    Field values = field.dictionaryValueField();
    ArrayData d1 = TestData.batch(values, new Object[] {List.of(1), Arrays.asList(2, null)}).column(0);
    ArrayData d2 = TestData.batch(values, new Object[] {List.of(1), Arrays.asList(2, null), List.of()}).column(0);
    byte[] idx1 = {0, 1, 1};
    byte[] idx2 = {2, 0};
    RecordBatch b1 = new RecordBatch(Schema.of(field), 3, List.of(new ArrayData(field, 3, 0, 0,
        new ArrowBuffer[] {null, ArrowBuffer.wrap(idx1)}, List.of(), d1)));
    RecordBatch b2 = new RecordBatch(Schema.of(field), 2, List.of(new ArrayData(field, 2, 0, 0,
        new ArrowBuffer[] {null, ArrowBuffer.wrap(idx2)}, List.of(), d2)));
    roundTrip(List.of(b1, b2), b1.schema(), WriteOptions.DEFAULT);
    assertEquals(List.of(List.of(List.of()), List.of(List.of(1))), GoldenFilesTest.rows(
        readFile(writeFile(List.of(b1, b2), b1.schema(), WriteOptions.DEFAULT)).get(1)));
  }

  @Test
  void growingDictionariesFromBuildersBecomeDeltas() throws IOException {
    Field field = TestData.columns().keySet().stream().filter(f -> f.name().equals("dict")).findFirst().get();
    io.arrowfile.columnar.builder.RecordBatchBuilder builder =
        io.arrowfile.columnar.builder.RecordBatchBuilder.create(Schema.of(field));
    ((io.arrowfile.columnar.builder.DictionaryBuilder) builder.column(0)).retainDictionary(true);
    List<RecordBatch> batches = new ArrayList<>();
    for (int b = 0; b < 4; b++) {
      for (int i = 0; i < 5; i++) {
        builder.appendRow(i == 2 ? null : "v" + (b * 3 + i) % 9);
      }
      batches.add(builder.build());
    }
    byte[] file = writeFile(batches, batches.get(0).schema(), WriteOptions.DEFAULT);
    assertSameRows(batches, readFile(file));
    try (ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(file, "f"), FULL)) {
      assertTrue(r.footer().dictionaries().size() >= 2, "deltas written");
      assertEquals(GoldenFilesTest.rows(batches.get(2)), GoldenFilesTest.rows(r.recordBatch(2)));
    }
    assertSameRows(batches, readStream(writeStream(batches, batches.get(0).schema(), WriteOptions.DEFAULT)));
  }

  @Test
  void schemaMismatchRejected() throws IOException {
    RecordBatch batch = TestData.allTypes();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ArrowStreamWriter w = ArrowStreamWriter.create(out, Schema.of(batch.schema().field(1)), WriteOptions.DEFAULT)) {
      assertThrows(IllegalArgumentException.class, () -> w.write(batch));
    }
  }

  @Test
  void truncatedFilesFailCleanly() throws IOException {
    RecordBatch batch = TestData.allTypes();
    byte[] file = writeFile(List.of(batch), batch.schema(), WriteOptions.DEFAULT);
    byte[] stream = writeStream(List.of(batch), batch.schema(), WriteOptions.DEFAULT);
    for (int cut = 0; cut < file.length; cut += Math.max(1, file.length / 97)) {
      byte[] f = Arrays.copyOf(file, cut);
      assertThrows(ArrowFormatException.class, () -> readFile(f), "cut at " + cut);
    }
    for (int cut = 1; cut < stream.length - 8; cut += Math.max(1, stream.length / 97)) {
      byte[] s = Arrays.copyOf(stream, cut);
      try {
        readStream(s);
      } catch (ArrowFormatException expected) {
        // fine: truncated or corrupt
      }
    }
  }
}
