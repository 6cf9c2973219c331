package io.arrowfile.ipc;

import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.flatbuf.MetadataFlatbuffers;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.Set;

/**
 * The IPC file format, decoded without I/O: the decoder names the byte ranges it needs, the caller fetches them (from
 * a mapping, with positioned reads, with a remote store's vectored reads) and hands them back. The steps follow the
 * file's layout: the {@link #trailer} (the footer's int32 length and {@code ARROW1}) names the {@link #footer}, which
 * {@link #decodeFooter} turns into a decoder holding the schema and the dictionary and record batch {@link Block}s.
 * Then per record batch: its {@link #metadata} range, the {@link RecordBatchMessage} decoded from it, the
 * {@link #body} ranges the wanted columns' buffers lie in (a {@link ColumnSelection}), and {@link #decode}; the
 * dictionaries those columns use are read before, once ({@link #loadDictionaries}).
 */
public final class ArrowFileDecoder {
  static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
  /** The magic's length: it opens the file (then padding to 8 bytes) and closes it. */
  public static final int MAGIC_LENGTH = 6;
  /** The footer's int32 length and the closing magic. */
  public static final int TRAILER_LENGTH = 4 + MAGIC_LENGTH;
  /** The widest padding after a message's metadata we accept: a writer's alignment, such as 64 bytes. */
  private static final long METADATA_PADDING = 128;
  /** The dictionaries of a selection that reads every dictionary batch, with the whole schema. */
  static final Object ALL_DICTIONARIES = "all dictionaries";

  private final String name;
  private final long fileSize;
  private final ReadOptions options;
  private final Footer footer;
  /** Dictionaries read, by what was read: {@link #ALL_DICTIONARIES} or a set of ids. */
  private final Map<Object, DictionaryReader> dictionaries = new HashMap<>();

  private ArrowFileDecoder(String name, long fileSize, ReadOptions options, Footer footer) {
    this.name = name;
    this.fileSize = fileSize;
    this.options = options;
    this.footer = footer;
  }

  /** Whether {@code bytes} (at least the first {@link #MAGIC_LENGTH}) start with {@code ARROW1}. */
  public static boolean isMagic(ArrowBuffer bytes) {
    return bytes.length() >= MAGIC_LENGTH && Arrays.equals(bytes.slice(0, MAGIC_LENGTH).toByteArray(), MAGIC);
  }

  /** Where the trailer of a file of {@code fileSize} bytes is; fails when the file is too short to be one. */
  public static ByteRange trailer(String name, long fileSize) {
    if (fileSize < 8 + TRAILER_LENGTH) {
      throw new ArrowFormatException("file of " + fileSize + " bytes is too short for an Arrow file").in(name);
    }
    return new ByteRange(fileSize - TRAILER_LENGTH, TRAILER_LENGTH);
  }

  /** Fails unless the file's first bytes ({@code head}) are the magic. */
  public static void requireMagic(String name, ArrowBuffer head) {
    if (!isMagic(head)) {
      throw new ArrowFormatException("file does not start with ARROW1").in(name);
    }
  }

  /** Where the footer is, from the {@link #trailer}'s bytes. */
  public static ByteRange footer(String name, long fileSize, ArrowBuffer trailer) {
    if (!isMagic(trailer.slice(4, MAGIC_LENGTH))) {
      throw new ArrowFormatException("file does not end with ARROW1, as a complete Arrow IPC file does: it is "
          + "truncated (a writer that did not finish, or a partial copy or download); write or copy it again").in(name);
    }
    int footerLength = trailer.getInt(0);
    if (footerLength <= 0 || footerLength > fileSize - TRAILER_LENGTH - 8) {
      throw new ArrowFormatException("footer length " + footerLength + " does not fit the file (" + fileSize
          + " bytes)").in(name);
    }
    return new ByteRange(fileSize - TRAILER_LENGTH - footerLength, footerLength);
  }

  /**
   * The decoder of a stream's record batches ({@link ArrowStreamDecoder}): the same selections, body ranges and
   * decoding as a file's, with no blocks of its own (the stream names each batch's) and the stream's dictionaries
   * as they stand when a batch is decoded.
   */
  static ArrowFileDecoder forStream(String name, long size, ReadOptions options, MetadataVersion version,
      io.arrowfile.ipc.metadata.SchemaMessage schema) {
    return new ArrowFileDecoder(name, size, options, new Footer(version, schema, List.of(), List.of(), Map.of()));
  }

  /** A stream's record batch message: the {@code index}th of the stream, framed as {@code block}. */
  static RecordBatchMessage streamBatch(int index, Block block, RecordBatchHeader header, long bodyLength,
      MetadataVersion version) {
    return new RecordBatchMessage(index, block, header, bodyLength, version);
  }

  /** Whether {@code selection} reads the dictionary {@code id}. */
  static boolean readsDictionary(ColumnSelection selection, long id) {
    return selection.dictionaryScope == ALL_DICTIONARIES
        || selection.dictionaryScope instanceof Set<?> ids && ids.contains(id);
  }

  /** The decoder of the file whose {@link #footer} bytes are {@code footer}. */
  public static ArrowFileDecoder decodeFooter(String name, long fileSize, ArrowBuffer footer, ReadOptions options) {
    Footer decoded;
    try {
      decoded = MetadataFlatbuffers.readFooter(MessageFraming.contiguous(footer));
    } catch (ArrowFormatException e) {
      throw e.at("footer").in(name);
    }
    if (decoded.schema() == null) {
      throw new ArrowFormatException("footer has no schema").at("footer").in(name);
    }
    return new ArrowFileDecoder(name, fileSize, options, decoded);
  }

  /** The file's name, for messages. */
  public String name() {
    return name;
  }

  public ReadOptions options() {
    return options;
  }

  public Schema schema() {
    return footer.schema().schema();
  }

  /** The footer as decoded (schema message, blocks, metadata). */
  Footer decodedFooter() {
    return footer;
  }

  /** The footer's custom metadata. */
  public Map<String, String> customMetadata() {
    return footer.customMetadata();
  }

  /** Where the record batches are, in footer order. */
  public List<Block> recordBatches() {
    return footer.recordBatches();
  }

  /** Where the dictionary batches are, in footer order. */
  public List<Block> dictionaryBatches() {
    return footer.dictionaries();
  }

  /**
   * The range of {@code block}'s metadata part (prefix, flatbuffer, padding), after checking the block lies within
   * the file and its metadata part is no longer than the longest metadata read ({@link ReadOptions}) and padding.
   */
  public ByteRange metadata(Block block) {
    MessageFraming.requireWithinFile(block, fileSize);
    if (block.metaDataLength() > options.maxMetadataLength() + METADATA_PADDING) {
      throw new ArrowFormatException("metadata block of " + block.metaDataLength() + " bytes is longer than "
          + "the longest message metadata read (" + options.maxMetadataLength() + " bytes)");
    }
    return new ByteRange(block.offset(), block.metaDataLength());
  }

  private Message message(Block block, ArrowBuffer metadata) {
    return MessageFraming.blockMessage(metadata, block.metaDataLength(), block.bodyLength(), options,
        MetadataFlatbuffers::readMessage);
  }

  /** Record batch {@code k}'s message, from the bytes of its {@link #metadata} range. */
  public RecordBatchMessage recordBatch(int k, ArrowBuffer metadata) {
    Block block = footer.recordBatches().get(k);
    Message m = message(block, metadata);
    if (!(m.header() instanceof RecordBatchHeader header)) {
      throw new ArrowFormatException("footer's record batch block points at a "
          + m.header().kind() + " message");
    }
    return new RecordBatchMessage(k, block, header, m.bodyLength(), m.version());
  }

  /** Dictionary batch {@code i}'s message, from the bytes of its {@link #metadata} range. */
  public DictionaryMessage dictionaryBatch(int i, ArrowBuffer metadata) {
    Block block = footer.dictionaries().get(i);
    Message m = message(block, metadata);
    if (!(m.header() instanceof DictionaryBatchHeader header)) {
      throw new ArrowFormatException("footer's dictionary block points at a "
          + m.header().kind() + " message");
    }
    return new DictionaryMessage(block, header, m.bodyLength(), m.version());
  }

  /** All top-level columns, decoded from the whole body. */
  public ColumnSelection all() {
    return columns(null);
  }

  /**
   * The top-level {@code columns} (ascending field indexes; null for all), decoded from the whole body: the other
   * columns are range-checked but neither decompressed nor validated. When a wanted column uses a dictionary,
   * every dictionary batch is read (once for all such selections).
   */
  public ColumnSelection columns(int[] columns) {
    Schema schema = schema();
    boolean dictionaries = columns == null;
    List<Field> fields = new ArrayList<>();
    if (columns != null) {
      for (int c : columns) {
        if (c < 0 || c >= schema.fields().size()) {
          throw new IndexOutOfBoundsException("column " + c + " of a schema of " + schema.fields().size());
        }
        dictionaries |= hasDictionary(schema.field(c));
        fields.add(schema.field(c));
      }
    }
    Schema read = columns == null ? schema : new Schema(fields, schema.metadata());
    int[] indexes = columns == null ? allIndexes(schema) : columns.clone();
    return new ColumnSelection(read, indexes, columns == null ? null : columns.clone(), null,
        dictionaries ? ALL_DICTIONARIES : null);
  }

  /**
   * The fields {@code wanted}, whose buffers alone are fetched: for each top-level field of the schema, null (not
   * read) or the field as read, itself or with struct children left out ({@link RecordBatchDecoder#select}). Only
   * the dictionary batches of the ids these fields use are read.
   */
  public ColumnSelection fields(List<Field> wanted) {
    List<Field> fields = new ArrayList<>();
    List<Integer> read = new ArrayList<>();
    Set<Long> ids = new HashSet<>();
    for (int c = 0; c < wanted.size(); c++) {
      if (wanted.get(c) != null) {
        fields.add(wanted.get(c));
        read.add(c);
        collectDictionaryIds(wanted.get(c), ids);
      }
    }
    Schema pruned = new Schema(fields, schema().metadata());
    return new ColumnSelection(pruned, read.stream().mapToInt(Integer::intValue).toArray(), null,
        new ArrayList<>(wanted), ids.isEmpty() ? null : Set.copyOf(ids));
  }

  private static int[] allIndexes(Schema schema) {
    int[] all = new int[schema.fields().size()];
    Arrays.setAll(all, i -> i);
    return all;
  }

  private static boolean hasDictionary(Field field) {
    if (field.isDictionaryEncoded()) {
      return true;
    }
    for (Field child : field.children()) {
      if (hasDictionary(child)) {
        return true;
      }
    }
    return false;
  }

  private static void collectDictionaryIds(Field f, Set<Long> ids) {
    if (f.isDictionaryEncoded()) {
      ids.add(f.dictionary().id());
    }
    for (Field c : f.children()) {
      collectDictionaryIds(c, ids);
    }
  }

  /** Whether {@code selection}'s dictionaries are still to be read ({@link #loadDictionaries}). */
  public boolean needsDictionaries(ColumnSelection selection) {
    return selection.dictionaryScope != null && !dictionaries.containsKey(selection.dictionaryScope);
  }

  /**
   * Starts reading {@code selection}'s dictionaries: the caller fetches every dictionary batch's {@link #metadata},
   * hands it to {@link DictionaryLoad#message}, fetches the {@link DictionaryLoad#body} it names (if any), hands it
   * to {@link DictionaryLoad#decode}, and at the end calls {@link DictionaryLoad#finish}.
   */
  public DictionaryLoad loadDictionaries(ColumnSelection selection) {
    Schema schema = selection.dictionaryScope == ALL_DICTIONARIES ? schema() : selection.schema();
    return new DictionaryLoad(selection,
        new DictionaryReader(schema, footer.schema().endianness(), true, options));
  }

  /** The dictionaries of one selection as they are read. */
  public final class DictionaryLoad {
    private final ColumnSelection selection;
    private final DictionaryReader reader;

    private DictionaryLoad(ColumnSelection selection, DictionaryReader reader) {
      this.selection = selection;
      this.reader = reader;
    }

    /** Dictionary batch {@code i}'s message. */
    public DictionaryMessage message(int i, ArrowBuffer metadata) {
      return dictionaryBatch(i, metadata);
    }

    /** Where {@code message}'s body is, or null when the selection does not use its dictionary. */
    public ByteRange body(DictionaryMessage message) {
      if (selection.dictionaryScope instanceof Set<?> ids && !ids.contains(message.id())) {
        return null;
      }
      return message.body();
    }

    /** Decodes the dictionary batch {@code message} from its {@link #body}'s bytes. */
    public void decode(DictionaryMessage message, ArrowBuffer body) {
      reader.read(message.header, body, message.version);
    }

    /** The dictionaries are read: record batches of the selection (and of selections reading the same) use them. */
    public void finish() {
      dictionaries.put(selection.dictionaryScope, reader);
    }
  }

  /**
   * The ranges of the file to fetch for {@code selection}'s buffers of record batch {@code message}: for a
   * {@link #columns} selection, the whole body; for a {@link #fields} selection, the wanted buffers' ranges, in file
   * order, those less than {@code coalesceGap} bytes apart joined (the gap is read and dropped), each placed in a
   * compact body at a 64-byte boundary. Checks the framing as decoding does: counts that match the schema, every
   * buffer within the body.
   */
  public BodyRanges body(RecordBatchMessage message, ColumnSelection selection, long coalesceGap) {
    long bodyStart = message.block.offset() + message.block.metaDataLength();
    if (selection.wanted == null) {
      return new BodyRanges(selection, null, List.of(new ByteRange(bodyStart, message.bodyLength)), new long[] {0},
          message.bodyLength, message.bodyLength);
    }
    MetadataVersion version = message.version == null ? MetadataVersion.CURRENT : message.version;
    RecordBatchHeader selected = RecordBatchDecoder.select(schema(), selection.wanted, message.header,
        message.bodyLength, version);
    List<long[]> ranges = new ArrayList<>(); // {start, end} within the body
    List<BodyBuffer> sorted = new ArrayList<>(selected.buffers());
    sorted.sort((a, b) -> Long.compare(a.offset(), b.offset()));
    long bufferBytes = 0;
    for (BodyBuffer b : sorted) { // each within the body: select checked
      bufferBytes += b.length();
      if (b.length() == 0) {
        continue;
      }
      long[] last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
      if (last != null && b.offset() <= last[1] + coalesceGap) {
        last[1] = Math.max(last[1], b.offset() + b.length());
      } else {
        ranges.add(new long[] {b.offset(), b.offset() + b.length()});
      }
    }
    List<ByteRange> inFile = new ArrayList<>(ranges.size());
    long[] placedAt = new long[ranges.size()];
    long size = 0;
    for (int r = 0; r < ranges.size(); r++) {
      size = (size + 63) & ~63L;
      placedAt[r] = size;
      size += ranges.get(r)[1] - ranges.get(r)[0];
      inFile.add(new ByteRange(bodyStart + ranges.get(r)[0], ranges.get(r)[1] - ranges.get(r)[0]));
    }
    return new BodyRanges(selection, selected, inFile, placedAt, size, bufferBytes);
  }

  /**
   * Record batch {@code message}, holding the selection's columns, from {@code body}: the fetched {@code ranges},
   * each at its {@link BodyRanges#placedAt} offset. The selection's dictionaries must have been read.
   */
  public RecordBatch decode(RecordBatchMessage message, BodyRanges ranges, ArrowBuffer body) {
    return decode(message, ranges, body, (DecompressionArena) null);
  }

  /**
   * As {@link #decode(RecordBatchMessage, BodyRanges, ArrowBuffer)}, with the decompressed buffers in {@code arena}
   * (when not null), where they stay valid only until the next batch is decoded into it.
   */
  public RecordBatch decode(RecordBatchMessage message, BodyRanges ranges, ArrowBuffer body,
      DecompressionArena arena) {
    return decode(message, ranges, body, arena, null).batch();
  }

  /**
   * As {@link #decode(RecordBatchMessage, BodyRanges, ArrowBuffer, DecompressionArena)}, with the decompression of
   * the columns {@code defer} accepts (by index in the returned batch) left until each is first read, where the
   * format allows ({@link DeferredColumn}: plain fixed-width, boolean and variable-size binary columns of a compressed
   * little-endian body). The deferred columns load into {@code arena}, and only until the next batch is decoded.
   */
  public DeferredBatch decode(RecordBatchMessage message, BodyRanges ranges, ArrowBuffer body,
      DecompressionArena arena, IntPredicate defer) {
    ColumnSelection selection = ranges.selection;
    Map<Long, ArrayData> dicts = Map.of();
    if (selection.dictionaryScope != null) {
      DictionaryReader reader = dictionaries.get(selection.dictionaryScope);
      if (reader == null) {
        throw new IllegalStateException("the selection's dictionaries are not read yet");
      }
      dicts = reader.dictionaries();
    }
    return decode(message, ranges, body, dicts, arena, defer);
  }

  /**
   * As {@link #decode(RecordBatchMessage, BodyRanges, ArrowBuffer, DecompressionArena, IntPredicate)}, with the
   * dictionaries {@code dicts}.
   */
  DeferredBatch decode(RecordBatchMessage message, BodyRanges ranges, ArrowBuffer body, Map<Long, ArrayData> dicts,
      DecompressionArena arena, IntPredicate defer) {
    ColumnSelection selection = ranges.selection;
    if (ranges.selected == null) {
      return RecordBatchDecoder.decode(schema(), selection.decodeColumns, message.header, body, dicts,
          footer.schema().endianness(), message.version, options, arena, defer);
    }
    // The wanted buffers, moved from their offsets in the file's body to where their range lies in this one.
    List<ByteRange> inFile = ranges.ranges;
    long bodyStart = message.block.offset() + message.block.metaDataLength();
    List<BodyBuffer> moved = new ArrayList<>(ranges.selected.buffers().size());
    for (BodyBuffer b : ranges.selected.buffers()) {
      if (b.length() == 0) {
        moved.add(new BodyBuffer(0, 0));
        continue;
      }
      long start = bodyStart + b.offset();
      int r = 0;
      while (!(start >= inFile.get(r).offset() && start + b.length() <= inFile.get(r).end())) {
        r++;
      }
      moved.add(new BodyBuffer(ranges.placedAt[r] + start - inFile.get(r).offset(), b.length()));
    }
    RecordBatchHeader header = new RecordBatchHeader(message.header.length(), ranges.selected.nodes(), moved,
        message.header.compression(), ranges.selected.variadicBufferCounts());
    MetadataVersion version = message.version == null ? MetadataVersion.CURRENT : message.version;
    return RecordBatchDecoder.decode(selection.schema(), null, header, body, dicts, footer.schema().endianness(),
        version, options, arena, defer);
  }

  /** A record batch's metadata message: its row count, and what the decoder needs of it to name its body ranges. */
  public static final class RecordBatchMessage {
    private final int index;
    private final Block block;
    private final RecordBatchHeader header;
    private final long bodyLength;
    private final MetadataVersion version;

    private RecordBatchMessage(int index, Block block, RecordBatchHeader header, long bodyLength,
        MetadataVersion version) {
      this.index = index;
      this.block = block;
      this.header = header;
      this.bodyLength = bodyLength;
      this.version = version;
    }

    /** The record batch's index in the footer. */
    public int index() {
      return index;
    }

    /** The record batch's {@code length}: its number of rows. */
    public long length() {
      return header.length();
    }

    /** The body length the message declares (at most its block's). */
    public long bodyLength() {
      return bodyLength;
    }

    RecordBatchHeader header() {
      return header;
    }
  }

  /** A dictionary batch's metadata message: its dictionary id and where its body is. */
  public static final class DictionaryMessage {
    private final Block block;
    private final DictionaryBatchHeader header;
    private final long bodyLength;
    private final MetadataVersion version;

    private DictionaryMessage(Block block, DictionaryBatchHeader header, long bodyLength, MetadataVersion version) {
      this.block = block;
      this.header = header;
      this.bodyLength = bodyLength;
      this.version = version;
    }

    public long id() {
      return header.id();
    }

    /** Where the body is in the file. */
    public ByteRange body() {
      return new ByteRange(block.offset() + block.metaDataLength(), bodyLength);
    }
  }

}
