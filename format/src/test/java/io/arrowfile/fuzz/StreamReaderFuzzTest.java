package io.arrowfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz target (b): {@link io.arrowfile.ipc.ArrowStreamReader} over an {@link java.io.InputStream} of the input
 * bytes, default validation, every message read; then {@link io.arrowfile.ipc.ArrowStreamDecoder} over the same
 * bytes, as a split of a stream file drives it (headers from the start, chosen columns, batches from an offset).
 * Anything but {@link io.arrowfile.columnar.ArrowFormatException} is a finding, and so is an allocation out of
 * proportion to the input.
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
    // the same bytes as a split reader walks them: the whole stream, every other column, and a split from the middle
    FuzzReads.readsOrRejects(input, () -> FuzzReads.decodeStream(input, FuzzReads.OPTIONS, 0, true));
    FuzzReads.readsOrRejects(input, () -> FuzzReads.decodeStream(input, FuzzReads.OPTIONS, input.length / 2, false));
  }
}
