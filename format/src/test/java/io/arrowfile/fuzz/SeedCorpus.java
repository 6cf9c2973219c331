package io.arrowfile.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the fuzzing seed corpus into the Jazzer inputs directories
 * ({@code src/test/resources/io/arrowfile/fuzz/<Target>Inputs/fuzz/}): a few golden files from
 * arrow-testing (below 20 KiB, a file and a stream from each folder) and our {@link Samples}. Run it
 * again after adding samples:
 * <pre>java -cp target/test-classes:target/classes:$(deps) io.arrowfile.fuzz.SeedCorpus ../shared/arrow-testing src/test/resources</pre>
 * Findings saved next to the seeds ({@code crash-*}) are left alone.
 */
public final class SeedCorpus {
  static final List<String> GOLDEN = List.of(
      "1.0.0-littleendian/generated_custom_metadata",
      "1.0.0-littleendian/generated_dictionary",
      "1.0.0-littleendian/generated_interval",
      "1.0.0-littleendian/generated_map",
      "1.0.0-littleendian/generated_nested",
      "1.0.0-littleendian/generated_nested_dictionary",
      "1.0.0-littleendian/generated_null",
      "1.0.0-littleendian/generated_union",
      "1.0.0-littleendian/generated_datetime",
      "2.0.0-compression/generated_lz4",
      "2.0.0-compression/generated_zstd",
      "4.0.0-shareddict/generated_shared_dict");

  private SeedCorpus() {}

  public static void main(String[] args) throws IOException {
    Path testing = Path.of(args[0]);
    Path resources = Path.of(args[1]).resolve("io/arrowfile/fuzz");
    Path file = resources.resolve("FileReaderFuzzTestInputs/fuzz");
    Path stream = resources.resolve("StreamReaderFuzzTestInputs/fuzz");
    Path full = resources.resolve("FullReadFuzzTestInputs/fuzz");
    for (Path dir : List.of(file, stream, full)) {
      Files.createDirectories(dir);
    }
    int i = 0;
    for (String g : GOLDEN) {
      String base = g.substring(g.indexOf('/') + 1).replace("generated_", "golden_");
      byte[] f = Files.readAllBytes(testing.resolve(g + ".arrow_file"));
      byte[] s = Files.readAllBytes(testing.resolve(g + ".stream"));
      Files.write(file.resolve(base + ".arrow_file"), f);
      Files.write(stream.resolve(base + ".stream"), s);
      // The full-read target gets half of them in each format.
      Files.write(full.resolve(base + (i++ % 2 == 0 ? ".arrow_file" : ".stream")), i % 2 == 0 ? s : f);
    }
    for (Samples.Sample sample : Samples.all().values()) {
      byte[] f = sample.file();
      byte[] s = sample.stream();
      Files.write(file.resolve("ours_" + sample.name() + ".arrow_file"), f);
      Files.write(stream.resolve("ours_" + sample.name() + ".stream"), s);
      Files.write(full.resolve("ours_" + sample.name() + ".arrow_file"), f);
      Files.write(full.resolve("ours_" + sample.name() + ".stream"), s);
    }
  }
}
