package io.arrowfile.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assertions;

/**
 * nanoarrow, the Arrow C library, through its IPC stream reader: {@code testkit/c/nanoarrow_check.c} compiled by the
 * build with the nanoarrow sources vendored in {@code testkit/c/nanoarrow} ({@code testkit/c/setup-nanoarrow.sh},
 * Maven's {@code nanoarrow-peer} execution), the other side of the tests of {@code io.arrowfile.interop.nanoarrow}.
 *
 * <p>Where the build could not compile it (no gcc on the machine), {@link #require()} skips the calling test with
 * the reason and how to enable it; with {@code CI=true} it fails instead, so CI cannot pass by skipping.
 */
public final class NanoarrowPeer {
  private static final Path DIR = Path.of(System.getProperty("arrowfile.nanoarrow.dir", "target/nanoarrow"));
  private static final AtomicBoolean ANNOUNCED = new AtomicBoolean();

  /** What nanoarrow's own error says, or the checker's output: the outcome of one {@link #check}. */
  public record Result(int exitCode, String stdout, String stderr) {
    public boolean ok() {
      return exitCode == 0;
    }
  }

  private NanoarrowPeer() {}

  /** The compiled checker, or a skip (a failure in CI) saying why there is none and how to get it. */
  public static Path require() {
    Path checker = DIR.resolve("nanoarrow_check");
    if (Files.isExecutable(checker)) {
      return checker;
    }
    PeerSetup.unavailable(DIR, "nanoarrow", "nanoarrow (C)", "install gcc", ANNOUNCED);
    return null;
  }

  /**
   * The IPC codecs the checker was built with ({@code zstd}, {@code lz4}): those whose shared library the machine
   * has. With {@code CI=true} the build requires both.
   */
  public static Set<String> codecs() {
    require();
    try {
      String line = Files.readString(DIR.resolve("codecs")).strip();
      return line.isEmpty() ? Set.of() : Set.of(line.split(" "));
    } catch (IOException e) {
      throw new AssertionError("no codec list beside the checker in " + DIR + ": " + e, e);
    }
  }

  /**
   * Reads the stream {@code file} with nanoarrow, validating every batch fully, and returns its one JSON line
   * (fields, rows, and per column non-null values and sums); an error of nanoarrow fails the test with its words.
   */
  public static String run(Path file) {
    Result r = check(file);
    if (!r.ok()) {
      Assertions.fail("nanoarrow could not read " + file + " (exit " + r.exitCode() + "):\n" + r.stderr());
    }
    return r.stdout().strip();
  }

  /** Like {@link #run} but returns a failure too, for the tests that expect nanoarrow to refuse a file. */
  public static Result check(Path file) {
    List<String> command = List.of(require().toAbsolutePath().toString(), file.toAbsolutePath().toString());
    try {
      Path err = Files.createTempFile("nanoarrow-peer", ".err");
      Path out = Files.createTempFile("nanoarrow-peer", ".out");
      try {
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          Assertions.fail("nanoarrow_check ran over 60 s on " + file + ":\n" + Files.readString(err));
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(err);
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw new AssertionError("could not run " + command + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + command, e);
    }
  }
}
