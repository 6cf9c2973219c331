package io.arrowfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz target (b): {@link io.arrowfile.ipc.ArrowStreamReader} over an {@link java.io.InputStream} of the input
 * bytes, default validation, every message read. Anything but
 * {@link io.arrowfile.columnar.ArrowFormatException} is a finding, and so is an allocation out of proportion
 * to the input.
 *
 * <p>Seeds and findings: {@code src/test/resources/io/arrowfile/fuzz/StreamReaderFuzzTestInputs/fuzz/}.
 * On-demand run: see {@link FileReaderFuzzTest}.
 */
class StreamReaderFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void fuzz(byte[] input) {
    if (input.length > FuzzReads.MAX_INPUT) {
      return;
    }
    FuzzReads.readsOrRejects(input, () -> FuzzReads.readStream(input, FuzzReads.OPTIONS, false));
  }
}
