package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the file and stream writers share: the schema message, dictionaries and record batches. Public so that a
 * caller can hold either ({@link ArrowFileWriter}, {@link ArrowStreamWriter}) as one type; only they extend it.
 */
public abstract class IpcWriter implements AutoCloseable {
  final WritableByteChannel channel;
  final Schema schema;
  final WriteOptions options;
  final SchemaMessage schemaMessage;
  final MessageWriter messages;
  final List<Block> dictionaryBlocks = new ArrayList<>();
  final List<Block> batchBlocks = new ArrayList<>();
  private final Map<Long, ArrayData> written = new HashMap<>();
  private final Map<Long, DictionaryUnifier> unifiers = new HashMap<>();
  private final Map<Long, ArrowType.Int> indexTypes = new HashMap<>();
  private final boolean file;
  boolean closed;
  /** The file this writer created, deleted if a write fails; null when it writes to a caller's channel. */
  Path path;
  /**
   * What the first failed write threw. From then on the output is never finished: a writer that went on to
   * close it would make a valid file of the batches before the failure, which reads as a complete, shorter (often
   * empty) success.
   */
  private Throwable failure;

  IpcWriter(WritableByteChannel channel, Schema schema, WriteOptions options, boolean file, long start) {
    this.channel = Objects.requireNonNull(channel, "channel");
    this.schema = Objects.requireNonNull(schema, "schema");
    this.options = options == null ? WriteOptions.DEFAULT : options;
    this.file = file;
    // No Feature flags, compressed or not: Arrow C++ (pyarrow) declares none, a reader learns of compression from
    // each record batch's own BodyCompression, and a strict reader (nanoarrow 0.9) refuses a stream that declares
    // COMPRESSED_BODY, which would lock our compressed files out of it while pyarrow's open.
    this.schemaMessage = new SchemaMessage(schema, Endianness.LITTLE, 0);
    this.messages = new MessageWriter(channel, start);
    for (Field field : schema.fields()) {
      collectIndexTypes(field, indexTypes);
    }
  }

  void writeSchema() throws IOException {
    messages.write(new Message(MetadataVersion.CURRENT, schemaMessage, 0, Map.of()));
  }

  /** Writes {@code batch}, preceded by the dictionary batches it needs. */
  public void write(RecordBatch batch) throws IOException {
    checkWritable();
    if (!batch.schema().fields().equals(schema.fields())) {
      throw new IllegalArgumentException("batch schema " + batch.schema() + " is not the writer's " + schema);
    }
    try {
      for (Map.Entry<Long, ArrayData> e : RecordBatchEncoder.collectDictionaries(batch).entrySet()) {
        batch = writeDictionary(e.getKey(), e.getValue(), batch);
      }
      writeEncoded(batch);
    } catch (Throwable t) {
      recordFailure(t);
      throw t;
    }
  }

  /** Refuses a write to a closed writer, or to one whose earlier write failed (its output is in an unknown state). */
  void checkWritable() {
    if (closed) {
      throw new IllegalStateException("writer is closed");
    }
    if (failure != null) {
      throw new IllegalStateException(output() + ": an earlier write failed (" + failure + "), so this writer "
          + "takes nothing more; close() abandons the output");
    }
  }

  /** Records {@code t}, thrown by a write, as the writer's failure. */
  void recordFailure(Throwable t) {
    failure = t;
  }

  /** Whether a write failed, so that {@link #close()} abandons the output instead of finishing it. */
  public boolean failed() {
    return failure != null;
  }

  /**
   * Closes the channel without finishing the output, deletes the file this writer created, and says so: called by
   * {@link #close()} after a failed write.
   *
   * @param unfinished what a reader makes of the output left behind, when it is a caller's channel
   */
  void abandon(String unfinished) throws IOException {
    channel.close();
    String left;
    if (path != null) {
      Files.deleteIfExists(path);
      left = "the file was deleted";
    } else {
      left = unfinished;
    }
    throw new IOException(output() + ": not finished, because a write failed (" + failure + "); " + left
        + ". Fix the cause and write it again");
  }

  private String output() {
    return path != null ? path.toString() : "the Arrow output";
  }

  /**
   * Writes {@code batch} as one record batch message without any dictionary batch (dictionaries attached to its
   * arrays are ignored): its dictionary-encoded columns must be top-level, and their dictionaries are the caller's
   * to write, where the format wants them. Returns the dictionary ids of those columns.
   */
  Set<Long> writeIndicesOnly(RecordBatch batch, Set<Long> mustBeWritten) throws IOException {
    checkWritable();
    if (!batch.schema().fields().equals(schema.fields())) {
      throw new IllegalArgumentException("batch schema " + batch.schema() + " is not the writer's " + schema);
    }
    Set<Long> ids = new HashSet<>();
    for (Field f : schema.fields()) {
      checkNoNestedDictionary(f, false);
      if (f.isDictionaryEncoded()) {
        ids.add(f.dictionary().id());
      }
    }
    if (mustBeWritten != null && !mustBeWritten.containsAll(ids)) {
      Set<Long> missing = new HashSet<>(ids);
      missing.removeAll(mustBeWritten);
      throw new IllegalStateException("dictionaries " + missing + " must be written before the first record "
          + "batch that uses them: a stream reader decodes each batch with the dictionaries read before it");
    }
    try {
      writeEncoded(batch);
    } catch (Throwable t) {
      recordFailure(t);
      throw t;
    }
    return ids;
  }

  private static void checkNoNestedDictionary(Field f, boolean nested) {
    if (nested && f.isDictionaryEncoded()) {
      throw new IllegalArgumentException("a batch written without its dictionaries may have dictionary-encoded "
          + "top-level columns only, not '" + f.name() + "'");
    }
    for (Field c : f.children()) {
      checkNoNestedDictionary(c, true);
    }
  }

  /**
   * Writes a dictionary batch of {@code id} now, not recorded for {@link #write}'s comparisons: for callers that
   * keep their dictionaries themselves (a delta when {@code delta}).
   */
  void writeDictionaryBatchAsGiven(long id, ArrayData values, boolean delta, WriteOptions batchOptions)
      throws IOException {
    checkWritable();
    try {
      emitDictionary(id, values, delta, batchOptions);
    } catch (Throwable t) {
      recordFailure(t);
      throw t;
    }
  }

  /** Writes {@code batch} as one record batch message, dictionaries aside. */
  void writeEncoded(RecordBatch batch) throws IOException {
    RecordBatchEncoder.Encoded encoded = RecordBatchEncoder.encode(batch, options);
    Message message = new Message(MetadataVersion.CURRENT, encoded.header(), encoded.bodyLength(), Map.of());
    batchBlocks.add(messages.write(message, encoded.header().buffers(), encoded.buffers()));
  }

  /**
   * Writes what a reader needs to decode {@code batch}'s dictionary {@code id}: nothing when it was written
   * already, a delta when it extends it, a replacement in a stream. A file can't replace a dictionary, so
   * there the new values go out as a delta and the returned batch has its indices rewritten to match.
   */
  private RecordBatch writeDictionary(long id, ArrayData values, RecordBatch batch) throws IOException {
    ArrayData previous = written.get(id);
    if (previous == values) {
      return batch;
    }
    if (previous == null) {
      emitDictionary(id, values, false);
      written.put(id, values);
      return batch;
    }
    if (sameContent(previous, values)) {
      return batch;
    }
    if (previous.length() <= values.length() && sameContent(previous, values.slice(0, previous.length()))) {
      emitDictionary(id, values.slice(previous.length(), values.length() - previous.length()), true);
      written.put(id, values);
      return batch;
    }
    if (!file) {
      emitDictionary(id, values, false);
      written.put(id, values);
      return batch;
    }
    DictionaryUnifier unifier = unifiers.get(id);
    if (unifier == null || unifier.combined() != previous) {
      unifier = new DictionaryUnifier(id, previous);
      unifiers.put(id, unifier);
    }
    DictionaryUnifier.Plan plan = unifier.merge(values, indexTypes.get(id));
    if (plan.delta().length() > 0) {
      emitDictionary(id, plan.delta(), true);
    }
    written.put(id, unifier.combined());
    return unifier.remap(batch, plan.remap());
  }

  /** Writes a non-delta dictionary batch and records it as written. */
  void writeDictionaryBatch(long id, ArrayData values) throws IOException {
    writeDictionaryBatch(id, values, options);
  }

  void writeDictionaryBatch(long id, ArrayData values, WriteOptions batchOptions) throws IOException {
    if (written.containsKey(id)) {
      throw new IllegalStateException("dictionary " + id + " was written already");
    }
    emitDictionary(id, values, false, batchOptions);
    written.put(id, values);
  }

  private void emitDictionary(long id, ArrayData toWrite, boolean delta) throws IOException {
    emitDictionary(id, toWrite, delta, options);
  }

  private void emitDictionary(long id, ArrayData toWrite, boolean delta, WriteOptions batchOptions)
      throws IOException {
    RecordBatchEncoder.Encoded encoded = RecordBatchEncoder.encodeArray(toWrite, batchOptions);
    DictionaryBatchHeader header = new DictionaryBatchHeader(id, encoded.header(), delta);
    Message message = new Message(MetadataVersion.CURRENT, header, encoded.bodyLength(), Map.of());
    dictionaryBlocks.add(messages.write(message, encoded.header().buffers(), encoded.buffers()));
  }

  private static void collectIndexTypes(Field field, Map<Long, ArrowType.Int> out) {
    if (field.isDictionaryEncoded()) {
      out.putIfAbsent(field.dictionary().id(), field.dictionary().indexType());
    }
    for (Field child : field.children()) {
      collectIndexTypes(child, out);
    }
  }

  /** Whether two arrays encode to the same bytes (uncompressed). */
  static boolean sameContent(ArrayData a, ArrayData b) {
    if (a.length() != b.length() || !a.field().type().equals(b.field().type())) {
      return false;
    }
    RecordBatchEncoder.Encoded ea = RecordBatchEncoder.encodeArray(a, WriteOptions.DEFAULT);
    RecordBatchEncoder.Encoded eb = RecordBatchEncoder.encodeArray(b, WriteOptions.DEFAULT);
    if (!ea.header().nodes().equals(eb.header().nodes())
        || !ea.header().buffers().equals(eb.header().buffers())
        || !ea.header().variadicBufferCounts().equals(eb.header().variadicBufferCounts())) {
      return false;
    }
    for (int i = 0; i < ea.buffers().size(); i++) {
      if (!sameBytes(ea.buffers().get(i), eb.buffers().get(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameBytes(ArrowBuffer x, ArrowBuffer y) {
    if (x.length() != y.length()) {
      return false;
    }
    long n = x.length();
    long i = 0;
    for (; i + 8 <= n; i += 8) {
      if (x.getLong(i) != y.getLong(i)) {
        return false;
      }
    }
    for (; i < n; i++) {
      if (x.getByte(i) != y.getByte(i)) {
        return false;
      }
    }
    return true;
  }

  /** Finishes the output and closes the channel. */
  @Override
  public abstract void close() throws IOException;

  public Schema schema() {
    return schema;
  }

  /** Bytes written so far. */
  public long bytesWritten() {
    return messages.position();
  }
}
