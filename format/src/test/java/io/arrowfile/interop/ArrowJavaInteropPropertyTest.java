package io.arrowfile.interop;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.BatchReaders;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.ArrowJavaValues;
import io.arrowfile.testing.ArrowJavaWriter;
import io.arrowfile.testing.Dataset;
import io.arrowfile.testing.RandomData;
import io.arrowfile.testing.RandomData.Kind;
import io.arrowfile.testing.ValueAssertions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interoperability with Arrow's Java library, type by type, both ways: for every kind of type Arrow Java 19
 * supports, random columns of that kind (alone and nested in the others) with nulls, in several batches
 * one of which is empty, written by Arrow Java and read by us, and written by us and read by Arrow Java,
 * in the file and the stream format, uncompressed and compressed.
 */
class ArrowJavaInteropPropertyTest {
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  @TempDir
  Path tmp;

  /** Columns of {@code kind}: the kind itself, and inside lists/structs where it is a leaf. */
  private static Dataset data(Kind kind, long seed, int emptyAt) {
    Set<Kind> kinds = EnumSet.of(kind);
    if (kinds.equals(Kind.primitives(kinds)) && kind != Kind.METADATA) {
      kinds.addAll(EnumSet.of(Kind.LIST, Kind.STRUCT));
    } else {
      kinds.addAll(EnumSet.of(Kind.INT, Kind.UTF8));
    }
    kinds.retainAll(Kind.ARROW_JAVA);
    Dataset data = new RandomData(seed, kinds).maxDepth(3).dataset(4, 3, 30);
    // An empty (zero-row) batch in the middle.
    List<List<List<Object>>> batches = new ArrayList<>(data.batches());
    List<List<Object>> empty = new ArrayList<>();
    data.schema().fields().forEach(f -> empty.add(List.of()));
    batches.add(Math.min(emptyAt, batches.size()), empty);
    return new Dataset(data.schema(), batches);
  }

  private static Stream<Kind> kinds() {
    return Kind.ARROW_JAVA.stream();
  }

  @TestFactory
  Stream<DynamicTest> writtenByArrowJavaReadByUs() {
    return kinds().flatMap(kind -> Stream.of(ArrowJavaWriter.Compression.NONE, ArrowJavaWriter.Compression.LZ4_FRAME)
        .map(codec -> DynamicTest.dynamicTest(kind + ", " + codec, () -> {
          Dataset data = data(kind, kind.ordinal() * 31L + codec.ordinal(), 1);
          Path file = tmp.resolve(kind + "-" + codec + ".arrow");
          Path stream = tmp.resolve(kind + "-" + codec + ".stream");
          ArrowJavaWriter.writeFile(file, data, codec);
          ArrowJavaWriter.writeStream(stream, data, codec);
          for (Path written : new Path[] {file, stream}) {
            try (BatchReader reader = BatchReaders.open(written, FULL)) {
              ValueAssertions.assertDatasetsEqual(data, Batches.readAll(reader),
                  ValueAssertions.SchemaCheck.IGNORE_DICTIONARY_IDS);
            }
          }
        })));
  }

  @TestFactory
  Stream<DynamicTest> writtenByUsReadByArrowJava() {
    CompressionCodec[] codecs = {null, CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD};
    return kinds().flatMap(kind -> Stream.of(codecs).map(codec -> DynamicTest.dynamicTest(
        kind + ", " + (codec == null ? "uncompressed" : codec), () -> {
          Dataset data = data(kind, kind.ordinal() * 17L + (codec == null ? 0 : codec.ordinal() + 1), 1);
          WriteOptions options = WriteOptions.DEFAULT.withCompression(codec);
          Path file = tmp.resolve(kind + "-" + codec + ".arrow");
          Path stream = tmp.resolve(kind + "-" + codec + ".stream");
          // Arrow Java 19's file reader loads one dictionary batch per id and ignores deltas, which our file
          // writer emits when a later batch brings new dictionary values (legal, and read by Arrow C++ and
          // arrow-rs). So Arrow Java gets those files as one batch; streams keep every batch.
          Dataset fileData = hasDictionary(data.schema()) ? oneBatch(data) : data;
          try (ArrowFileWriter fileWriter = ArrowFileWriter.create(file, data.schema(), options)) {
            for (RecordBatch batch : Batches.build(fileData)) {
              fileWriter.write(batch);
            }
          }
          try (ArrowStreamWriter streamWriter = ArrowStreamWriter.create(stream, data.schema(), options)) {
            for (RecordBatch batch : Batches.build(data)) {
              streamWriter.write(batch);
            }
          }
          ValueAssertions.assertDatasetsEqual(fileData, ArrowJavaValues.fromFile(file),
              ValueAssertions.SchemaCheck.IGNORE_DICTIONARY_IDS);
          ValueAssertions.assertDatasetsEqual(data, ArrowJavaValues.fromStream(stream),
              ValueAssertions.SchemaCheck.IGNORE_DICTIONARY_IDS);
        })));
  }

  private static boolean hasDictionary(Schema schema) {
    return schema.fields().stream().anyMatch(ArrowJavaInteropPropertyTest::hasDictionary);
  }

  private static boolean hasDictionary(Field field) {
    return field.isDictionaryEncoded() || field.children().stream().anyMatch(ArrowJavaInteropPropertyTest::hasDictionary);
  }

  private static Dataset oneBatch(Dataset data) {
    List<List<Object>> columns = new ArrayList<>();
    data.schema().fields().forEach(f -> columns.add(new ArrayList<>()));
    for (List<List<Object>> batch : data.batches()) {
      for (int c = 0; c < columns.size(); c++) {
        columns.get(c).addAll(batch.get(c));
      }
    }
    return new Dataset(data.schema(), List.of(columns));
  }
}
