package io.arrowfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz target (a): {@link io.arrowfile.ipc.ArrowFileReader} over a {@link io.arrowfile.ipc.ByteSource} of the
 * input bytes, default validation, every record batch read (at random, then in order); then the same bytes through
 * {@link io.arrowfile.ipc.ArrowFileDecoder} as a scan reads them, columns decompressed when loaded
 * ({@link FuzzReads#decodeFile}). Anything but
 * {@link io.arrowfile.columnar.ArrowFormatException} is a finding, and so is an allocation out of proportion
 * to the input ({@link FuzzReads#allocationBudget}).
 *
 * <p>Seeds and findings (regression inputs) live in {@code src/test/resources/io/arrowfile/fuzz/
 * FileReaderFuzzTestInputs/fuzz/}; a plain {@code mvn test} replays them. {@code mvn verify} fuzzes this
 * target for 20 seconds; the on-demand run, 10 minutes per target and nothing else, is
 * <pre>mvn -Pfuzz -pl format test [-Darrowfile.fuzz.duration=1h]</pre>
 * A crash is written as {@code crash-<sha1>} into {@code <buildDir>/jazzer/fork-N/}: copy it into the inputs
 * directory above so it becomes a regression test.
 */
class FileReaderFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void fuzz(byte[] input) {
    if (input.length > FuzzReads.MAX_INPUT) {
      return;
    }
    FuzzReads.readsOrRejects(input, () -> FuzzReads.readFile(input, FuzzReads.OPTIONS, false));
    FuzzReads.readsOrRejects(input, () -> FuzzReads.decodeFile(input, FuzzReads.OPTIONS, input.length % 2 == 0));
  }
}
