package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.builder.RecordBatchBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write that threw leaves nothing that reads as a success: the writer's close writes no footer (no
 * end-of-stream marker), deletes the file it created, and throws saying so. Before, the try-with-resources of
 * docs/library.md closed the writer after {@code write} threw (a codec jar missing) and left a valid 0-row file.
 */
class FailedWriteTest {
  private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.Int.INT64));

  @TempDir Path tmp;

  private static RecordBatch rows(long... ids) {
    RecordBatchBuilder b = RecordBatchBuilder.create(SCHEMA);
    for (long id : ids) {
      b.appendRow(id);
    }
    return b.build();
  }

  /** A channel that takes bytes until it is {@code full}, then fails as a full disk does: it throws inside write. */
  private static final class FailingChannel implements java.nio.channels.WritableByteChannel {
    final ByteArrayOutputStream taken = new ByteArrayOutputStream();
    boolean full;
    private boolean open = true;

    @Override
    public int write(ByteBuffer src) throws IOException {
      if (full) {
        throw new IOException("No space left on device");
      }
      int n = src.remaining();
      byte[] bytes = new byte[n];
      src.get(bytes);
      taken.write(bytes);
      return n;
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public void close() {
      open = false;
    }
  }

  @Test
  void aFileWhoseWriteThrewIsDeletedAndCloseSaysSo() throws IOException {
    Path file = tmp.resolve("data.arrow");
    Schema colors = Schema.of(DictionaryUnificationTest.COLOR);
    Object[] first = new Object[100];
    Object[] second = new Object[100];
    for (int i = 0; i < 100; i++) {
      first[i] = "a" + i;
      second[i] = "b" + i;
    }
    // The try-with-resources of docs/library.md: write throws inside the block, then close runs.
    ArrowFormatException thrown = assertThrows(ArrowFormatException.class, () -> {
      try (ArrowFileWriter writer = ArrowFileWriter.create(file, colors, WriteOptions.DEFAULT)) {
        writer.write(DictionaryUnificationTest.batch(colors, first));
        writer.write(DictionaryUnificationTest.batch(colors, second)); // 200 values outgrow int8 indices
      }
    });
    assertTrue(thrown.getMessage().contains("outgrows its int8 indices"), thrown.getMessage());
    assertEquals(1, thrown.getSuppressed().length, "close's own exception rides along");
    assertEquals(file + ": not finished, because a write failed (" + thrown + "); the file was deleted. Fix the"
        + " cause and write it again", thrown.getSuppressed()[0].getMessage());
    assertFalse(Files.exists(file), "no file that reads as a shorter success");
  }

  @Test
  void aChannelWhoseWriteThrewGetsNoFooterSoNoReaderAcceptsIt() throws IOException {
    FailingChannel channel = new FailingChannel();
    ArrowFileWriter writer = ArrowFileWriter.create(channel, SCHEMA, WriteOptions.DEFAULT);
    writer.write(rows(1, 2, 3));
    channel.full = true;
    IOException full = assertThrows(IOException.class, () -> writer.write(rows(4, 5, 6)));
    assertEquals("No space left on device", full.getMessage());

    IllegalStateException more = assertThrows(IllegalStateException.class, () -> writer.write(rows(7)));
    assertEquals("the Arrow output: an earlier write failed (java.io.IOException: No space left on device), so "
        + "this writer takes nothing more; close() abandons the output", more.getMessage());

    IOException closed = assertThrows(IOException.class, writer::close);
    assertEquals("the Arrow output: not finished, because a write failed (java.io.IOException: No space left on "
        + "device); the output was left without its footer, so no Arrow file reader accepts it. Fix the cause and "
        + "write it again", closed.getMessage());
    assertFalse(channel.isOpen());
    writer.close(); // once is enough: a second close does nothing

    Path left = Files.write(tmp.resolve("left.arrow"), channel.taken.toByteArray());
    assertThrows(ArrowFormatException.class, () -> {
      try (ArrowFileReader reader = ArrowFileReader.open(left, ReadOptions.DEFAULT)) {
        reader.recordBatchCount();
      }
    });
  }

  @Test
  void aStreamFileWhoseWriteThrewIsDeletedToo() throws IOException {
    Path file = tmp.resolve("data.arrows");
    ArrowStreamWriter writer = ArrowStreamWriter.create(file, SCHEMA, WriteOptions.DEFAULT);
    writer.write(rows(1));
    Schema other = Schema.of(Field.notNull("id", ArrowType.Int.INT32));
    // A schema mismatch is refused before anything is written: the writer goes on.
    assertThrows(IllegalArgumentException.class, () -> writer.write(RecordBatchBuilder.create(other).build()));
    writer.write(rows(2));
    writer.recordFailure(new OutOfMemoryError("Java heap space")); // as write records what it throws
    IOException closed = assertThrows(IOException.class, writer::close);
    assertTrue(closed.getMessage().endsWith("the file was deleted. Fix the cause and write it again"),
        closed.getMessage());
    assertFalse(Files.exists(file));
  }

  @Test
  void aWriterWithoutFailuresFinishesItsFile() throws IOException {
    Path file = tmp.resolve("ok.arrow");
    try (ArrowFileWriter writer = ArrowFileWriter.create(file, SCHEMA, WriteOptions.DEFAULT)) {
      writer.write(rows(1, 2));
      assertFalse(writer.failed());
    }
    try (ArrowFileReader reader = ArrowFileReader.open(file, ReadOptions.DEFAULT)) {
      assertEquals(List.of(2L), List.of(reader.recordBatch(0).length()));
    }
  }
}
