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
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Reads the record batches of an IPC file with positioned reads ({@link LocalFile} or {@link HadoopByteSource}),
 * fetching only the wanted columns' bytes: per record batch, the block's metadata, then the byte ranges of the
 * wanted columns' body buffers, with ranges less than {@link #COALESCE_GAP} apart read together (or, where the
 * file system reads lists of ranges itself, such as S3A, all of them handed to its vectored read). The wanted
 * buffers are laid out in a compact body ({@link BodyMemory}) and decoded as a record batch of the pruned schema;
 * dictionaries are read only for the ids the wanted columns use. Which nodes and buffers belong to which column
 * is the decoder's knowledge ({@link RecordBatchDecoder#select}), not repeated here. After a batch's bytes
 * are in, the source checks that the file is still the version it opened ({@link PositionedSource#requireUnchanged}).
 *
 * <p>On such a store every read is a round trip, so a scan that says which batches it will read ({@link #plan})
 * gets their metadata in one vectored read, and the bodies of the next planned batches are requested before the
 * current one is decoded, up to {@link #READ_AHEAD_BYTES} (and always the next one): the store fetches several
 * batches' ranges at once, while Spark works on the batch before, instead of two waits per batch. Local files and
 * HDFS, where a read costs no round trip worth hiding, are read as asked.
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
  /** The source, when it reads range lists itself (then reads ahead along the plan); else null. */
  private final HadoopByteSource vectored;
  /** The batches the scan will read, in order, when told ({@link #plan}); the position of the next one in it. */
  private int[] plan;
  private int planned;
  /** The metadata block of each planned batch, requested in one vectored read; null when not read ahead. */
  private Map<Integer, CompletableFuture<ByteBuffer>> metadataAhead;
  /** The body reads already started for the next planned batches, in plan order, and their bytes. */
  private final java.util.ArrayDeque<Fetch> ahead = new java.util.ArrayDeque<>();
  private long aheadBytes;

  /**
   * Most body bytes requested ahead of the batch being read (at least the next batch is): enough to keep several
   * ranged reads in flight (S3A runs 4 per stream by default), little beside the 128 MiB a task's split holds.
   */
  static final long READ_AHEAD_BYTES = 32L << 20;

  /** Most metadata bytes requested ahead at once; beyond, batches get theirs one by one. */
  static final long METADATA_AHEAD_LIMIT = 64L << 20;

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
    this.vectored = source instanceof HadoopByteSource h && h.readsVectored() ? h : null;
  }

  /**
   * The record batches the scan will read, in this order. On a store that reads range lists itself, their
   * metadata blocks are requested now, in one vectored read (blocks outside the file, or more than
   * {@link #METADATA_AHEAD_LIMIT} bytes of them, are left to be read, and failed, one by one), and each batch's
   * body is requested while the one before is decoded.
   */
  void plan(int[] batches) {
    plan = batches.clone();
    planned = 0;
    if (vectored == null || batches.length == 0) {
      return;
    }
    List<Block> blocks = file.footer().recordBatches();
    List<long[]> ranges = new ArrayList<>(batches.length);
    long total = 0;
    for (int k : batches) {
      Block b = blocks.get(k);
      if (!withinFile(b) || b.metaDataLength() > maxMetadataBlock()) {
        return;
      }
      total += b.metaDataLength();
      ranges.add(new long[] {b.offset(), b.offset() + b.metaDataLength()});
    }
    if (total > METADATA_AHEAD_LIMIT) {
      return;
    }
    try {
      List<CompletableFuture<ByteBuffer>> data = vectored.readVectored(ranges);
      metadataAhead = new HashMap<>();
      for (int i = 0; i < batches.length; i++) {
        metadataAhead.put(batches[i], data.get(i));
      }
      bytesFetched += total;
    } catch (IOException | RuntimeException e) {
      // Each batch reads its own metadata, and fails there, naming it (overlapping blocks of a corrupt footer
      // are refused by the store's vectored read with an IllegalArgumentException).
      metadataAhead = null;
    }
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

  private boolean withinFile(Block block) {
    return block.offset() >= 0 && block.metaDataLength() >= 8 && block.bodyLength() >= 0
        && block.offset() + block.metaDataLength() + block.bodyLength() <= source.size();
  }

  /**
   * The largest metadata block a message of at most maxMetadataLength bytes needs: its prefix (8 bytes) and padding
   * (to 8 bytes, or to a writer's larger alignment, such as 64).
   */
  private long maxMetadataBlock() {
    return options.maxMetadataLength() + 128L;
  }

  /** The message of {@code block}: from {@code readAhead}, the block's bytes read ahead, if not null. */
  private Message readMetadata(Block block, CompletableFuture<ByteBuffer> readAhead) throws IOException {
    if (!withinFile(block)) {
      throw new ArrowFormatException("footer block (offset " + block.offset() + ") is not within the file");
    }
    if (block.metaDataLength() > maxMetadataBlock()) {
      throw new ArrowFormatException("metadata block of " + block.metaDataLength() + " bytes is longer than "
          + "the longest message metadata read (" + options.maxMetadataLength() + " bytes)");
    }
    ArrowBuffer head = readAhead != null ? ArrowBuffer.wrap(vectored.await(readAhead))
        : source.read(block.offset(), block.metaDataLength());
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
          Message m = readMetadata(block, null);
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
  /** The file's bytes, for reading a batch's metadata message alone ({@link RowCounts}). */
  PositionedSource source() {
    return source;
  }

  long bytesFetched() {
    return bytesFetched;
  }

  /**
   * Where a record batch's wanted bytes are: its header, the wanted buffers selected from it, the ranges of the
   * body to read ({start, end} within the body, in file order, near ones joined), where each lands in the compact
   * body, and, when they were requested with a vectored read, their bytes to come.
   */
  private record Fetch(int batch, Block block, RecordBatchHeader header, RecordBatchHeader selected,
      MetadataVersion version, List<long[]> ranges, long[] placedAt, long size,
      List<CompletableFuture<ByteBuffer>> data) {}

  /** Record batch {@code k}, holding only the wanted columns. */
  RecordBatch recordBatch(int k) throws IOException {
    java.util.Objects.checkIndex(k, file.recordBatchCount());
    Block block = file.footer().recordBatches().get(k);
    try {
      DictionaryReader dicts = dictionaries();
      Fetch f = ahead.isEmpty() || ahead.peekFirst().batch() != k ? null : ahead.pollFirst();
      if (f == null) {
        ahead.clear(); // off the plan: what was read ahead is not wanted
        aheadBytes = 0;
        f = fetch(k);
      } else {
        aheadBytes -= f.size();
      }
      readAhead(k);
      return decode(f, dicts);
    } catch (ArrowFormatException e) {
      throw e.at("record batch " + k + " (offset " + block.offset() + ")").in(source.name());
    }
  }

  /**
   * When {@code k} is the next batch of the plan on a store that reads ahead: requests the bodies of the batches
   * after it, up to {@link #READ_AHEAD_BYTES}. A failure to start is left for when that batch is asked for, so that
   * it is reported as that batch's.
   */
  private void readAhead(int k) {
    if (plan == null || planned >= plan.length || plan[planned] != k) {
      return;
    }
    planned++;
    if (vectored == null) {
      return;
    }
    int following = planned + ahead.size();
    while (following < plan.length && (ahead.isEmpty() || aheadBytes < READ_AHEAD_BYTES)) {
      Fetch f;
      try {
        f = fetch(plan[following]);
      } catch (IOException | RuntimeException e) {
        return;
      }
      ahead.addLast(f);
      aheadBytes += f.size();
      following++;
    }
  }

  /** Reads batch {@code k}'s metadata, selects its wanted buffers and, on a vectored store, requests them. */
  private Fetch fetch(int k) throws IOException {
    Block block = file.footer().recordBatches().get(k);
    CompletableFuture<ByteBuffer> readAhead = metadataAhead == null ? null : metadataAhead.remove(k);
    Message m = readMetadata(block, readAhead);
    if (readAhead == null) {
      bytesFetched += block.metaDataLength();
    }
    if (!(m.header() instanceof RecordBatchHeader header)) {
      throw new ArrowFormatException("footer's record batch block points at another kind of message");
    }
    MetadataVersion version = m.version() == null ? MetadataVersion.CURRENT : m.version();
    // Which nodes, buffers and variadic counts belong to the wanted fields.
    RecordBatchHeader selected = RecordBatchDecoder.select(file.schema(), wanted, header, m.bodyLength(), version);
    // Coalesce the wanted ranges (in file order) and lay them out in a compact body. A store that reads range
    // lists itself gets the ranges as they are (only touching ones joined).
    long gap = vectored != null ? 0 : COALESCE_GAP;
    List<long[]> ranges = new ArrayList<>(); // {start, end} within the original body
    List<BodyBuffer> sorted = new ArrayList<>(selected.buffers());
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
    List<CompletableFuture<ByteBuffer>> data = null;
    if (vectored != null) {
      long bodyStart = block.offset() + block.metaDataLength();
      List<long[]> inFile = new ArrayList<>(ranges.size());
      for (long[] range : ranges) {
        inFile.add(new long[] {bodyStart + range[0], bodyStart + range[1]});
        bytesFetched += range[1] - range[0];
      }
      data = vectored.readVectored(inFile);
    }
    return new Fetch(k, block, header, selected, version, ranges, placedAt, size, data);
  }

  /** Batch {@code f}'s wanted bytes, in the compact body (waited for, or read now), decoded. */
  private RecordBatch decode(Fetch f, DictionaryReader dicts) throws IOException {
    List<long[]> ranges = f.ranges();
    long[] placedAt = f.placedAt();
    ArrowBuffer body = memory.take(f.size());
    if (f.data() != null) {
      for (int r = 0; r < ranges.size(); r++) {
        memory.put(placedAt[r], vectored.await(f.data().get(r)));
      }
    } else {
      long bodyStart = f.block().offset() + f.block().metaDataLength();
      for (int r = 0; r < ranges.size(); r++) {
        long[] range = ranges.get(r);
        memory.read(source, bodyStart + range[0], placedAt[r], range[1] - range[0]);
        bytesFetched += range[1] - range[0];
      }
    }
    source.requireUnchanged();
    List<BodyBuffer> wantedBuffers = f.selected().buffers();
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
    RecordBatchHeader prunedHeader = new RecordBatchHeader(f.header().length(), f.selected().nodes(), moved,
        f.header().compression(), f.selected().variadicBufferCounts());
    return RecordBatchDecoder.decode(pruned, prunedHeader, body, dicts.dictionaries(), endianness, f.version(),
        options);
  }
}
