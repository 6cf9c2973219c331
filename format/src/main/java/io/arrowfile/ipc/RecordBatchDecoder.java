package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.Validator;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Layout;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.compression.BodyCompression;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Turns a {@code RecordBatch} message (header and body) into {@link ArrayData}: walks the schema's fields
 * in pre-order, taking one field node per array and the buffers its layout has, checks every buffer lies
 * within the body and the counts match exactly, decompresses and byte-swaps where needed (otherwise the
 * buffers are slices of the body: no copy), attaches dictionaries and validates.
 */
public final class RecordBatchDecoder {
  private static final ArrowBuffer ZERO_OFFSET_32 = ArrowBuffer.wrap(new byte[4]);
  private static final ArrowBuffer ZERO_OFFSET_64 = ArrowBuffer.wrap(new byte[8]);

  private final RecordBatchHeader header;
  private final ArrowBuffer body;
  private final long bodyLength;
  private final Map<Long, ArrayData> dictionaries;
  private final boolean bigEndian;
  private final MetadataVersion version;
  private final ReadOptions options;
  private final CompressionCodec compression;
  /** Where decompressed buffers go; null: fresh memory for each. */
  private final IntFunction<ByteBuffer> decompressed;
  private int nodeIndex;
  private int bufferIndex;
  private int variadicIndex;
  /** The value buffers set aside for the column being read when it is deferred; null when it is not. */
  private List<DeferredColumn.Pending> deferring;

  private RecordBatchDecoder(RecordBatchHeader header, ArrowBuffer body, Map<Long, ArrayData> dictionaries,
      Endianness endianness, MetadataVersion version, ReadOptions options, DecompressionArena arena) {
    this(header, body, body.length(), dictionaries, endianness, version, options, arena);
  }

  private RecordBatchDecoder(RecordBatchHeader header, ArrowBuffer body, long bodyLength,
      Map<Long, ArrayData> dictionaries, Endianness endianness, MetadataVersion version, ReadOptions options,
      DecompressionArena arena) {
    this.header = header;
    this.body = body;
    this.bodyLength = bodyLength;
    this.dictionaries = dictionaries == null ? Map.of() : dictionaries;
    this.bigEndian = endianness == Endianness.BIG;
    this.version = version == null ? MetadataVersion.CURRENT : version;
    if (this.version.compareTo(MetadataVersion.V4) < 0) {
      throw new ArrowFormatException("metadata version " + this.version
          + " (before Arrow 0.8) is not supported");
    }
    this.options = options;
    this.compression = header.compression();
    this.decompressed = arena == null ? null : arena::allocate;
  }

  /**
   * The record batch {@code header} and {@code body} hold for {@code schema}.
   *
   * @param dictionaries the dictionaries read so far, by id
   * @param version the message's metadata version (before V5, unions carry a validity buffer)
   */
  public static RecordBatch decode(Schema schema, RecordBatchHeader header, ArrowBuffer body,
      Map<Long, ArrayData> dictionaries, Endianness endianness, MetadataVersion version, ReadOptions options) {
    return decode(schema, null, header, body, dictionaries, endianness, version, options);
  }

  /**
   * Only the top-level {@code columns} (ascending indexes into {@code schema}; null for all) of the record
   * batch, as a batch of those fields. The other columns' nodes and buffers are counted and range-checked,
   * as the framing must be whole, but not decompressed, swapped, validated or otherwise touched.
   */
  public static RecordBatch decode(Schema schema, int[] columns, RecordBatchHeader header, ArrowBuffer body,
      Map<Long, ArrayData> dictionaries, Endianness endianness, MetadataVersion version, ReadOptions options) {
    return decode(schema, columns, header, body, dictionaries, endianness, version, options, null);
  }

  /**
   * As {@link #decode(Schema, int[], RecordBatchHeader, ArrowBuffer, Map, Endianness, MetadataVersion, ReadOptions)},
   * the decompressed buffers in {@code arena} (reset first: the batch decoded into it before is overwritten), or in
   * fresh memory when it is null.
   */
  static RecordBatch decode(Schema schema, int[] columns, RecordBatchHeader header, ArrowBuffer body,
      Map<Long, ArrayData> dictionaries, Endianness endianness, MetadataVersion version, ReadOptions options,
      DecompressionArena arena) {
    return decode(schema, columns, header, body, dictionaries, endianness, version, options, arena, null).batch();
  }

  /**
   * As {@link #decode(Schema, int[], RecordBatchHeader, ArrowBuffer, Map, Endianness, MetadataVersion, ReadOptions,
   * DecompressionArena)}, with the value buffers of the columns {@code defer} accepts (by index in the returned batch)
   * decompressed on demand ({@link DeferredColumn}) where the format allows: a compressed little-endian body, a plain
   * fixed-width, boolean or variable-size binary column, and buffers that decompress whole into the arena.
   */
  static DeferredBatch decode(Schema schema, int[] columns, RecordBatchHeader header, ArrowBuffer body,
      Map<Long, ArrayData> dictionaries, Endianness endianness, MetadataVersion version, ReadOptions options,
      DecompressionArena arena, IntPredicate defer) {
    if (arena != null) {
      arena.reset();
    }
    RecordBatchDecoder d = new RecordBatchDecoder(header, body, dictionaries, endianness, version, options, arena);
    if (header.length() < 0) {
      throw new ArrowFormatException("negative record batch length " + header.length());
    }
    List<Field> fields = schema.fields();
    List<ArrayData> out = new ArrayList<>(columns == null ? fields.size() : columns.length);
    List<Field> outFields = columns == null ? fields : new ArrayList<>(columns.length);
    DeferredColumn[] deferred = new DeferredColumn[columns == null ? fields.size() : columns.length];
    boolean mayDefer = defer != null && arena != null && d.compression != null && !d.bigEndian;
    int next = 0;
    for (int i = 0; i < fields.size(); i++) {
      Field field = fields.get(i);
      if (columns != null && (next >= columns.length || columns[next] != i)) {
        d.skipField(field);
        continue;
      }
      d.deferring = mayDefer && deferrable(field) && defer.test(out.size()) ? new ArrayList<>() : null;
      ArrayData column = d.readField(field);
      if (column.length() != header.length()) {
        throw new ArrowFormatException("column has " + column.length() + " rows, the record batch "
            + header.length()).inField(field.name());
      }
      if (d.deferring != null && !d.deferring.isEmpty()) {
        deferred[out.size()] = new DeferredColumn(column, d.compression, options, arena, d.deferring);
      }
      d.deferring = null;
      out.add(column);
      if (columns != null) {
        outFields.add(field);
        next++;
      }
    }
    if (columns != null && next != columns.length) {
      throw new IllegalArgumentException("columns " + java.util.Arrays.toString(columns)
          + " are not ascending indexes of the schema's " + fields.size() + " fields");
    }
    d.checkAllConsumed();
    for (int k = 0; k < out.size(); k++) {
      if (deferred[k] == null) {
        validate(out.get(k), options.validation());
      } else { // its sizes now, as a reader relies on them before it loads; its values when it is loaded
        Validator.validateWithoutValues(out.get(k), options.validation());
      }
    }
    Schema outSchema = columns == null ? schema : new Schema(outFields, schema.metadata());
    return new DeferredBatch(new RecordBatch(outSchema, header.length(), out), deferred);
  }

  /** Layouts whose value buffers are read only through their readers' loads: nothing reads them on decoding. */
  private static boolean deferrable(Field field) {
    return !field.isDictionaryEncoded() && switch (field.layout()) {
      case FIXED_WIDTH, BOOL, VARIABLE_BINARY, LARGE_VARIABLE_BINARY -> true;
      default -> false;
    };
  }

  /**
   * The part of record batch {@code header} that a reader of {@code wanted} needs, for a reader that fetches only
   * those bytes: {@code wanted} holds, for each top-level field of {@code schema}, null (not read) or the field as
   * read, either itself or with some children of its structs left out (recursively, through lists, maps and
   * run-end encoding; the kept children in their order, with names unique among their siblings). Returns the
   * header of a record batch whose schema is the non-null {@code wanted} fields: their field nodes, buffers (at
   * their offsets in the original body) and variadic buffer counts, in the order a decoder of that schema takes
   * them. The framing is checked as {@link #decode} checks it: counts that match the schema exactly, every buffer
   * within a body of {@code bodyLength} bytes.
   */
  public static RecordBatchHeader select(Schema schema, List<Field> wanted, RecordBatchHeader header, long bodyLength,
      MetadataVersion version) {
    List<Field> fields = schema.fields();
    if (wanted.size() != fields.size()) {
      throw new IllegalArgumentException(wanted.size() + " wanted fields for a schema of " + fields.size());
    }
    RecordBatchDecoder d = new RecordBatchDecoder(header, null, bodyLength, null, Endianness.LITTLE, version,
        ReadOptions.DEFAULT, null);
    Selected out = new Selected();
    for (int i = 0; i < fields.size(); i++) {
      if (wanted.get(i) == null) {
        d.skipField(fields.get(i));
      } else {
        d.select(fields.get(i), wanted.get(i), out);
      }
    }
    d.checkAllConsumed();
    return new RecordBatchHeader(header.length(), out.nodes, out.buffers, header.compression(), out.variadic);
  }

  /** What {@link #select} keeps, in decoding order. */
  private static final class Selected {
    final List<FieldNode> nodes = new ArrayList<>();
    final List<BodyBuffer> buffers = new ArrayList<>();
    final List<Long> variadic = new ArrayList<>();
  }

  private void select(Field full, Field wanted, Selected out) {
    boolean nested = !full.isDictionaryEncoded() && !full.children().equals(wanted.children())
        && switch (full.layout()) {
          case STRUCT, LIST, LARGE_LIST, LIST_VIEW, LARGE_LIST_VIEW, FIXED_SIZE_LIST, RUN_END_ENCODED -> true;
          default -> false;
        };
    if (!nested) { // the field whole
      int n = nodeIndex;
      int b = bufferIndex;
      int v = variadicIndex;
      skipField(full);
      out.nodes.addAll(header.nodes().subList(n, nodeIndex));
      out.buffers.addAll(header.buffers().subList(b, bufferIndex));
      out.variadic.addAll(header.variadicBufferCounts().subList(v, variadicIndex));
      return;
    }
    try {
      out.nodes.add(nextNode());
      int b = bufferIndex;
      skipBuffers(full.layout().fixedBufferCount());
      out.buffers.addAll(header.buffers().subList(b, bufferIndex));
      int j = 0;
      for (Field child : full.children()) {
        if (j < wanted.children().size() && wanted.child(j).name().equals(child.name())) {
          select(child, wanted.child(j++), out);
        } else {
          skipField(child);
        }
      }
      if (j != wanted.children().size()) {
        throw new IllegalArgumentException("field " + wanted + " is not a selection of " + full);
      }
    } catch (ArrowFormatException e) {
      throw e.inField(full.name());
    }
  }

  /** The values of a dictionary batch: its one column, read as {@code valueField}. */
  public static ArrayData decodeDictionary(Field valueField, RecordBatchHeader header, ArrowBuffer body,
      Map<Long, ArrayData> dictionaries, Endianness endianness, MetadataVersion version, ReadOptions options) {
    // Never into an arena: a dictionary outlives the batch it came with.
    RecordBatchDecoder d = new RecordBatchDecoder(header, body, dictionaries, endianness, version, options, null);
    if (header.length() < 0) {
      throw new ArrowFormatException("negative dictionary batch length " + header.length());
    }
    ArrayData column = d.readField(valueField);
    if (column.length() != header.length()) {
      throw new ArrowFormatException("dictionary has " + column.length() + " values, its batch says "
          + header.length());
    }
    d.checkAllConsumed();
    validate(column, options.validation());
    return column;
  }

  static void validate(ArrayData column, ValidationLevel level) {
    if (level == ValidationLevel.NONE) {
      return;
    }
    try {
      Validator.validate(column, level);
    } catch (ArrowFormatException e) {
      throw e.fieldPath() == null ? e.inField(column.field().name()) : e;
    }
  }

  private void checkAllConsumed() {
    if (nodeIndex != header.nodes().size()) {
      throw new ArrowFormatException("record batch has " + header.nodes().size()
          + " field nodes, the schema needs " + nodeIndex);
    }
    if (bufferIndex != header.buffers().size()) {
      throw new ArrowFormatException("record batch has " + header.buffers().size()
          + " buffers, the schema needs " + bufferIndex);
    }
    if (variadicIndex != header.variadicBufferCounts().size()) {
      throw new ArrowFormatException("record batch has " + header.variadicBufferCounts().size()
          + " variadic buffer counts, the schema has " + variadicIndex + " binary view arrays");
    }
  }

  private FieldNode nextNode() {
    if (nodeIndex >= header.nodes().size()) {
      throw new ArrowFormatException("record batch has only " + header.nodes().size()
          + " field nodes, fewer than the schema needs");
    }
    return header.nodes().get(nodeIndex++);
  }

  private ArrowBuffer nextBuffer() {
    return nextBuffer(false);
  }

  /** The next buffer; a value buffer ({@code values}) of a deferred column is only set aside in the arena. */
  private ArrowBuffer nextBuffer(boolean values) {
    if (bufferIndex >= header.buffers().size()) {
      throw new ArrowFormatException("record batch has only " + header.buffers().size()
          + " buffers, fewer than the schema needs");
    }
    int index = bufferIndex++;
    BodyBuffer b = header.buffers().get(index);
    long offset = b.offset();
    long length = b.length();
    if (offset < 0 || length < 0 || offset > body.length() || length > body.length() - offset) {
      throw new ArrowFormatException("buffer " + index + " (offset " + offset + ", length " + length
          + ") is not within the body (" + body.length() + " bytes)");
    }
    ArrowBuffer raw = length == 0 ? ArrowBuffer.EMPTY : body.slice(offset, length);
    if (compression != null) {
      if (values && deferring != null) {
        long declared = BodyCompression.deferrableLength(compression, raw, options.maxBufferSize());
        if (declared > 0) {
          ByteBuffer into = decompressed.apply((int) declared);
          deferring.add(new DeferredColumn.Pending(index, raw, into));
          return ArrowBuffer.wrap(into);
        }
      }
      try {
        return BodyCompression.decompress(compression, raw, options.maxBufferSize(), decompressed);
      } catch (ArrowFormatException e) {
        throw new ArrowFormatException("buffer " + index + ": " + e.problem(), e.getCause());
      }
    }
    return raw;
  }

  private long nextVariadicCount() {
    if (variadicIndex >= header.variadicBufferCounts().size()) {
      throw new ArrowFormatException("record batch has only " + header.variadicBufferCounts().size()
          + " variadic buffer counts, fewer than its binary view arrays");
    }
    return header.variadicBufferCounts().get(variadicIndex++);
  }

  private ArrayData readField(Field field) {
    try {
      return readFieldUnchecked(field);
    } catch (ArrowFormatException e) {
      throw e.inField(field.name());
    }
  }

  private ArrayData readFieldUnchecked(Field field) {
    FieldNode node = nextNode();
    long length = node.length();
    long nulls = node.nullCount();
    Layout layout = field.layout();
    // Layouts without validity (Null, unions, run-end encoded) ignore the declared null count, as Arrow C++ does.
    if (length < 0 || (layout.hasValidity() && (nulls < 0 || nulls > length))) {
      throw new ArrowFormatException("field node has length " + length + " and null count " + nulls);
    }
    ArrowBuffer[] buffers;
    List<ArrayData> children = List.of();
    ArrayData dictionary = null;
    long nullCount = nulls;
    switch (layout) {
      case NULL:
        buffers = new ArrowBuffer[0];
        nullCount = length;
        break;
      case SPARSE_UNION:
      case DENSE_UNION: {
        if (version.compareTo(MetadataVersion.V5) < 0) {
          nextBuffer(); // the validity bitmap unions had before V5
        }
        buffers = new ArrowBuffer[layout.fixedBufferCount()];
        for (int i = 0; i < buffers.length; i++) {
          buffers[i] = nextBuffer();
        }
        nullCount = 0;
        children = readChildren(field, -1);
        break;
      }
      case RUN_END_ENCODED:
        buffers = new ArrowBuffer[0];
        nullCount = 0;
        children = readChildren(field, 2);
        break;
      case BINARY_VIEW: {
        ArrowBuffer validity = nextBuffer();
        ArrowBuffer views = nextBuffer();
        long variadic = nextVariadicCount();
        if (variadic < 0 || variadic > header.buffers().size() - bufferIndex) {
          throw new ArrowFormatException("binary view array declares " + variadic
              + " variadic buffers, more than the record batch has left");
        }
        buffers = new ArrowBuffer[2 + (int) variadic];
        buffers[0] = validity;
        buffers[1] = views;
        for (int i = 2; i < buffers.length; i++) {
          buffers[i] = nextBuffer();
        }
        break;
      }
      default: {
        buffers = new ArrowBuffer[layout.fixedBufferCount()];
        for (int i = 0; i < buffers.length; i++) {
          buffers[i] = nextBuffer(i > 0); // buffer 0 is the validity bitmap, read with the batch
        }
        if (field.isDictionaryEncoded()) {
          long id = field.dictionary().id();
          dictionary = dictionaries.get(id);
          if (dictionary == null) {
            throw new ArrowFormatException("no dictionary with id " + id + " has been read");
          }
        } else {
          switch (layout) {
            case LIST, LARGE_LIST, LIST_VIEW, LARGE_LIST_VIEW, FIXED_SIZE_LIST -> children = readChildren(field, 1);
            case STRUCT -> children = readChildren(field, -1);
            default -> { }
          }
        }
        break;
      }
    }
    if (layout.hasValidity() && nulls == 0) {
      buffers[0] = null;
    }
    if (length == 0 && buffers.length > 1 && buffers[1] != null && buffers[1].length() == 0) {
      // An empty array may omit its single zero offset.
      switch (layout) {
        case VARIABLE_BINARY, LIST -> buffers[1] = ZERO_OFFSET_32;
        case LARGE_VARIABLE_BINARY, LARGE_LIST -> buffers[1] = ZERO_OFFSET_64;
        default -> { }
      }
    }
    if (bigEndian) {
      ByteSwap.toLittleEndian(field, buffers);
    }
    return new ArrayData(field, length, 0, nullCount, buffers, children, dictionary);
  }

  /** Consumes what {@link #readFieldUnchecked} would, checking only that each buffer lies within the body. */
  private void skipField(Field field) {
    try {
      nextNode();
      Layout layout = field.layout();
      switch (layout) {
        case NULL -> { }
        case SPARSE_UNION, DENSE_UNION -> {
          skipBuffers(layout.fixedBufferCount() + (version.compareTo(MetadataVersion.V5) < 0 ? 1 : 0));
          skipChildren(field);
        }
        case RUN_END_ENCODED -> skipChildren(field);
        case BINARY_VIEW -> {
          skipBuffers(2);
          long variadic = nextVariadicCount();
          if (variadic < 0 || variadic > header.buffers().size() - bufferIndex) {
            throw new ArrowFormatException("binary view array declares " + variadic
                + " variadic buffers, more than the record batch has left");
          }
          skipBuffers((int) variadic);
        }
        default -> {
          skipBuffers(layout.fixedBufferCount());
          if (!field.isDictionaryEncoded()) {
            switch (layout) {
              case LIST, LARGE_LIST, LIST_VIEW, LARGE_LIST_VIEW, FIXED_SIZE_LIST, STRUCT -> skipChildren(field);
              default -> { }
            }
          }
        }
      }
    } catch (ArrowFormatException e) {
      throw e.inField(field.name());
    }
  }

  private void skipChildren(Field field) {
    for (Field child : field.children()) {
      skipField(child);
    }
  }

  private void skipBuffers(int n) {
    for (int i = 0; i < n; i++) {
      if (bufferIndex >= header.buffers().size()) {
        throw new ArrowFormatException("record batch has only " + header.buffers().size()
            + " buffers, fewer than the schema needs");
      }
      int index = bufferIndex++;
      BodyBuffer b = header.buffers().get(index);
      if (b.offset() < 0 || b.length() < 0 || b.offset() > bodyLength || b.length() > bodyLength - b.offset()) {
        throw new ArrowFormatException("buffer " + index + " (offset " + b.offset() + ", length " + b.length()
            + ") is not within the body (" + bodyLength + " bytes)");
      }
    }
  }

  private List<ArrayData> readChildren(Field field, int expected) {
    List<Field> fields = field.children();
    if (expected >= 0 && fields.size() != expected) {
      throw new ArrowFormatException(field.type() + " field has " + fields.size() + " children, not "
          + expected);
    }
    List<ArrayData> out = new ArrayList<>(fields.size());
    for (Field child : fields) {
      out.add(readField(child));
    }
    return out;
  }
}
