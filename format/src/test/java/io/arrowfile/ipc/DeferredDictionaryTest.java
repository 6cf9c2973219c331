package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.builder.IntBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.testing.ArrowJavaValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ArrowFileWriter#writeDeferred}: record batches of indices first, the one complete dictionary batch
 * after them (the file format allows dictionaries anywhere in the file), read by us and by Arrow Java. And its
 * stream counterpart, {@link ArrowStreamWriter#writeDictionary} and {@link ArrowStreamWriter#writeAfterDictionaries}:
 * the dictionary before the first batch, then deltas before the batches that use their values.
 */
class DeferredDictionaryTest {
  private static final Field S = new Field("s", true, new ArrowType.Utf8(),
      new DictionaryEncoding(3, ArrowType.Int.INT32, false), List.of(), null);
  private static final Field N = Field.nullable("n", ArrowType.Int.INT64);
  private static final Schema SCHEMA = new Schema(List.of(S, N), null);

  @TempDir
  Path tmp;

  private static RecordBatch batch(Integer... indices) {
    IntBuilder idx = (IntBuilder) ArrayBuilder.create(Field.nullable("s", ArrowType.Int.INT32));
    IntBuilder n = (IntBuilder) ArrayBuilder.create(N);
    for (Integer i : indices) {
      if (i == null) {
        idx.appendNull();
      } else {
        idx.appendInt(i);
      }
      n.appendLong(i == null ? -1 : i);
    }
    return new RecordBatch(SCHEMA, indices.length, List.of(idx.build().withField(S), n.build()));
  }

  private static ArrayData dictionary(String... values) {
    ArrayBuilder b = ArrayBuilder.create(S.dictionaryValueField());
    for (String v : values) {
      b.appendObject(v);
    }
    return b.build();
  }

  @Test
  void dictionaryAfterTheBatchesReadsBack() throws IOException {
    Path file = tmp.resolve("deferred.arrow");
    try (ArrowFileWriter w = ArrowFileWriter.create(file, SCHEMA, WriteOptions.DEFAULT)) {
      w.writeDeferred(batch(0, 1, null, 0));
      w.writeDeferred(batch(2, 2, 1));
      w.writeDeferredDictionary(3, dictionary("red", "", "blue"));
    }
    List<Object> ours = new ArrayList<>();
    try (ArrowFileReader r = ArrowFileReader.open(file, ReadOptions.DEFAULT.withValidation(
        io.arrowfile.columnar.ValidationLevel.FULL))) {
      assertEquals(1, r.footer().dictionaries().size());
      assertTrue(r.footer().dictionaries().get(0).offset() > r.footer().recordBatches().get(1).offset());
      for (int k = 0; k < r.recordBatchCount(); k++) {
        RecordBatch b = r.recordBatch(k);
        for (long i = 0; i < b.length(); i++) {
          ours.add(ArrowArray.of(b.column(0)).getObject(i));
        }
      }
    }
    assertEquals(Arrays.asList("red", "", null, "red", "blue", "blue", ""), ours);
    List<Object> arrowJava = new ArrayList<>();
    for (List<List<Object>> columns : ArrowJavaValues.fromFile(file).batches()) { // column-major
      arrowJava.addAll(columns.get(0));
    }
    assertEquals(ours, arrowJava);
  }

  @Test
  void aMissingOrRepeatedDictionaryIsRefused() throws IOException {
    ArrowFileWriter w = ArrowFileWriter.create(tmp.resolve("missing.arrow"), SCHEMA, WriteOptions.DEFAULT);
    w.writeDeferred(batch(0));
    IllegalStateException e = assertThrows(IllegalStateException.class, w::close);
    assertTrue(e.getMessage().contains("never written"), e.getMessage());
    try (ArrowFileWriter twice = ArrowFileWriter.create(tmp.resolve("twice.arrow"), SCHEMA, WriteOptions.DEFAULT)) {
      twice.writeDeferred(batch(0));
      twice.writeDeferredDictionary(3, dictionary("a"));
      assertThrows(IllegalStateException.class, () -> twice.writeDeferredDictionary(3, dictionary("a")));
    }
  }

  @Test
  void streamDictionaryGrowsByDeltasBeforeTheBatches() throws IOException {
    Path stream = tmp.resolve("deltas.arrows");
    try (ArrowStreamWriter w = ArrowStreamWriter.create(stream, SCHEMA, WriteOptions.DEFAULT)) {
      w.writeDictionary(3, dictionary("red", ""), false);
      w.writeAfterDictionaries(batch(0, 1, null, 0));
      w.writeDictionary(3, dictionary("blue"), true);
      w.writeAfterDictionaries(batch(2, 2, 1));
      w.writeAfterDictionaries(batch(0)); // no new value: no delta
    }
    List<Object> ours = new ArrayList<>();
    try (ArrowStreamReader r = ArrowStreamReader.open(stream, ReadOptions.DEFAULT.withValidation(
        io.arrowfile.columnar.ValidationLevel.FULL))) {
      RecordBatch b;
      while ((b = r.next()) != null) {
        for (long i = 0; i < b.length(); i++) {
          ours.add(ArrowArray.of(b.column(0)).getObject(i));
        }
      }
    }
    assertEquals(Arrays.asList("red", "", null, "red", "blue", "blue", "", "red"), ours);
    List<Object> arrowJava = new ArrayList<>();
    for (List<List<Object>> columns : ArrowJavaValues.fromStream(stream).batches()) {
      arrowJava.addAll(columns.get(0));
    }
    assertEquals(ours, arrowJava);
  }

  @Test
  void aStreamBatchBeforeItsDictionaryIsRefused() throws IOException {
    try (ArrowStreamWriter w = ArrowStreamWriter.create(tmp.resolve("early.arrows"), SCHEMA, WriteOptions.DEFAULT)) {
      IllegalStateException delta = assertThrows(IllegalStateException.class,
          () -> w.writeDictionary(3, dictionary("a"), true));
      assertTrue(delta.getMessage().contains("a delta needs the dictionary written before it"), delta.getMessage());
      IllegalStateException early = assertThrows(IllegalStateException.class,
          () -> w.writeAfterDictionaries(batch(0)));
      assertTrue(early.getMessage().contains("must be written before the first record batch"), early.getMessage());
    }
  }
}
