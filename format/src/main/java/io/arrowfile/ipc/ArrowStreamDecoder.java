package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.flatbuf.MetadataFlatbuffers;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MessageHeader;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.util.List;

/**
 * The IPC stream format decoded without I/O, message by message, for readers that fetch byte ranges themselves
 * and need not read every body: a split of a stream file reads the headers of the messages before its range and
 * the bodies of only the dictionaries and record batches it uses. A stream has no footer, but every message
 * starts with its own length: per message the caller fetches the {@link #prefix} (the continuation marker and the
 * metadata length, 8 bytes), then the {@link #metadata} range it names, and {@link #message} decodes the header
 * (kind, row count, body length) and moves past the body, which is fetched only if wanted.
 *
 * <p>The first message is the schema; then, per {@link #select selection} of columns, a dictionary batch the
 * selection uses has its {@link #dictionaryBody} read ({@link #readDictionary}), in stream order, so that
 * replacements and deltas apply as they come (a batch reads the dictionaries as they stand at its place in the
 * stream); a record batch's wanted ranges are named by {@link #body} and decoded by {@link #decode}, as the
 * file format's are ({@link ArrowFileDecoder}).
 *
 * <p>Lengths come from untrusted input: each is checked against the bytes left in the stream (and the metadata
 * against {@link ReadOptions#maxMetadataLength()}) before a range is named, so no range lies outside the stream
 * and every message moves the position forward: a walk ends, at most after {@code size / 8} messages. A failure
 * names the source, the message and its offset.
 */
public final class ArrowStreamDecoder {
  /** The most bytes of a message's prefix: the continuation marker and the int32 metadata length. */
  public static final int PREFIX_LENGTH = 8;

  private final String name;
  private final long size;
  private final ReadOptions options;
  /** Where the next message starts. */
  private long position;
  private int messageIndex;
  private int batchIndex;
  private boolean ended;
  /** The message being read: its start and prefix length (between {@link #metadata} and {@link #message}). */
  private long messageStart = -1;
  private int prefixLength;
  private SchemaMessage schema;
  /** The record batch machinery, once the schema is read. */
  private ArrowFileDecoder batches;
  private ColumnSelection selection;
  private DictionaryReader dictionaries;

  private ArrowStreamDecoder(String name, long size, ReadOptions options) {
    this.name = name;
    this.size = size;
    this.options = options;
  }

  /** The stream of {@code size} bytes named {@code name} (for messages), from its first byte. */
  public static ArrowStreamDecoder of(String name, long size, ReadOptions options) {
    if (size < 0) {
      throw new IllegalArgumentException("negative size " + size);
    }
    return new ArrowStreamDecoder(name, size, options);
  }

  public String name() {
    return name;
  }

  /** Where the next message starts (after the last one's body). */
  public long position() {
    return position;
  }

  /** Whether the stream has ended (its end-of-stream marker, or the end of the input at a message boundary). */
  public boolean ended() {
    return ended;
  }

  /** The schema message; null before the first message is read. */
  public SchemaMessage schemaMessage() {
    return schema;
  }

  /** The stream's schema; null before the first message is read. */
  public Schema schema() {
    return schema == null ? null : schema.schema();
  }

  private String where() {
    return "message " + messageIndex + " (offset " + messageStart + ")";
  }

  /** The range holding the next message's prefix (fewer than 8 bytes at the end of the input), or null at the end. */
  public ByteRange prefix() {
    if (ended) {
      return null;
    }
    if (position >= size) {
      ended = true; // the end of the input at a message boundary ends a stream as its marker does
      return null;
    }
    return new ByteRange(position, Math.min(PREFIX_LENGTH, size - position));
  }

  /**
   * From the bytes of the {@link #prefix} range (at least the bytes it names; more are ignored): the range of the
   * message's metadata (its flatbuffer and padding), or null when the prefix is the end-of-stream marker.
   */
  public ByteRange metadata(ArrowBuffer prefix) {
    if (ended) {
      throw new IllegalStateException("the stream has ended");
    }
    messageStart = position;
    long left = size - position;
    try {
      int have = (int) Math.min(Math.min(prefix.length(), PREFIX_LENGTH), left);
      if (have < 4) {
        throw MessageReader.truncated("the message length");
      }
      int first = prefix.getInt(0);
      boolean marked = MessageFraming.isContinuation(first);
      int length = first;
      if (marked) {
        if (have < 8) {
          throw MessageReader.truncated("the message length");
        }
        length = prefix.getInt(4);
      }
      prefixLength = marked ? 8 : 4;
      if (length == 0) {
        ended = true;
        return null;
      }
      if (messageIndex == 0 && position == 0 && !marked) {
        // A legacy stream has no marker; anything else there is not a stream at all (every signature ForeignFormat
        // knows reads as an impossible legacy length).
        byte[] head = new byte[4];
        prefix.getBytes(0, head, 0, 4);
        if (length < 0 || length > options.maxMetadataLength() || ForeignFormat.describe(head, 4) != null) {
          throw MessageReader.notArrow(head, 4);
        }
      }
      if (length < 0 || length > options.maxMetadataLength()) {
        throw new ArrowFormatException("message metadata length " + Integer.toUnsignedLong(length)
            + " is out of range (limit " + options.maxMetadataLength() + ")");
      }
      if (length > left - prefixLength) {
        throw MessageReader.truncated("the message metadata (" + length + " bytes declared, "
            + Math.max(0, left - prefixLength) + " left)");
      }
      return new ByteRange(position + prefixLength, length);
    } catch (ArrowFormatException e) {
      ended = true;
      throw e.at(where()).in(name);
    }
  }

  /**
   * The message whose {@link #metadata} bytes are {@code metadata}: its header, and where its body is. The next
   * {@link #prefix} is after the body, which the caller fetches only if it wants it. The first message must be the
   * schema, and no other may be.
   */
  public StreamMessage message(ArrowBuffer metadata) {
    if (ended || messageStart != position) {
      throw new IllegalStateException("message() without metadata() before it");
    }
    try {
      int length = (int) Math.min(metadata.length(), Integer.MAX_VALUE);
      Message m = MetadataFlatbuffers.readMessage(MessageFraming.contiguous(metadata.slice(0, length)));
      long bodyStart = position + prefixLength + length;
      long bodyLength = m.bodyLength();
      if (bodyLength < 0) {
        throw new ArrowFormatException("negative body length " + bodyLength);
      }
      if (bodyLength > size - bodyStart) {
        throw MessageReader.truncated("the message body (" + bodyLength + " bytes declared, "
            + (size - bodyStart) + " left)");
      }
      MessageHeader header = m.header();
      if (messageIndex == 0 && !(header instanceof SchemaMessage)) {
        throw new ArrowFormatException("stream starts with a " + header.kind() + " message, not a schema");
      }
      if (messageIndex > 0 && header instanceof SchemaMessage) {
        throw new ArrowFormatException("a second schema message in the stream");
      }
      Block block = new Block(position, prefixLength + length, bodyLength);
      StreamMessage result;
      if (header instanceof SchemaMessage s) {
        schema = s;
        MetadataVersion version = m.version() == null ? MetadataVersion.CURRENT : m.version();
        batches = ArrowFileDecoder.forStream(name, size, options, version, s);
        dictionaries = new DictionaryReader(s.schema(), s.endianness(), false, options);
        result = new StreamMessage(messageIndex, block, header, -1, null, m.version());
      } else if (header instanceof RecordBatchHeader rb) {
        result = new StreamMessage(messageIndex, block, header, batchIndex,
            ArrowFileDecoder.streamBatch(batchIndex, block, rb, bodyLength, m.version()), m.version());
        batchIndex++;
      } else {
        result = new StreamMessage(messageIndex, block, header, -1, null, m.version());
      }
      position = bodyStart + bodyLength;
      messageIndex++;
      return result;
    } catch (ArrowFormatException e) {
      ended = true;
      throw e.at(where()).in(name);
    }
  }

  private void requireSchema() {
    if (batches == null) {
      throw new IllegalStateException("the stream's schema message is not read yet");
    }
  }

  /**
   * Reads {@code wanted} of each record batch: for each top-level field of the schema, null (not read) or the field
   * as read, itself or with struct children left out; only those buffers are named by {@link #body}, and only the
   * dictionaries they use are read. Chosen once, after the schema and before any dictionary is read.
   */
  public ColumnSelection select(List<Field> wanted) {
    requireSchema();
    return choose(batches.fields(wanted));
  }

  /**
   * Reads the top-level {@code columns} (ascending; null for all) of each record batch, decoded from the whole body
   * ({@link ArrowFileDecoder#columns}); as {@link #select}, chosen once.
   */
  public ColumnSelection selectColumns(int[] columns) {
    requireSchema();
    return choose(batches.columns(columns));
  }

  private ColumnSelection choose(ColumnSelection s) {
    if (selection != null || !dictionaries.dictionaries().isEmpty()) {
      throw new IllegalStateException("the selection is chosen once, before any dictionary is read");
    }
    selection = s;
    return s;
  }

  private ColumnSelection selection() {
    if (selection == null) {
      throw new IllegalStateException("no selection: call select or selectColumns first");
    }
    return selection;
  }

  /** Where dictionary batch {@code m}'s body is, or null when the selection does not use its dictionary. */
  public ByteRange dictionaryBody(StreamMessage m) {
    if (!(m.header() instanceof DictionaryBatchHeader d)) {
      throw new IllegalArgumentException("not a dictionary batch: " + m.header().kind());
    }
    return ArrowFileDecoder.readsDictionary(selection(), d.id()) ? m.body() : null;
  }

  /**
   * Applies dictionary batch {@code m}, from the bytes of its {@link #dictionaryBody}: a delta appends to the
   * dictionary, anything else replaces it, as the stream format says. Dictionary batches must be read in stream
   * order, each before the record batches after it are decoded.
   */
  public void readDictionary(StreamMessage m, ArrowBuffer body) {
    DictionaryBatchHeader d = (DictionaryBatchHeader) m.header();
    try {
      dictionaries.read(d, body, m.version);
    } catch (ArrowFormatException e) {
      throw e.at("dictionary batch (" + m.where() + ")").in(name);
    }
  }

  /**
   * The ranges to fetch for the selection's buffers of record batch {@code m} ({@link ArrowFileDecoder#body}):
   * ranges less than {@code coalesceGap} apart are joined.
   */
  public BodyRanges body(StreamMessage m, long coalesceGap) {
    try {
      return batches.body(m.recordBatch(), selection(), coalesceGap);
    } catch (ArrowFormatException e) {
      throw e.at(m.batchWhere()).in(name);
    }
  }

  /**
   * Record batch {@code m}, holding the selection's columns, from {@code body} (the fetched {@code ranges}, each at
   * its {@link BodyRanges#placedAt} offset), with the dictionaries read so far.
   */
  public RecordBatch decode(StreamMessage m, BodyRanges ranges, ArrowBuffer body) {
    return decode(m, ranges, body, null);
  }

  /**
   * As {@link #decode(StreamMessage, BodyRanges, ArrowBuffer)}, with the decompressed buffers in {@code arena} (when
   * not null), where they stay valid only until the next batch is decoded into it.
   */
  public RecordBatch decode(StreamMessage m, BodyRanges ranges, ArrowBuffer body, DecompressionArena arena) {
    try {
      return batches.decode(m.recordBatch(), ranges, body, dictionaries.dictionaries(), arena, null).batch();
    } catch (ArrowFormatException e) {
      throw e.at(m.batchWhere()).in(name);
    }
  }

  /** One message of a stream, as its header tells: what it is, where it and its body are. */
  public static final class StreamMessage {
    private final int index;
    private final Block block;
    private final MessageHeader header;
    private final int batchIndex;
    private final ArrowFileDecoder.RecordBatchMessage recordBatch;
    private final MetadataVersion version;

    private StreamMessage(int index, Block block, MessageHeader header, int batchIndex,
        ArrowFileDecoder.RecordBatchMessage recordBatch, MetadataVersion version) {
      this.index = index;
      this.block = block;
      this.header = header;
      this.batchIndex = batchIndex;
      this.recordBatch = recordBatch;
      this.version = version;
    }

    /** Its index among the stream's messages (0: the schema). */
    public int index() {
      return index;
    }

    /** Where the message starts: a split owns the record batches whose message starts in its range. */
    public long offset() {
      return block.offset();
    }

    /** Its framing, as a file footer's block would give it: start, prefix and metadata length, body length. */
    public Block block() {
      return block;
    }

    public MessageHeader header() {
      return header;
    }

    public boolean isRecordBatch() {
      return recordBatch != null;
    }

    public boolean isDictionaryBatch() {
      return header instanceof DictionaryBatchHeader;
    }

    /** For a record batch, its index among the stream's record batches; else -1. */
    public int batchIndex() {
      return batchIndex;
    }

    /** For a record batch, its row count as declared (not checked; negative in a corrupt stream); else -1. */
    public long length() {
      return recordBatch == null ? -1 : recordBatch.length();
    }

    /** Where the body is. */
    public ByteRange body() {
      return new ByteRange(block.offset() + block.metaDataLength(), block.bodyLength());
    }

    /** The record batch message, for the decoder. */
    ArrowFileDecoder.RecordBatchMessage recordBatch() {
      if (recordBatch == null) {
        throw new IllegalArgumentException("not a record batch: " + header.kind());
      }
      return recordBatch;
    }

    /** For error messages: {@code message 3 (offset 1288)}. */
    public String where() {
      return "message " + index + " (offset " + block.offset() + ")";
    }

    String batchWhere() {
      return "record batch " + batchIndex + " (" + where() + ")";
    }
  }
}
