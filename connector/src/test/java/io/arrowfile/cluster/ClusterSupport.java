package io.arrowfile.cluster;

import io.arrowfile.testing.SparkRows;
import io.arrowfile.testing.SparkTesting;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Session and resource helpers of the surefire tests of this package. */
final class ClusterSupport {
  private ClusterSupport() {}

  static SparkSession spark(Path warehouse) {
    return SparkTesting.local("arrowfile-cluster-test", "spark.sql.catalogImplementation", "in-memory",
        "spark.sql.warehouse.dir", warehouse.toUri().toString());
  }

  /** Sorted JSON lines of the rows (binary as base64): exact and order-insensitive. */
  static List<String> canonical(Dataset<Row> df) {
    return SparkRows.canonical(df);
  }

  /** Open file descriptors of this JVM (Linux), or -1 where /proc is not there. */
  static int openFds() {
    Path fd = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fd)) {
      return -1;
    }
    try (Stream<Path> s = Files.list(fd)) {
      return (int) s.count();
    } catch (IOException e) {
      return -1;
    }
  }

  /** Open file descriptors of this JVM that point into {@code dir} (Linux), or -1. */
  static int openFdsUnder(Path dir) {
    Path fd = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fd)) {
      return -1;
    }
    String prefix = dir.toAbsolutePath().toString();
    int n = 0;
    try (Stream<Path> s = Files.list(fd)) {
      for (Path p : s.toList()) {
        try {
          if (Files.readSymbolicLink(p).toString().startsWith(prefix)) {
            n++;
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return n;
  }

  /** Lines of /proc/self/maps naming a file under {@code dir} (mappings of our data files), or -1. */
  static int mappingsUnder(Path dir) {
    Path maps = Path.of("/proc/self/maps");
    if (!Files.exists(maps)) {
      return -1;
    }
    String prefix = dir.toAbsolutePath().toString();
    try {
      return (int) Files.readAllLines(maps).stream().filter(l -> l.contains(prefix)).count();
    } catch (IOException e) {
      return -1;
    }
  }

  static BufferPoolMXBean mappedPool() {
    for (BufferPoolMXBean b : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (b.getName().equals("mapped")) {
        return b;
      }
    }
    throw new IllegalStateException("no 'mapped' buffer pool");
  }

  /** GC (twice, a short wait each) so that mappings and channels only the GC releases are released. */
  static void settle() throws InterruptedException {
    for (int k = 0; k < 3; k++) {
      System.gc();
      Thread.sleep(300);
    }
  }

  /** A copy of {@code good} at {@code bad} with its footer damaged: bytes flipped just before the trailer. */
  static Path flipFooter(Path good, Path bad) throws IOException {
    byte[] bytes = Files.readAllBytes(good);
    // File layout ends with: footer flatbuffer, int32 footer length, "ARROW1". Flip bytes inside the footer.
    int end = bytes.length - 10;
    for (int k = end - 40; k < end; k++) {
      bytes[k] ^= (byte) 0x5A;
    }
    Files.write(bad, bytes);
    return bad;
  }

  /** A copy of {@code good} at {@code bad} cut short (the trailer and part of the footer gone). */
  static Path truncate(Path good, Path bad, int cut) throws IOException {
    byte[] bytes = Files.readAllBytes(good);
    Files.write(bad, java.util.Arrays.copyOf(bytes, bytes.length - cut));
    return bad;
  }
}
