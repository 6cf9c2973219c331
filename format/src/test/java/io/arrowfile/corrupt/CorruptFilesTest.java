package io.arrowfile.corrupt;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.fuzz.FuzzReads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Damaged copies of every golden file, in both formats: truncated at many lengths (every byte near the
 * start and the end, where magic, schema and footer live, and a stride through the body) and with random
 * bit flips. Reading each one fully (full validation, every value of every column) either succeeds or
 * ends in {@link ArrowFormatException}: never another exception, a JVM error or a hang.
 */
class CorruptFilesTest {
  private static final int FLIPS_PER_FILE = 300;

  static List<Path> goldenFiles() throws IOException {
    Path root = Path.of(System.getProperty("arrowfile.testing.dir", "../shared/arrow-testing"));
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> found = files.filter(p -> p.toString().endsWith(".arrow_file") || p.toString().endsWith(".stream"))
          .sorted().toList();
      assertFalse(found.isEmpty(), "no golden files under " + root.toAbsolutePath());
      return found;
    }
  }

  @TestFactory
  Stream<DynamicTest> truncatedFilesFailCleanly() throws IOException {
    return goldenFiles().stream().map(path -> DynamicTest.dynamicTest(name(path), () -> {
      byte[] whole = Files.readAllBytes(path);
      boolean fileFormat = path.toString().endsWith(".arrow_file");
      int failures = 0;
      for (int length = 0; length < whole.length; length++) {
        boolean near = length < 600 || whole.length - length < 600;
        if (!near && length % 61 != 0) {
          continue;
        }
        byte[] cut = Arrays.copyOf(whole, length);
        if (!readsOrFailsCleanly(cut, fileFormat, "truncated to " + length + " bytes")) {
          failures++;
        }
      }
      if (fileFormat) {
        assertTrue(failures > 0, "no truncation of a file-format file was noticed");
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> bitFlipsFailCleanlyOrReadValidData() throws IOException {
    return goldenFiles().stream().map(path -> DynamicTest.dynamicTest(name(path), () -> {
      byte[] whole = Files.readAllBytes(path);
      boolean fileFormat = path.toString().endsWith(".arrow_file");
      SplittableRandom random = new SplittableRandom(path.getFileName().toString().hashCode());
      for (int n = 0; n < FLIPS_PER_FILE; n++) {
        byte[] bad = whole.clone();
        int flips = 1 + random.nextInt(3);
        StringBuilder what = new StringBuilder("bits flipped at");
        for (int f = 0; f < flips; f++) {
          int bit = random.nextInt(bad.length * 8);
          bad[bit >>> 3] ^= (byte) (1 << (bit & 7));
          what.append(' ').append(bit >>> 3).append('.').append(bit & 7);
        }
        readsOrFailsCleanly(bad, fileFormat, what.toString());
      }
    }));
  }

  /** True when the bytes read completely; false when they ended in ArrowFormatException. */
  static boolean readsOrFailsCleanly(byte[] bytes, boolean fileFormat, String what) {
    long start = System.nanoTime();
    try {
      if (fileFormat) {
        FuzzReads.readFile(bytes, FuzzReads.FULL, true);
      } else {
        FuzzReads.readStream(bytes, FuzzReads.FULL, true);
      }
      return true;
    } catch (ArrowFormatException expected) {
      return false;
    } catch (Throwable e) {
      fail(what + ": expected ArrowFormatException or success, got " + e, e);
      return false;
    } finally {
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(millis < 5_000, what + ": took " + millis + " ms");
    }
  }

  private static String name(Path path) {
    return path.getParent().getFileName() + "/" + path.getFileName();
  }
}
