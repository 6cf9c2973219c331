package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file can't replace a dictionary, so when batches bring different dictionaries the file writer appends
 * the new values as deltas and rewrites indices; a stream just replaces the dictionary.
 */
class DictionaryUnificationTest {
  static final Field COLOR = new Field("color", true, new ArrowType.Utf8(),
      new DictionaryEncoding(7, ArrowType.Int.INT8, false), List.of(), null);
  private static final Schema SCHEMA = new Schema(List.of(COLOR), null);

  @TempDir
  Path tmp;

  static RecordBatch batch(Schema schema, Object... values) {
    ArrayBuilder builder = ArrayBuilder.create(schema.field(0));
    for (Object v : values) {
      builder.appendObject(v);
    }
    return new RecordBatch(schema, values.length, List.of(builder.build()));
  }

  private static List<Object> values(RecordBatch batch) {
    ArrowArray view = ArrowArray.of(batch.column(0));
    List<Object> out = new ArrayList<>();
    for (long i = 0; i < batch.length(); i++) {
      out.add(view.getObject(i));
    }
    return out;
  }

  @Test
  void laterBatchWithOtherValuesBecomesADeltaAndRemappedIndices() throws IOException {
    Path file = tmp.resolve("colors.arrow");
    try (ArrowFileWriter writer = ArrowFileWriter.create(file, SCHEMA, WriteOptions.DEFAULT)) {
      writer.write(batch(SCHEMA, "red", "green", null, "red"));
      writer.write(batch(SCHEMA, "blue", "red", "blue", null)); // dictionary [blue, red]: not an extension
      writer.write(batch(SCHEMA, "green"));                     // nothing new: no dictionary batch at all
    }
    try (ArrowFileReader reader = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      assertEquals(2, reader.footer().dictionaries().size(), "the first dictionary and one delta");
      // random access, last batch first: every batch sees the whole dictionary
      assertEquals(List.of("green"), values(reader.recordBatch(2)));
      assertEquals(Arrays.asList("blue", "red", "blue", null), values(reader.recordBatch(1)));
      assertEquals(Arrays.asList("red", "green", null, "red"), values(reader.recordBatch(0)));
      ArrayData dictionary = reader.recordBatch(1).column(0).dictionary();
      assertEquals(List.of("red", "green", "blue"), values(new RecordBatch(
          new Schema(List.of(dictionary.field()), null), dictionary.length(), List.of(dictionary))));
    }
  }

  @Test
  void streamReplacesTheDictionaryInstead() throws IOException {
    Path stream = tmp.resolve("colors.stream");
    try (ArrowStreamWriter writer = ArrowStreamWriter.create(stream, SCHEMA, WriteOptions.DEFAULT)) {
      writer.write(batch(SCHEMA, "red", "green"));
      writer.write(batch(SCHEMA, "blue"));
    }
    try (BatchReader reader = BatchReaders.open(stream, ReadOptions.DEFAULT)) {
      assertEquals(List.of("red", "green"), values(reader.next()));
      RecordBatch second = reader.next();
      assertEquals(List.of("blue"), values(second));
      assertEquals(1, second.column(0).dictionary().length(), "replaced, not extended");
    }
  }

  @Test
  void dictionaryThatOutgrowsItsIndexTypeIsAClearError() throws IOException {
    Object[] first = new Object[100];
    Object[] second = new Object[100];
    for (int i = 0; i < 100; i++) {
      first[i] = "a" + i;
      second[i] = "b" + i;
    }
    Path file = tmp.resolve("too-many.arrow");
    ArrowFileWriter writer = ArrowFileWriter.create(file, SCHEMA, WriteOptions.DEFAULT);
    writer.write(batch(SCHEMA, first));
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> writer.write(batch(SCHEMA, second)));
    assertTrue(e.getMessage().contains("dictionary id 7 outgrows its int8 indices"), e.getMessage());
    assertThrows(IOException.class, writer::close, "a write failed: the file is not finished (FailedWriteTest)");
  }

  @Test
  void dictionaryInsideAListIsUnifiedToo() throws IOException {
    Field list = Field.nullable("tags", new ArrowType.List(), COLOR.withName("item"));
    Schema schema = new Schema(List.of(list), null);
    Path file = tmp.resolve("tags.arrow");
    try (ArrowFileWriter writer = ArrowFileWriter.create(file, schema, WriteOptions.DEFAULT)) {
      writer.write(batch(schema, List.of("x", "y"), null));
      writer.write(batch(schema, Arrays.asList("z", null, "x")));
    }
    try (ArrowFileReader reader = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      assertEquals(Arrays.asList(List.of("x", "y"), null), values(reader.recordBatch(0)));
      assertEquals(List.of(Arrays.asList("z", null, "x")), values(reader.recordBatch(1)));
    }
  }
}
