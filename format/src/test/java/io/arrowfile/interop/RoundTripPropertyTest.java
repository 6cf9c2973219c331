package io.arrowfile.interop;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.ArrowStreamWriter;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.BatchReaders;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.Dataset;
import io.arrowfile.testing.RandomData;
import io.arrowfile.testing.ValueAssertions;
import java.nio.file.Path;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: random schemas of every kind the format has (nested up to four levels: lists, list views,
 * structs, maps, unions, dictionaries with nested values, run-end encoding over every primitive type) and
 * random data with nulls survive our builders, our writer and our reader unchanged, in both formats and
 * with every body compression, fully validated on the way in.
 */
class RoundTripPropertyTest {
  private static final CompressionCodec[] CODECS = {null, CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD};
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  @TempDir
  Path tmp;

  @TestFactory
  Stream<DynamicTest> randomDataSurvivesWriteAndRead() {
    return LongStream.range(0, 120).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      Dataset data = new RandomData(seed, RandomData.Kind.ALL).maxDepth(4).dataset(1 + (int) (seed % 6),
          (int) (seed % 4), 40);
      WriteOptions options = WriteOptions.DEFAULT.withCompression(CODECS[(int) (seed % CODECS.length)]);
      Path file = tmp.resolve(seed + ".arrow");
      Path stream = tmp.resolve(seed + ".stream");
      try (ArrowFileWriter fileWriter = ArrowFileWriter.create(file, data.schema(), options);
           ArrowStreamWriter streamWriter = ArrowStreamWriter.create(stream, data.schema(), options)) {
        for (RecordBatch batch : Batches.build(data)) {
          fileWriter.write(batch);
          streamWriter.write(batch);
        }
      }
      for (Path written : new Path[] {file, stream}) {
        try (BatchReader reader = BatchReaders.open(written, FULL)) {
          ValueAssertions.assertDatasetsEqual(data, Batches.readAll(reader));
        }
      }
    }));
  }
}
