package io.arrowfile.connector.files;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileDecoder;
import io.arrowfile.ipc.BodyRanges;
import io.arrowfile.ipc.ColumnSelection;
import io.arrowfile.ipc.ArrowStreamDecoder;
import io.arrowfile.ipc.ArrowStreamDecoder.StreamMessage;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ByteRange;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the record batches of one split of a stream-format file, fetching the byte ranges
 * {@link ArrowStreamDecoder} names. A stream has no footer, so the split walks the message headers from the start
 * of the file (the prefix and metadata of each message, a few hundred bytes, never the bodies of batches it does
 * not read) up to its range; it reads the record batches whose message starts in {@code [start, end)}, as a split
 * of a file-format file reads the batches whose block starts in it, and stops at the first message after. The
 * dictionary batches before and among its batches that the wanted columns use are read in stream order, so that
 * replacements and deltas apply as the stream says.
 *
 * <p>As in {@link FileBatchReader}: with positioned reads only the wanted columns' byte ranges of a batch are
 * fetched, into memory reused from batch to batch; a mapping hands over each batch's body as a slice. Headers are
 * read through a small window ({@link #LOCAL_WINDOW}, {@link #REMOTE_WINDOW}), so that the headers of consecutive
 * small messages come from one read (one round trip on a remote store).
 */
public final class StreamBatchReader implements BatchReader {
  /** Bytes read at a message's start on a local file: its prefix and metadata, and often the next small messages. */
  static final int LOCAL_WINDOW = 4 << 10;
  /** The same through Hadoop, where each read costs more than its bytes. */
  static final int REMOTE_WINDOW = 64 << 10;

  private final ByteSource source;
  /** The source, when it reads into memory the reader gives (the wanted ranges only); null for a mapping. */
  private final PositionedSource positioned;
  private final BodyMemory memory;
  private final ArrowStreamDecoder decoder;
  private final ColumnSelection selection;
  private final long start;
  private final long end;
  private final int window;
  private ArrowBuffer windowBytes;
  private long windowStart;
  /** Rows of the stream's record batches before the next message. */
  private long rowsBefore;
  /** The first row (in the file) and stream index of the batch last returned. */
  private long firstRow;
  private int batchIndex = -1;
  private int returned;
  private boolean done;
  private long bytesFetched;

  private StreamBatchReader(ByteSource source, Function<Schema, List<Field>> wanted, long start, long end,
      ReadOptions options) throws IOException {
    this.source = source;
    this.positioned = source instanceof PositionedSource p ? p : null;
    this.memory = new BodyMemory(true);
    this.start = start;
    this.end = end;
    this.window = positioned == null ? 0 : source instanceof LocalFile ? LOCAL_WINDOW : REMOTE_WINDOW;
    this.decoder = ArrowStreamDecoder.of(source.name(), source.size(), options);
    StreamMessage first = nextMessage();
    if (first == null) {
      throw new ArrowFormatException("stream is empty: it has no schema message").in(source.name());
    }
    List<Field> fields = wanted.apply(decoder.schema());
    if (positioned != null) {
      this.selection = decoder.select(fields);
    } else {
      int[] columns = java.util.stream.IntStream.range(0, fields.size()).filter(c -> fields.get(c) != null).toArray();
      this.selection = decoder.selectColumns(columns.length == fields.size() ? null : columns);
    }
  }

  /**
   * The record batches of the stream-format file in {@code source} (from {@link ArrowFiles#openSource}; closed with
   * the reader) whose message starts in {@code [start, start + length)} ({@code length} Long.MAX_VALUE: to the
   * end), for a scan: {@code wanted}, given the stream's schema, gives for each of its fields null or the field as
   * read (pruned of struct children the scan does not need). Every record batch is read (and decompressed) into the
   * same memory, so a batch is valid only until the next is read.
   */
  public static StreamBatchReader forScan(ByteSource source, Function<Schema, List<Field>> wanted, long start,
      long length, ReadOptions options) throws IOException {
    long end = length == Long.MAX_VALUE || start + length < 0 ? Long.MAX_VALUE : start + length;
    return new StreamBatchReader(source, wanted, start, end, options);
  }

  /** The next message's header (its body is not read), or null at the end of the stream. */
  private StreamMessage nextMessage() throws IOException {
    ByteRange prefix = decoder.prefix();
    if (prefix == null) {
      return null;
    }
    ByteRange metadata = decoder.metadata(head(prefix));
    return metadata == null ? null : decoder.message(head(metadata));
  }

  /** The bytes of {@code range}, from the window when it holds them, else from a new window read at its start. */
  private ArrowBuffer head(ByteRange range) throws IOException {
    if (windowBytes == null || range.offset() < windowStart || range.end() > windowStart + windowBytes.length()) {
      long n = Math.min(source.size() - range.offset(), Math.max(range.length(), window));
      windowBytes = source.read(range.offset(), n);
      windowStart = range.offset();
      bytesFetched += n;
    }
    return windowBytes.slice(range.offset() - windowStart, range.length());
  }

  @Override
  public RecordBatch next() throws IOException {
    while (!done) {
      StreamMessage m = nextMessage();
      if (m == null || m.offset() >= end) {
        done = true; // what follows belongs to later splits
        break;
      }
      if (m.isDictionaryBatch()) {
        ByteRange body = decoder.dictionaryBody(m);
        if (body != null) {
          decoder.readDictionary(m, source.read(body.offset(), body.length()));
          bytesFetched += body.length();
        }
      } else if (m.isRecordBatch()) {
        long rows = m.length();
        if (rows < 0) {
          throw new ArrowFormatException("record batch length " + rows + " is negative").at(m.where())
              .in(source.name());
        }
        long first = rowsBefore;
        rowsBefore += rows;
        if (m.offset() >= start) {
          RecordBatch batch = decode(m);
          firstRow = first;
          batchIndex = m.batchIndex();
          returned++;
          return batch;
        }
      }
    }
    windowBytes = null;
    return null;
  }

  /** Record batch {@code m}'s wanted columns: their ranges read into the reused memory, or the mapped body. */
  private RecordBatch decode(StreamMessage m) throws IOException {
    if (positioned == null) {
      BodyRanges ranges = decoder.body(m, 0);
      ByteRange all = ranges.ranges().get(0);
      bytesFetched += all.length();
      return decoder.decode(m, ranges, source.read(all.offset(), all.length()), memory.decompressed());
    }
    BodyRanges ranges = decoder.body(m, FileBatchReader.COALESCE_GAP);
    ArrowBuffer body = memory.take(ranges.size());
    for (int r = 0; r < ranges.ranges().size(); r++) {
      ByteRange range = ranges.ranges().get(r);
      memory.read(positioned, range.offset(), ranges.placedAt(r), range.length());
      bytesFetched += range.length();
    }
    positioned.requireUnchanged();
    return decoder.decode(m, ranges, body, memory.decompressed());
  }

  /** The schema of the batches read: the wanted fields, as read. */
  @Override
  public Schema schema() {
    return selection.schema();
  }

  /** The whole stream's schema. */
  public Schema fileSchema() {
    return decoder.schema();
  }

  /** The stream schema's indexes of the columns read (ascending): column k of {@link #schema()} is columns()[k]. */
  public int[] columns() {
    return selection.columns();
  }

  /** The row of the file the batch last returned starts at (the rows of every batch before it, read or not). */
  public long firstRow() {
    return firstRow;
  }

  /** The stream index of the batch last returned (among all its record batches), -1 before the first. */
  public int streamBatchIndex() {
    return batchIndex;
  }

  /** Batches returned so far. */
  @Override
  public int batchIndex() {
    return returned;
  }

  /** Bytes fetched so far: headers (with their windows), dictionaries, and the wanted ranges of batches. */
  public long bytesFetched() {
    return bytesFetched;
  }

  @Override
  public String sourceName() {
    return source.name();
  }

  @Override
  public void close() throws IOException {
    windowBytes = null;
    memory.close();
    source.close();
  }
}
