package io.arrowfile.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.files.ReadMode;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.Dataset;
import io.arrowfile.testing.RandomData;
import io.arrowfile.testing.ValueAssertions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: reading some columns of a record batch gives exactly those columns of the full read, for every
 * kind of column (the skipped ones in between are counted, never decoded) and every compression; and so does
 * the connector's Hadoop path, which fetches only the wanted columns' byte ranges.
 */
class ColumnSelectionPropertyTest {
  private static final CompressionCodec[] CODECS = {null, CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD};
  private static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  @TempDir
  Path tmp;

  private Dataset write(long seed, Path file) throws Exception {
    Dataset data = new RandomData(seed, RandomData.Kind.ALL).maxDepth(3).dataset(2 + (int) (seed % 5), 2, 30);
    try (ArrowFileWriter writer = ArrowFileWriter.create(file, data.schema(),
        WriteOptions.DEFAULT.withCompression(CODECS[(int) (seed % CODECS.length)]))) {
      for (RecordBatch batch : Batches.build(data)) {
        writer.write(batch);
      }
    }
    return data;
  }

  @TestFactory
  Stream<DynamicTest> someColumnsAreThoseColumnsOfTheWhole() {
    return LongStream.range(0, 40).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      Path file = tmp.resolve(seed + ".arrow");
      Dataset data = write(seed, file);
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

  @TestFactory
  Stream<DynamicTest> someColumnsOverHadoopAreThoseColumnsOfTheWhole() {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    return LongStream.range(100, 120).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      Path file = tmp.resolve(seed + ".arrow");
      Dataset data = write(seed, file);
      int n = data.schema().fields().size();
      org.apache.hadoop.fs.Path hadoopPath = new org.apache.hadoop.fs.Path(file.toUri());
      List<List<List<Object>>> whole = new ArrayList<>();
      try (ArrowFileReader reader = ArrowFileReader.open(file, FULL)) {
        for (int k = 0; k < reader.recordBatchCount(); k++) {
          whole.add(Batches.values(reader.recordBatch(k)));
        }
      }
      List<int[]> selections = new ArrayList<>();
      for (int c = 0; c < n; c++) {
        selections.add(new int[] {c});
      }
      selections.add(new int[] {0, n - 1});
      for (int[] columns : selections) {
        try (BatchReader pruned = ArrowFiles.open(conf, hadoopPath, ReadMode.HADOOP, FULL, schema -> columns)) {
          for (int k = 0; k < whole.size(); k++) {
            RecordBatch batch = pruned.next();
            List<List<Object>> expected = new ArrayList<>();
            for (int c : columns) {
              expected.add(whole.get(k).get(c));
            }
            ValueAssertions.assertBatchEqual(batch.schema(), expected, Batches.values(batch),
                "columns " + java.util.Arrays.toString(columns) + " of batch " + k + " over Hadoop");
          }
          assertEquals(null, pruned.next());
        }
      }
    }));
  }
}
