package io.arrowfile.connector.files;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileDecoder;
import io.arrowfile.ipc.BodyRanges;
import io.arrowfile.ipc.ColumnSelection;
import io.arrowfile.ipc.DeferredBatch;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.ByteRange;
import io.arrowfile.ipc.ByteSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntPredicate;
import java.util.function.UnaryOperator;

/**
 * Reads the record batches of an IPC file for a scan, fetching the byte ranges {@link ArrowFileDecoder} names. A
 * memory-mapped file ({@link MappedFile}) hands over each wanted batch's body whole, as slices of the mapping (no
 * copy), and only the wanted columns are decoded. With positioned reads ({@link LocalFile} or
 * {@link HadoopByteSource}), only the wanted columns' bytes are fetched: per record batch, the block's metadata,
 * then the byte ranges of the wanted columns' body buffers, with ranges less than {@link #COALESCE_GAP} apart read
 * together (or, where the file system reads lists of ranges itself, such as S3A, all of them handed to its vectored
 * read). The wanted buffers are laid out in a compact body ({@link BodyMemory}) and decoded as a record batch of the
 * pruned schema; dictionaries are read only for the ids the wanted columns use. The format (which ranges hold which
 * buffers, how they decode) is {@link ArrowFileDecoder}'s; this reader only fetches the ranges it names. After a
 * batch's bytes are in, the source checks that the file is still the version it opened
 * ({@link PositionedSource#requireUnchanged}).
 *
 * <p>On such a store every read is a round trip, so a scan that says which batches it will read ({@link #plan})
 * gets their metadata in one vectored read, and the bodies of the next planned batches are requested before the
 * current one is decoded, up to {@link #READ_AHEAD_BYTES} (and always the next one): the store fetches several
 * batches' ranges at once, while Spark works on the batch before, instead of two waits per batch. Local files and
 * HDFS, where a read costs no round trip worth hiding, are read as asked.
 */
public final class FileBatchReader implements BatchReader {
  /** Ranges closer than this are read in one request (the gap is read and dropped). */
  static final long COALESCE_GAP = 1 << 20;

  private final ByteSource source;
  /** The source, when it reads into memory the reader gives (the wanted ranges only); null for a mapping. */
  private final PositionedSource positioned;
  private final BodyMemory memory;
  private final ArrowFileReader file;
  private final ArrowFileDecoder decoder;
  private final ColumnSelection selection;
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
   * {@code memory}: where bodies are read and their compressed buffers decompressed (reused across batches or not).
   */
  FileBatchReader(ByteSource source, ArrowFileReader file, List<Field> wanted, BodyMemory memory) {
    this.source = source;
    this.positioned = source instanceof PositionedSource p ? p : null;
    this.memory = memory;
    this.file = file;
    this.decoder = file.decoder();
    this.selection = positioned != null ? decoder.fields(wanted) : wholeColumns(decoder, wanted);
    this.vectored = source instanceof HadoopByteSource h && h.readsVectored() ? h : null;
  }

  /**
   * The record batches of the file-format file {@code file} (opened on {@code source}, from
   * {@link ArrowFiles#openSource}) for a scan: {@code wanted} gives, for each field of the file's schema, null or the
   * field as read (pruned of struct children the scan does not need, {@code NestedPruning.prune}). Every record
   * batch is read (and decompressed) into the same memory, so a batch is valid only until the next is read (Spark's
   * contract for the batches of a partition reader).
   */
  public static FileBatchReader forScan(ByteSource source, ArrowFileReader file, List<Field> wanted) {
    return new FileBatchReader(source, file, wanted, new BodyMemory(true));
  }

  /** The wanted columns of a mapped file, decoded whole from the whole body (all: null). */
  private static ColumnSelection wholeColumns(ArrowFileDecoder decoder, List<Field> wanted) {
    int[] columns = java.util.stream.IntStream.range(0, wanted.size()).filter(c -> wanted.get(c) != null).toArray();
    return decoder.columns(columns.length == decoder.schema().fields().size() ? null : columns);
  }

  /**
   * The record batches the scan will read, in this order. On a store that reads range lists itself, their
   * metadata blocks are requested now, in one vectored read (blocks outside the file, or more than
   * {@link #METADATA_AHEAD_LIMIT} bytes of them, are left to be read, and failed, one by one), and each batch's
   * body is requested while the one before is decoded.
   */
  public void plan(int[] batches) {
    plan = batches.clone();
    planned = 0;
    if (vectored == null || batches.length == 0) {
      return;
    }
    List<Block> blocks = decoder.recordBatches();
    List<long[]> ranges = new ArrayList<>(batches.length);
    long total = 0;
    for (int k : batches) {
      ByteRange metadata;
      try {
        metadata = decoder.metadata(blocks.get(k));
      } catch (ArrowFormatException e) {
        return;
      }
      total += metadata.length();
      ranges.add(new long[] {metadata.offset(), metadata.end()});
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
    return selection.schema();
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

  /** Record batch {@code k}'s metadata message: from {@code readAhead}, the block's bytes read ahead, if not null. */
  private ArrowFileDecoder.RecordBatchMessage readMetadata(int k, CompletableFuture<ByteBuffer> readAhead)
      throws IOException {
    ByteRange range = decoder.metadata(decoder.recordBatches().get(k));
    ArrowBuffer head = readAhead != null ? ArrowBuffer.wrap(vectored.await(readAhead)) : read(range);
    return decoder.recordBatch(k, head);
  }

  private ArrowBuffer read(ByteRange range) throws IOException {
    return source.read(range.offset(), range.length());
  }

  @Override
  public RecordBatch next() throws IOException {
    if (next >= decoder.recordBatches().size()) {
      return null;
    }
    return recordBatch(next++);
  }

  /** The file schema indexes of the columns read (ascending): column k of {@link #schema()} is columns()[k]. */
  public int[] columns() {
    return selection.columns();
  }

  /** The file underneath (footer, custom metadata, full schema). */
  public ArrowFileReader file() {
    return file;
  }

  /**
   * The number of rows of batch {@code k}, without its body: with positioned reads, from its metadata message alone
   * (the bytes read are counted in {@code bytesRead}, if not null); in a mapping, by decoding it with no columns
   * (which checks its framing).
   */
  public long batchLength(int k, java.util.function.LongConsumer bytesRead) throws IOException {
    if (positioned == null) {
      return file.recordBatch(k, new int[0]).length();
    }
    if (bytesRead != null) {
      bytesRead.accept(decoder.recordBatches().get(k).metaDataLength());
    }
    return RowCounts.batchLength(source, decoder, k);
  }

  /** Bytes fetched for record batches so far (metadata and wanted ranges, gaps included). */
  public long bytesFetched() {
    return bytesFetched;
  }

  /**
   * A record batch's wanted bytes: its message, the ranges of the file to read for the wanted buffers and, when they
   * were requested with a vectored read, their bytes to come.
   */
  private record Fetch(int batch, ArrowFileDecoder.RecordBatchMessage message, BodyRanges body,
      List<CompletableFuture<ByteBuffer>> data) {
    long size() {
      return body.size();
    }
  }

  /** Record batch {@code k}, holding only the wanted columns. */
  public RecordBatch recordBatch(int k) throws IOException {
    return recordBatch(k, null).batch();
  }

  /**
   * As {@link #recordBatch(int)}, with the decompression of the columns {@code defer} accepts (by index among the
   * wanted columns; null: none) left until each is first read ({@link DeferredBatch}), when this reader decompresses
   * into reused memory: such a column is only valid until the next batch is read.
   */
  public DeferredBatch recordBatch(int k, IntPredicate defer) throws IOException {
    java.util.Objects.checkIndex(k, decoder.recordBatches().size());
    Block block = decoder.recordBatches().get(k);
    UnaryOperator<ArrowFormatException> place = e -> e.at("record batch " + k + " (offset " + block.offset() + ")")
        .in(source.name());
    try {
      file.readDictionaries(selection); // those the wanted columns use, once
      Fetch f = ahead.isEmpty() || ahead.peekFirst().batch() != k ? null : ahead.pollFirst();
      if (f == null) {
        ahead.clear(); // off the plan: what was read ahead is not wanted
        aheadBytes = 0;
        f = fetch(k);
      } else {
        aheadBytes -= f.size();
      }
      readAhead(k);
      // A deferred column fails when a row first reads it, where this method's catch cannot add the place.
      return decode(f, defer).describeFailures(place);
    } catch (ArrowFormatException e) {
      throw place.apply(e);
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

  /** Reads batch {@code k}'s metadata, names its wanted ranges and, on a vectored store, requests them. */
  private Fetch fetch(int k) throws IOException {
    CompletableFuture<ByteBuffer> readAhead = metadataAhead == null ? null : metadataAhead.remove(k);
    ArrowFileDecoder.RecordBatchMessage m = readMetadata(k, readAhead);
    if (readAhead == null) {
      bytesFetched += decoder.recordBatches().get(k).metaDataLength();
    }
    if (positioned == null) { // a mapping: the body whole, counted as the block says
      bytesFetched += decoder.recordBatches().get(k).bodyLength();
      return new Fetch(k, m, decoder.body(m, selection, 0), null);
    }
    // A store that reads range lists itself gets the ranges as they are (only touching ones joined).
    BodyRanges body = decoder.body(m, selection, vectored != null ? 0 : COALESCE_GAP);
    List<CompletableFuture<ByteBuffer>> data = null;
    if (vectored != null) {
      List<long[]> inFile = new ArrayList<>(body.ranges().size());
      for (ByteRange range : body.ranges()) {
        inFile.add(new long[] {range.offset(), range.end()});
        bytesFetched += range.length();
      }
      data = vectored.readVectored(inFile);
    }
    return new Fetch(k, m, body, data);
  }

  /** Batch {@code f}'s wanted bytes, in the compact body (waited for, or read now), decoded. */
  private DeferredBatch decode(Fetch f, IntPredicate defer) throws IOException {
    BodyRanges ranges = f.body();
    if (positioned == null) {
      return decoder.decode(f.message(), ranges, read(ranges.ranges().get(0)), memory.decompressed(), defer);
    }
    ArrowBuffer body = memory.take(ranges.size());
    for (int r = 0; r < ranges.ranges().size(); r++) {
      if (f.data() != null) {
        memory.put(ranges.placedAt(r), vectored.await(f.data().get(r)));
      } else {
        ByteRange range = ranges.ranges().get(r);
        memory.read(positioned, range.offset(), ranges.placedAt(r), range.length());
        bytesFetched += range.length();
      }
    }
    positioned.requireUnchanged();
    return decoder.decode(f.message(), ranges, body, memory.decompressed(), defer);
  }
}
