package io.arrowfile.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.Dataset;
import io.arrowfile.testing.RandomData;
import io.arrowfile.testing.ValueAssertions;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: reading some columns of a record batch gives exactly those columns of the full read, for every
 * kind of column (the skipped ones in between are counted, never decoded) and every compression.
 */
class ColumnSelectionPropertyTest {
  private static final CompressionCodec[] CODECS = {null, CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD};
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  @TempDir
  Path tmp;

  @TestFactory
  Stream<DynamicTest> someColumnsAreThoseColumnsOfTheWhole() {
    return LongStream.range(0, 40).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      Dataset data = new RandomData(seed, RandomData.Kind.ALL).maxDepth(3).dataset(2 + (int) (seed % 5), 2, 30);
      Path file = tmp.resolve(seed + ".arrow");
      try (ArrowFileWriter writer = ArrowFileWriter.create(file, data.schema(),
          WriteOptions.DEFAULT.withCompression(CODECS[(int) (seed % CODECS.length)]))) {
        for (RecordBatch batch : Batches.build(data)) {
          writer.write(batch);
        }
      }
      int n = data.schema().fields().size();
      try (ArrowFileReader reader = ArrowFileReader.open(file, FULL)) {
        for (int k = 0; k < reader.recordBatchCount(); k++) {
          List<List<Object>> whole = Batches.values(reader.recordBatch(k));
          for (int c = 0; c < n; c++) {
            RecordBatch one = reader.recordBatch(k, new int[] {c});
            assertEquals(List.of(data.schema().field(c)), one.schema().fields());
            ValueAssertions.assertBatchEqual(one.schema(), List.of(whole.get(c)), Batches.values(one),
                "column " + c + " of batch " + k);
          }
          RecordBatch firstAndLast = reader.recordBatch(k, new int[] {0, n - 1});
          ValueAssertions.assertBatchEqual(firstAndLast.schema(), List.of(whole.get(0), whole.get(n - 1)),
              Batches.values(firstAndLast), "first and last columns of batch " + k);
        }
      }
    }));
  }
}
