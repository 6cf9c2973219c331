package io.arrowfile.connector.read;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.flatbuf.MetadataCodec;
import io.arrowfile.ipc.message.DictionaryReader;
import io.arrowfile.ipc.message.MessageReader;
import io.arrowfile.ipc.message.RecordBatchDecoder;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the record batches of an IPC file with positioned reads ({@link LocalFile} or {@link HadoopByteSource}),
 * fetching only the wanted columns' bytes: per record batch, the block's metadata, then the byte ranges of the
 * wanted columns' body buffers, with ranges less than {@link #COALESCE_GAP} apart read together (or, where the
 * file system reads lists of ranges itself, such as S3A, all of them handed to its vectored read). The wanted
 * buffers are laid out in a compact body ({@link BodyMemory}) and decoded as a record batch of the pruned schema;
 * dictionaries are read only for the ids the wanted columns use. Which nodes and buffers belong to which column
 * is the decoder's knowledge ({@link RecordBatchDecoder#select}), not repeated here. After a batch's bytes
 * are in, the source checks that the file is still the version it opened ({@link PositionedSource#requireUnchanged}).
 */
final class PositionedFileReader implements BatchReader {
  /** Ranges closer than this are read in one request (the gap is read and dropped). */
  static final long COALESCE_GAP = 1 << 20;

  private final PositionedSource source;
  private final BodyMemory memory;
  private final ArrowFileReader file;
  private final ReadOptions options;
  private final int[] columns;
  /** For each field of the file's schema: null when not read, else the field as read (see {@link #schema()}). */
  private final List<Field> wanted;
  private final Schema pruned;
  private final Endianness endianness;
  private DictionaryReader dictionaries;
  private int next;
  private long bytesFetched;

  /**
   * {@code wanted}: for each field of the file's schema, null when it is not read, else the field as read: itself,
   * or with struct children left out ({@code NestedPruning.prune}), whose buffers are then not read either;
   * {@code memory}: where bodies are read (reused across batches or not).
   */
  PositionedFileReader(PositionedSource source, ArrowFileReader file, List<Field> wanted, ReadOptions options,
      BodyMemory memory) {
    this.source = source;
    this.memory = memory;
    this.file = file;
    this.options = options;
    this.wanted = new ArrayList<>(wanted);
    List<Field> fields = new ArrayList<>();
    List<Integer> read = new ArrayList<>();
    for (int c = 0; c < wanted.size(); c++) {
      if (wanted.get(c) != null) {
        fields.add(wanted.get(c));
        read.add(c);
      }
    }
    this.columns = read.stream().mapToInt(Integer::intValue).toArray();
    this.pruned = new Schema(fields, file.schema().metadata());
    this.endianness = file.footer().schema().endianness();
  }

  @Override
  public Schema schema() {
    return pruned;
  }

  @Override
  public int batchIndex() {
    return next;
  }

  @Override
  public String sourceName() {
    return source.name();
  }

  @Override
  public void close() throws IOException {
    memory.close();
    file.close();
  }

  private Message readMetadata(Block block) throws IOException {
    if (block.offset() < 0 || block.metaDataLength() < 8 || block.bodyLength() < 0
        || block.offset() + block.metaDataLength() + block.bodyLength() > source.size()) {
      throw new ArrowFormatException("footer block (offset " + block.offset() + ") is not within the file");
    }
    ArrowBuffer head = source.read(block.offset(), block.metaDataLength());
    int first = head.getInt(0);
    int prefix = first == -1 ? 8 : 4;
    int length = first == -1 ? head.getInt(4) : first;
    if (length <= 0 || length > block.metaDataLength() - prefix || length > options.maxMetadataLength()) {
      throw new ArrowFormatException("message metadata length " + length + " does not fit the block");
    }
    Message m = MetadataCodec.readMessage(MessageReader.contiguous(head.slice(prefix, length)));
    if (m.bodyLength() < 0 || m.bodyLength() > block.bodyLength()) {
      throw new ArrowFormatException("message body length " + m.bodyLength() + " exceeds the block's");
    }
    return m;
  }

  private DictionaryReader dictionaries() throws IOException {
    if (dictionaries == null) {
      DictionaryReader dicts = new DictionaryReader(pruned, endianness, true, options);
      Set<Long> wanted = new HashSet<>();
      for (Field f : pruned.fields()) {
        collectDictionaryIds(f, wanted);
      }
      List<Block> blocks = file.footer().dictionaries();
      for (int i = 0; i < blocks.size() && !wanted.isEmpty(); i++) {
        Block block = blocks.get(i);
        try {
          Message m = readMetadata(block);
          if (!(m.header() instanceof DictionaryBatchHeader header)) {
            throw new ArrowFormatException("footer's dictionary block points at another kind of message");
          }
          if (wanted.contains(header.id())) {
            dicts.read(header, source.read(block.offset() + block.metaDataLength(), m.bodyLength()), m.version());
          }
        } catch (ArrowFormatException e) {
          throw e.at("dictionary batch " + i + " (offset " + block.offset() + ")").in(source.name());
        }
      }
      dictionaries = dicts;
    }
    return dictionaries;
  }

  private static void collectDictionaryIds(Field f, Set<Long> ids) {
    if (f.isDictionaryEncoded()) {
      ids.add(f.dictionary().id());
    }
    for (Field c : f.children()) {
      collectDictionaryIds(c, ids);
    }
  }

  @Override
  public RecordBatch next() throws IOException {
    if (next >= file.recordBatchCount()) {
      return null;
    }
    return recordBatch(next++);
  }

  /** The indexes in the file's schema of the columns read (ascending): position k of {@link #schema()} is columns()[k]. */
  int[] columns() {
    return columns.clone();
  }

  /** The file underneath (footer, custom metadata, full schema). */
  ArrowFileReader file() {
    return file;
  }

  /** Bytes fetched for record batches so far (metadata and wanted ranges, gaps included). */
  long bytesFetched() {
    return bytesFetched;
  }

  /** Record batch {@code k}, holding only the wanted columns. */
  RecordBatch recordBatch(int k) throws IOException {
    java.util.Objects.checkIndex(k, file.recordBatchCount());
    Block block = file.footer().recordBatches().get(k);
    try {
      DictionaryReader dicts = dictionaries();
      Message m = readMetadata(block);
      bytesFetched += block.metaDataLength();
      if (!(m.header() instanceof RecordBatchHeader header)) {
        throw new ArrowFormatException("footer's record batch block points at another kind of message");
      }
      MetadataVersion version = m.version() == null ? MetadataVersion.CURRENT : m.version();
      // Which nodes, buffers and variadic counts belong to the wanted fields.
      RecordBatchHeader selected = RecordBatchDecoder.select(file.schema(), wanted, header, m.bodyLength(), version);
      List<FieldNode> nodes = selected.nodes();
      List<BodyBuffer> wantedBuffers = selected.buffers();
      List<Long> variadic = selected.variadicBufferCounts();
      // Coalesce the wanted ranges (in file order) and lay them out in a compact body.
      long bodyStart = block.offset() + block.metaDataLength();
      // A store that reads range lists itself gets the ranges as they are (only touching ones joined).
      boolean vectored = source instanceof HadoopByteSource h && h.readsVectored();
      long gap = vectored ? 0 : COALESCE_GAP;
      List<long[]> ranges = new ArrayList<>(); // {start, end} within the original body
      List<BodyBuffer> sorted = new ArrayList<>(wantedBuffers);
      sorted.sort((a, b) -> Long.compare(a.offset(), b.offset()));
      for (BodyBuffer b : sorted) { // each within the body: select checked
        if (b.length() == 0) {
          continue;
        }
        long[] last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
        if (last != null && b.offset() <= last[1] + gap) {
          last[1] = Math.max(last[1], b.offset() + b.length());
        } else {
          ranges.add(new long[] {b.offset(), b.offset() + b.length()});
        }
      }
      long[] placedAt = new long[ranges.size()];
      long size = 0;
      for (int r = 0; r < ranges.size(); r++) {
        size = (size + 63) & ~63L;
        placedAt[r] = size;
        size += ranges.get(r)[1] - ranges.get(r)[0];
      }
      ArrowBuffer body = memory.take(size);
      if (vectored) {
        List<long[]> inFile = new ArrayList<>(ranges.size());
        for (long[] range : ranges) {
          inFile.add(new long[] {bodyStart + range[0], bodyStart + range[1]});
          bytesFetched += range[1] - range[0];
        }
        List<java.nio.ByteBuffer> data = ((HadoopByteSource) source).readVectored(inFile);
        for (int r = 0; r < ranges.size(); r++) {
          memory.put(placedAt[r], data.get(r));
        }
      } else {
        for (int r = 0; r < ranges.size(); r++) {
          long[] range = ranges.get(r);
          memory.read(source, bodyStart + range[0], placedAt[r], range[1] - range[0]);
          bytesFetched += range[1] - range[0];
        }
      }
      source.requireUnchanged();
      List<BodyBuffer> moved = new ArrayList<>(wantedBuffers.size());
      for (BodyBuffer b : wantedBuffers) {
        if (b.length() == 0) {
          moved.add(new BodyBuffer(0, 0));
          continue;
        }
        int r = 0;
        while (!(b.offset() >= ranges.get(r)[0] && b.offset() + b.length() <= ranges.get(r)[1])) {
          r++;
        }
        moved.add(new BodyBuffer(placedAt[r] + b.offset() - ranges.get(r)[0], b.length()));
      }
      RecordBatchHeader prunedHeader = new RecordBatchHeader(header.length(), nodes, moved, header.compression(),
          variadic);
      return RecordBatchDecoder.decode(pruned, prunedHeader, body, dicts.dictionaries(),
          endianness, version, options);
    } catch (ArrowFormatException e) {
      throw e.at("record batch " + k + " (offset " + block.offset() + ")").in(source.name());
    }
  }
}
