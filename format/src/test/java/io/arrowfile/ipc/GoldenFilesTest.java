package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.CompressionCodec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every file and stream of arrow-testing reads without error, fully validated, and file and stream agree. */
class GoldenFilesTest {
  static final ReadOptions FULL = ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL);

  static List<Path> goldenFiles(String suffix) throws IOException {
    String dir = System.getProperty("arrowfile.testing.dir");
    Assumptions.assumeTrue(dir != null && Files.isDirectory(Path.of(dir)), "no arrow-testing dir");
    List<Path> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of(dir), 2)) {
      files.filter(p -> p.toString().endsWith(suffix)).sorted().forEach(out::add);
    }
    return out;
  }

  static List<List<Object>> rows(RecordBatch batch) {
    List<List<Object>> rows = new ArrayList<>();
    List<ArrowArray> views = batch.columns().stream().map(ArrowArray::of).toList();
    for (long r = 0; r < batch.length(); r++) {
      List<Object> row = new ArrayList<>();
      for (ArrowArray v : views) {
        row.add(Values.normalize(v.getObject(r)));
      }
      rows.add(row);
    }
    return rows;
  }

  @TestFactory
  Stream<DynamicTest> filesRead() throws IOException {
    return goldenFiles(".arrow_file").stream().map(p -> DynamicTest.dynamicTest(
        p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          List<List<Object>> fromFile = new ArrayList<>();
          try (ArrowFileReader r = ArrowFileReader.open(p, FULL)) {
            assertNotNull(r.schema());
            RecordBatch b;
            while ((b = r.next()) != null) {
              fromFile.addAll(rows(b));
            }
            // random access, backwards
            for (int k = r.recordBatchCount() - 1; k >= 0; k--) {
              assertNotNull(r.recordBatch(k));
            }
          }
          Path stream = Path.of(p.toString().replace(".arrow_file", ".stream"));
          if (Files.exists(stream)) {
            List<List<Object>> fromStream = new ArrayList<>();
            try (InputStream in = Files.newInputStream(stream);
                ArrowStreamReader r = ArrowStreamReader.open(in, stream.getFileName().toString(), FULL)) {
              RecordBatch b;
              while ((b = r.next()) != null) {
                fromStream.addAll(rows(b));
              }
            }
            assertEquals(fromFile, fromStream);
          }
          try (BatchReader r = BatchReaders.open(p, FULL)) {
            while (r.next() != null) {
              // read all
            }
          }
        }));
  }

  /** What we read from each golden file, written again by our writers (LZ4 too), reads back the same. */
  @TestFactory
  Stream<DynamicTest> filesRewritten() throws IOException {
    return goldenFiles(".arrow_file").stream().map(p -> DynamicTest.dynamicTest(
        p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          List<RecordBatch> batches = new ArrayList<>();
          io.arrowfile.columnar.type.Schema schema;
          try (ArrowFileReader r = ArrowFileReader.open(p, FULL)) {
            schema = r.schema();
            RecordBatch b;
            while ((b = r.next()) != null) {
              batches.add(b);
            }
          }
          for (WriteOptions options : new WriteOptions[] {WriteOptions.DEFAULT,
              WriteOptions.DEFAULT.withCompression(io.arrowfile.ipc.metadata.CompressionCodec.LZ4_FRAME)}) {
            IpcRoundTripTest.assertSameRows(batches,
                IpcRoundTripTest.readFile(IpcRoundTripTest.writeFile(batches, schema, options)));
            IpcRoundTripTest.assertSameRows(batches,
                IpcRoundTripTest.readStream(IpcRoundTripTest.writeStream(batches, schema, options)));
          }
        }));
  }

  @TestFactory
  Stream<DynamicTest> streamsRead() throws IOException {
    return goldenFiles(".stream").stream().map(p -> DynamicTest.dynamicTest(
        p.getParent().getFileName() + "/" + p.getFileName(), () -> {
          try (BatchReader r = BatchReaders.open(p, FULL)) {
            assertNotNull(r.schema());
            RecordBatch b;
            while ((b = r.next()) != null) {
              rows(b);
            }
          }
        }));
  }
}
