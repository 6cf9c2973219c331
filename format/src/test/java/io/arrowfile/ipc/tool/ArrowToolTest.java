package io.arrowfile.ipc.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileWriter;
import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.testing.GoldenFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user runs it: output, errors and exit status of inspect, cat and validate. */
class ArrowToolTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    out.reset();
    err.reset();
    return new ArrowTool(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private static GoldenFiles.Case golden(String name) {
    return GoldenFiles.find("1.0.0-littleendian", name);
  }

  @Test
  void inspectShowsSchemaMetadataBatchesAndCompression() {
    Path file = golden("generated_custom_metadata").arrowFile();
    assertEquals(0, run("inspect", file.toString()), err());
    String text = out();
    assertTrue(text.contains("Arrow IPC file format"), text);
    assertTrue(text.contains("metadata "), text);
    assertTrue(text.matches("(?s).*record batches: \\d+ \\(\\d+ rows\\).*"), text);
    assertTrue(text.contains("batch 0: "), text);

    Path stream = GoldenFiles.find("2.0.0-compression", "generated_zstd").stream();
    assertEquals(0, run("inspect", stream.toString()), err());
    assertTrue(out().contains("Arrow IPC stream format"), out());
    assertTrue(out().contains("zstd compressed"), out());
  }

  @Test
  void catPrintsJsonLinesUpToTheLimit() {
    Path file = golden("generated_primitive").arrowFile();
    assertEquals(0, run("cat", "--limit", "3", file.toString()), err());
    List<String> lines = out().lines().toList();
    assertEquals(3, lines.size(), out());
    lines.forEach(line -> assertTrue(line.startsWith("{") && line.endsWith("}"), line));

    assertEquals(0, run("cat", golden("generated_nested").stream().toString()), err());
    assertTrue(out().lines().count() > 3);
  }

  @Test
  void validateAcceptsEveryGoldenFileAndStream() {
    for (GoldenFiles.Case c : GoldenFiles.cases()) {
      assertEquals(0, run("validate", c.arrowFile().toString()), c.name() + ": " + err());
      assertTrue(out().contains("valid"), out());
      assertEquals(0, run("validate", c.stream().toString()), c.name() + ": " + err());
    }
  }

  @Test
  void validateRejectsATruncatedFileNamingIt() throws Exception {
    byte[] bytes = Files.readAllBytes(golden("generated_primitive").arrowFile());
    Path cut = tmp.resolve("cut.arrow");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length - 20));
    assertEquals(1, run("validate", cut.toString()));
    assertTrue(err().contains("cut.arrow"), err());
  }

  @Test
  void validateFindsInvalidUtf8ThatReadingAloneDoesNotCheck() throws Exception {
    // Binary bytes that are not UTF-8, labelled as a Utf8 column: structurally sound, so only the full
    // check can tell.
    ArrayBuilder binary = ArrayBuilder.create(Field.nullable("s", new ArrowType.Binary()));
    binary.appendObject("fine".getBytes(StandardCharsets.UTF_8));
    binary.appendObject(new byte[] {(byte) 0xC3, (byte) 0x28});
    Field utf8 = Field.nullable("s", new ArrowType.Utf8());
    ArrayData column = binary.build().withField(utf8);
    Schema schema = Schema.of(utf8);
    Path file = tmp.resolve("bad-utf8.arrow");
    try (ArrowFileWriter writer = ArrowFileWriter.create(file, schema,
        WriteOptions.DEFAULT.withCompression(CompressionCodec.LZ4_FRAME))) {
      writer.write(new RecordBatch(schema, 2, List.of(column)));
    }
    assertEquals(0, run("inspect", file.toString()), err());
    assertEquals(1, run("validate", file.toString()));
    assertTrue(err().contains("bad-utf8.arrow") && err().contains("'s'") && err().contains("UTF-8"), err());
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertEquals(2, run());
    assertEquals(2, run("frobnicate", "x.arrow"));
    assertTrue(err().contains("unknown command"), err());
    assertEquals(2, run("cat", "--limit"));
    assertEquals(2, run("cat", "--limit", "many", "x.arrow"));
    assertEquals(2, run("validate", tmp.resolve("missing.arrow").toString()));
    assertTrue(err().contains("no such file"), err());
    assertEquals(0, run("--help"));
  }

  /**
   * A directory as Spark writes one (partition folders, a _SUCCESS marker, a .crc beside a part file): each
   * command reads the part files Spark would, one line per file for inspect and validate, and a bad file is
   * named by its path without stopping validate.
   */
  @Test
  void aDirectoryIsReadAsSparkReadsIt() throws Exception {
    Schema schema = Schema.of(Field.notNull("id", ArrowType.Int.INT64));
    Path events = tmp.resolve("events");
    Path day1 = Files.createDirectories(events.resolve("day=1"));
    Path day2 = Files.createDirectories(events.resolve("day=2"));
    writeLongs(day1.resolve("part-00000.arrow"), schema, 1, 2);
    writeLongs(day2.resolve("part-00000.arrow"), schema, 3);
    Files.writeString(events.resolve("_SUCCESS"), "");
    Files.writeString(day1.resolve(".part-00000.arrow.crc"), "not Arrow");
    Files.createDirectories(events.resolve("_temporary/0")).resolve("part-9.arrow").toFile().createNewFile();

    assertEquals(0, run("validate", events.toString()), err());
    assertEquals(events.resolve("day=1/part-00000.arrow") + ": valid (1 record batches, 2 rows)\n"
        + events.resolve("day=2/part-00000.arrow") + ": valid (1 record batches, 1 rows)\n", out());

    assertEquals(0, run("inspect", events.toString()), err());
    assertEquals(events.resolve("day=1/part-00000.arrow") + ": Arrow IPC file format, "
        + Files.size(day1.resolve("part-00000.arrow")) + " bytes, 1 columns, 1 record batches (2 rows), uncompressed\n",
        out().lines().findFirst().orElseThrow() + "\n");
    assertEquals(2, out().lines().count(), out());

    assertEquals(0, run("cat", "--limit", "2", events.toString()), err());
    assertEquals("{\"id\": 1, \"day\": \"1\"}\n{\"id\": 2, \"day\": \"1\"}\n", out());
    assertEquals(0, run("cat", events.toString()), err());
    assertEquals(3, out().lines().count(), out());

    Path cut = day2.resolve("part-00001.arrow");
    Files.write(cut, Arrays.copyOf(Files.readAllBytes(day2.resolve("part-00000.arrow")), 100));
    assertEquals(1, run("validate", events.toString()));
    assertEquals(3, out().lines().count() + err().lines().count(), "a line per file: " + out() + err());
    assertTrue(err().startsWith("arrowfile: " + cut + ": "), "the path as given: " + err());

    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Files.writeString(empty.resolve("_SUCCESS"), "");
    assertEquals(2, run("validate", empty.toString()));
    assertEquals("arrowfile: no Arrow file under " + empty + " (names starting with _ or . are skipped, as Spark "
        + "skips them)\n", err());
  }

  private static void writeLongs(Path file, Schema schema, long... values) throws Exception {
    ArrayBuilder ids = ArrayBuilder.create(schema.field(0));
    for (long v : values) {
      ids.appendObject(v);
    }
    try (ArrowFileWriter writer = ArrowFileWriter.create(file, schema, WriteOptions.DEFAULT)) {
      writer.write(new RecordBatch(schema, values.length, List.of(ids.build())));
    }
  }
}
