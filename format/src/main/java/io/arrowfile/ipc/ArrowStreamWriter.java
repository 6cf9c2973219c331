package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Schema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * Writes the IPC stream format: the schema, then for each batch the dictionary batches it needs (a changed
 * dictionary goes out as a delta when it extends the previous one, otherwise as a replacement) and the
 * record batch, and on close the end-of-stream marker.
 *
 * <p>A caller that keeps its dictionaries itself (a dictionary that grows batch by batch, whose previous values
 * {@link #write} would compare in full each time) writes them with {@link #writeDictionary} and the batches with
 * {@link #writeAfterDictionaries}.
 */
public final class ArrowStreamWriter extends IpcWriter {
  /** The dictionary ids written by {@link #writeDictionary}. */
  private final Set<Long> given = new HashSet<>();

  private ArrowStreamWriter(WritableByteChannel channel, Schema schema, WriteOptions options) throws IOException {
    super(channel, schema, options, false, 0);
    writeSchema();
  }

  /** A writer to {@code channel}, which {@link #close()} closes. */
  public static ArrowStreamWriter create(WritableByteChannel channel, Schema schema, WriteOptions options)
      throws IOException {
    return new ArrowStreamWriter(channel, schema, options);
  }

  /** A writer to {@code out}, which {@link #close()} closes. */
  public static ArrowStreamWriter create(OutputStream out, Schema schema, WriteOptions options)
      throws IOException {
    return new ArrowStreamWriter(Channels.newChannel(out), schema, options);
  }

  public static ArrowStreamWriter create(Path path, Schema schema, WriteOptions options) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING);
    try {
      ArrowStreamWriter writer = create(channel, schema, options);
      writer.path = path;
      return writer;
    } catch (IOException | RuntimeException e) {
      channel.close();
      Files.deleteIfExists(path);
      throw e;
    }
  }

  @Override
  public void write(RecordBatch batch) throws IOException {
    super.write(batch);
  }

  /**
   * Writes a dictionary batch of dictionary {@code id} now. The first of an id is the whole dictionary
   * ({@code delta} false); later ones either extend it ({@code delta} true: {@code values} are appended, and
   * indices go on past the previous values) or replace it ({@code delta} false), as the stream format allows.
   * Every dictionary of the schema must be written before the first record batch: Arrow C++ (pyarrow) reads a
   * stream's initial dictionaries before its first batch and refuses a stream that lacks one there.
   */
  public void writeDictionary(long id, ArrayData values, boolean delta) throws IOException {
    if (delta && !given.contains(id)) {
      throw new IllegalStateException("dictionary " + id + ": a delta needs the dictionary written before it");
    }
    writeDictionaryBatchAsGiven(id, values, delta, options);
    given.add(id);
  }

  /**
   * Writes {@code batch} without dictionary batches: its dictionary-encoded columns (top-level only) hold indices
   * into the dictionaries written before by {@link #writeDictionary} (the dictionaries attached to its arrays, if
   * any, are ignored).
   *
   * @throws IllegalStateException when a dictionary of the schema was not written yet
   */
  public void writeAfterDictionaries(RecordBatch batch) throws IOException {
    writeIndicesOnly(batch, given);
  }

  /**
   * Writes the end-of-stream marker and closes the channel. After a failed write it writes no marker: it closes
   * the channel, deletes the file {@link #create(Path, Schema, WriteOptions)} made, and throws an IOException
   * saying so.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (failed()) {
      abandon("the stream was left without its end-of-stream marker (readers that require it refuse the stream; "
          + "others read the batches written before the failure)");
    }
    try {
      messages.writeEndOfStream();
    } finally {
      channel.close();
    }
  }
}
