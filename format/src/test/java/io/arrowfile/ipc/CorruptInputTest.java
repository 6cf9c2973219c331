package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random damage to valid files and streams: reading them either succeeds or fails with an
 * ArrowFormatException, never with another exception, and what is read under FULL validation can be viewed.
 */
class CorruptInputTest {

  static void readFileFully(byte[] bytes, ReadOptions options) throws IOException {
    try (ArrowFileReader r = ArrowFileReader.open(ByteSource.wrap(bytes, "fuzz"), options)) {
      for (int k = r.recordBatchCount() - 1; k >= 0; k--) {
        touch(r.recordBatch(k), options);
      }
    }
  }

  static void readStreamFully(byte[] bytes, ReadOptions options) throws IOException {
    try (ArrowStreamReader r = ArrowStreamReader.open(new ByteArrayInputStream(bytes), "fuzz", options)) {
      RecordBatch b;
      while ((b = r.next()) != null) {
        touch(b, options);
      }
    }
  }

  static void touch(RecordBatch b, ReadOptions options) {
    if (options.validation() != ValidationLevel.FULL) {
      return;
    }
    for (var c : b.columns()) {
      ArrowArray v = ArrowArray.of(c);
      for (long i = 0; i < c.length(); i++) {
        v.getObject(i);
      }
    }
  }

  interface Reader {
    void read(byte[] bytes, ReadOptions options) throws IOException;
  }

  static void fuzz(String name, byte[] original, Reader reader, int rounds, long seed) throws IOException {
    Random random = new Random(seed);
    for (int round = 0; round < rounds; round++) {
      byte[] bytes = original.clone();
      int flips = 1 + random.nextInt(4);
      for (int f = 0; f < flips; f++) {
        int at = random.nextInt(bytes.length);
        bytes[at] = random.nextInt(3) == 0 ? (byte) 0xFF : (byte) random.nextInt(256);
      }
      for (ReadOptions options : new ReadOptions[] {ReadOptions.DEFAULT,
          ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL)}) {
        try {
          reader.read(bytes, options);
        } catch (ArrowFormatException expected) {
          // fine
        } catch (RuntimeException | IOException | StackOverflowError | OutOfMemoryError e) {
          AssertionError err = new AssertionError(name + " round " + round + " (" + options.validation()
              + "): " + e, e);
          throw err;
        }
      }
    }
  }

  @Test
  void damagedFilesAndStreams() throws IOException {
    RecordBatch batch = TestData.allTypes();
    Schema schema = batch.schema();
    List<RecordBatch> batches = List.of(batch, batch.slice(1, 3));
    for (CompressionCodec codec : new CompressionCodec[] {null, CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD}) {
      WriteOptions options = WriteOptions.DEFAULT.withCompression(codec);
      fuzz("file " + codec, IpcRoundTripTest.writeFile(batches, schema, options), CorruptInputTest::readFileFully,
          150, 1);
      fuzz("stream " + codec, IpcRoundTripTest.writeStream(batches, schema, options),
          CorruptInputTest::readStreamFully, 150, 2);
    }
  }

  @Test
  void damagedGoldenFiles() throws IOException {
    List<Path> files = new ArrayList<>(GoldenFilesTest.goldenFiles(".arrow_file"));
    long seed = 3;
    for (Path p : files) {
      fuzz(p.getFileName().toString(), Files.readAllBytes(p), CorruptInputTest::readFileFully, 25, seed++);
      Path stream = Path.of(p.toString().replace(".arrow_file", ".stream"));
      if (Files.exists(stream)) {
        fuzz(stream.getFileName().toString(), Files.readAllBytes(stream), CorruptInputTest::readStreamFully, 25, seed++);
      }
    }
  }
}
