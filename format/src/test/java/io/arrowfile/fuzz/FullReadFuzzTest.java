package io.arrowfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz target (c): file or stream (by the magic), {@link io.arrowfile.columnar.ValidationLevel#FULL}
 * validation, then every value of every column read through the views ({@code isNull}, {@code getObject}).
 * What FULL validation accepts must be safe to view: an exception from a view is a finding.
 *
 * <p>Seeds and findings: {@code src/test/resources/io/arrowfile/fuzz/FullReadFuzzTestInputs/fuzz/}.
 * On-demand run: see {@link FileReaderFuzzTest}.
 */
class FullReadFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void fuzz(byte[] input) {
    if (input.length > FuzzReads.MAX_INPUT) {
      return;
    }
    FuzzReads.readsOrRejects(input, () -> FuzzReads.readEither(input, FuzzReads.FULL, true));
  }
}
