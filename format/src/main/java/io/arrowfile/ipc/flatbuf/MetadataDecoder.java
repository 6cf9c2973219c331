package io.arrowfile.ipc.flatbuf;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DateUnit;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.IntervalUnit;
import io.arrowfile.columnar.type.Precision;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.columnar.type.TimeUnit;
import io.arrowfile.columnar.type.UnionMode;
import io.arrowfile.ipc.flatbuf.FlatBufferReader.Table;
import io.arrowfile.ipc.flatbuf.FlatBufferReader.Vec;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MessageHeader;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Decodes Message / Footer flatbuffers (through a {@link FlatBufferReader}) into the metadata records. */
final class MetadataDecoder {
  /** Fields nested deeper than this are rejected (top-level fields are at depth 1). */
  static final int MAX_FIELD_DEPTH = 64;

  private final FlatBufferReader r;

  MetadataDecoder(FlatBufferReader reader) {
    this.r = reader;
  }

  // ---------------------------------------------------------------- Message.fbs

  Message message() {
    Table m = r.root("Message");
    MetadataVersion version = version(r.getShort(m, FbsSchema.MESSAGE_VERSION, (short) 0, "Message.version"),
        "Message");
    int headerType = Byte.toUnsignedInt(r.getByte(m, FbsSchema.MESSAGE_HEADER_TYPE, (byte) 0, "Message.header_type"));
    long bodyLength = r.getLong(m, FbsSchema.MESSAGE_BODY_LENGTH, 0L, "Message.bodyLength");
    if (bodyLength < 0) {
      throw new ArrowFormatException("Message bodyLength " + bodyLength + " is negative");
    }
    Map<String, String> metadata = keyValues(m, FbsSchema.MESSAGE_CUSTOM_METADATA, "Message.custom_metadata");
    String headerName;
    switch (headerType) {
      case FbsSchema.HEADER_NONE:
        throw new ArrowFormatException("Message has no header (header type NONE)");
      case FbsSchema.HEADER_SCHEMA:
        headerName = "Schema";
        break;
      case FbsSchema.HEADER_DICTIONARY_BATCH:
        headerName = "DictionaryBatch";
        break;
      case FbsSchema.HEADER_RECORD_BATCH:
        headerName = "RecordBatch";
        break;
      case FbsSchema.HEADER_TENSOR:
        throw new ArrowFormatException("Message header Tensor is not supported (not part of the columnar format)");
      case FbsSchema.HEADER_SPARSE_TENSOR:
        throw new ArrowFormatException(
            "Message header SparseTensor is not supported (not part of the columnar format)");
      default:
        throw new ArrowFormatException("Message has header type " + headerType + ", not a known MessageHeader");
    }
    Table h = r.getTable(m, FbsSchema.MESSAGE_HEADER, "Message.header");
    if (h == null) {
      throw new ArrowFormatException("Message says its header is a " + headerName + " but has no header table");
    }
    MessageHeader header;
    switch (headerType) {
      case FbsSchema.HEADER_SCHEMA:
        header = schema(h);
        break;
      case FbsSchema.HEADER_DICTIONARY_BATCH:
        header = dictionaryBatch(h);
        break;
      default:
        header = recordBatch(h, "RecordBatch");
        break;
    }
    return new Message(version, header, bodyLength, metadata);
  }

  private DictionaryBatchHeader dictionaryBatch(Table t) {
    long id = r.getLong(t, FbsSchema.DICTIONARY_BATCH_ID, 0L, "DictionaryBatch.id");
    Table data = r.getTable(t, FbsSchema.DICTIONARY_BATCH_DATA, "DictionaryBatch.data");
    if (data == null) {
      throw new ArrowFormatException("DictionaryBatch (id " + id + ") has no data RecordBatch");
    }
    boolean isDelta = r.getBool(t, FbsSchema.DICTIONARY_BATCH_IS_DELTA, false, "DictionaryBatch.isDelta");
    return new DictionaryBatchHeader(id, recordBatch(data, "DictionaryBatch.data"), isDelta);
  }

  private RecordBatchHeader recordBatch(Table t, String what) {
    long length = r.getLong(t, FbsSchema.RECORD_BATCH_LENGTH, 0L, what + ".length");
    if (length < 0) {
      throw new ArrowFormatException(what + " length " + length + " is negative");
    }
    List<FieldNode> nodes = new ArrayList<>();
    Vec nv = r.getVector(t, FbsSchema.RECORD_BATCH_NODES, 16, what + ".nodes");
    if (nv != null) {
      for (int i = 0; i < nv.length(); i++) {
        long len = r.structLong(nv, i, 0);
        long nulls = r.structLong(nv, i, 8);
        // A null count is checked where the field's layout uses it (RecordBatchDecoder): a Null, union or
        // run-end encoded array has none, and apache-arrow (JS) writes a sliced Null array's as -1.
        if (len < 0) {
          throw new ArrowFormatException(what + " node " + i + " has negative length " + len);
        }
        nodes.add(new FieldNode(len, nulls));
      }
    }
    List<BodyBuffer> buffers = new ArrayList<>();
    Vec bv = r.getVector(t, FbsSchema.RECORD_BATCH_BUFFERS, 16, what + ".buffers");
    if (bv != null) {
      for (int i = 0; i < bv.length(); i++) {
        long off = r.structLong(bv, i, 0);
        long len = r.structLong(bv, i, 8);
        if (off < 0 || len < 0) {
          throw new ArrowFormatException(what + " buffer " + i + " has negative offset " + off
              + " or length " + len);
        }
        buffers.add(new BodyBuffer(off, len));
      }
    }
    CompressionCodec codec = null;
    Table c = r.getTable(t, FbsSchema.RECORD_BATCH_COMPRESSION, what + ".compression");
    if (c != null) {
      int codecId = r.getByte(c, FbsSchema.BODY_COMPRESSION_CODEC, (byte) 0, "BodyCompression.codec");
      if (codecId < 0 || codecId >= FbsSchema.COMPRESSION_CODECS.length) {
        throw new ArrowFormatException(what + " has compression codec " + codecId
            + ", not a known CompressionType");
      }
      codec = FbsSchema.COMPRESSION_CODECS[codecId];
      int method = r.getByte(c, FbsSchema.BODY_COMPRESSION_METHOD, (byte) 0, "BodyCompression.method");
      if (method != FbsSchema.BODY_COMPRESSION_BUFFER) {
        throw new ArrowFormatException(what + " has body compression method " + method
            + "; only BUFFER (0) is supported");
      }
    }
    List<Long> variadic = new ArrayList<>();
    Vec vv = r.getVector(t, FbsSchema.RECORD_BATCH_VARIADIC_BUFFER_COUNTS, 8, what + ".variadicBufferCounts");
    if (vv != null) {
      for (int i = 0; i < vv.length(); i++) {
        long count = r.longAt(vv, i);
        if (count < 0) {
          throw new ArrowFormatException(what + " variadic buffer count " + i + " is negative: " + count);
        }
        variadic.add(count);
      }
    }
    return new RecordBatchHeader(length, nodes, buffers, codec, variadic);
  }

  // ---------------------------------------------------------------- File.fbs

  Footer footer() {
    Table f = r.root("Footer");
    MetadataVersion version = version(r.getShort(f, FbsSchema.FOOTER_VERSION, (short) 0, "Footer.version"), "Footer");
    Table s = r.getTable(f, FbsSchema.FOOTER_SCHEMA, "Footer.schema");
    if (s == null) {
      throw new ArrowFormatException("Footer has no schema");
    }
    SchemaMessage schema = schema(s);
    List<Block> dictionaries = blocks(f, FbsSchema.FOOTER_DICTIONARIES, "Footer.dictionaries");
    List<Block> batches = blocks(f, FbsSchema.FOOTER_RECORD_BATCHES, "Footer.recordBatches");
    Map<String, String> metadata = keyValues(f, FbsSchema.FOOTER_CUSTOM_METADATA, "Footer.custom_metadata");
    return new Footer(version, schema, dictionaries, batches, metadata);
  }

  private List<Block> blocks(Table t, int slot, String what) {
    Vec v = r.getVector(t, slot, 24, what);
    if (v == null) {
      return List.of();
    }
    List<Block> blocks = new ArrayList<>(v.length());
    for (int i = 0; i < v.length(); i++) {
      long offset = r.structLong(v, i, 0);
      int metaDataLength = r.structInt(v, i, 8);
      long bodyLength = r.structLong(v, i, 16);
      if (offset < 0 || metaDataLength < 0 || bodyLength < 0) {
        throw new ArrowFormatException(what + " block " + i + " has a negative offset (" + offset
            + "), metaDataLength (" + metaDataLength + ") or bodyLength (" + bodyLength + ")");
      }
      blocks.add(new Block(offset, metaDataLength, bodyLength));
    }
    return blocks;
  }

  private static MetadataVersion version(short v, String what) {
    if (v < 0 || v >= MetadataVersion.values().length) {
      throw new ArrowFormatException(what + " has metadata version " + v + ", not a known MetadataVersion"
          + " (V1..V5 are 0..4)");
    }
    return MetadataVersion.values()[v];
  }

  // ---------------------------------------------------------------- Schema.fbs

  SchemaMessage schema(Table s) {
    short e = r.getShort(s, FbsSchema.SCHEMA_ENDIANNESS, (short) 0, "Schema.endianness");
    if (e < 0 || e > 1) {
      throw new ArrowFormatException("Schema has endianness " + e + ", not a known Endianness");
    }
    Endianness endianness = e == 0 ? Endianness.LITTLE : Endianness.BIG;
    List<Field> fields = fields(s, FbsSchema.SCHEMA_FIELDS, "Schema.fields", 1);
    Map<String, String> metadata = keyValues(s, FbsSchema.SCHEMA_CUSTOM_METADATA, "Schema.custom_metadata");
    long features = 0;
    Vec fv = r.getVector(s, FbsSchema.SCHEMA_FEATURES, 8, "Schema.features");
    if (fv != null) {
      for (int i = 0; i < fv.length(); i++) {
        long feature = r.longAt(fv, i);
        if (feature == SchemaMessage.FEATURE_DICTIONARY_REPLACEMENT
            || feature == SchemaMessage.FEATURE_COMPRESSED_BODY) {
          features |= feature;
        } else if (feature != 0) {
          throw new ArrowFormatException("Schema uses feature " + feature + ", not a known Feature");
        }
      }
    }
    return new SchemaMessage(new Schema(fields, metadata), endianness, features);
  }

  private List<Field> fields(Table parent, int slot, String what, int depth) {
    Vec v = r.getVector(parent, slot, 4, what);
    if (v == null || v.length() == 0) {
      return List.of();
    }
    if (depth > MAX_FIELD_DEPTH) {
      throw new ArrowFormatException("fields are nested more than " + MAX_FIELD_DEPTH + " levels deep");
    }
    List<Field> fields = new ArrayList<>(v.length());
    for (int i = 0; i < v.length(); i++) {
      fields.add(field(r.tableAt(v, i, "Field"), i, depth));
    }
    return fields;
  }

  private Field field(Table t, int index, int depth) {
    String name;
    try {
      name = r.getString(t, FbsSchema.FIELD_NAME, "Field.name");
    } catch (ArrowFormatException e) {
      throw e.inField("#" + index);
    }
    String label = name == null || name.isEmpty() ? "#" + index : name;
    try {
      boolean nullable = r.getBool(t, FbsSchema.FIELD_NULLABLE, false, "Field.nullable");
      int typeType = Byte.toUnsignedInt(r.getByte(t, FbsSchema.FIELD_TYPE_TYPE, (byte) 0, "Field.type_type"));
      Table typeTable = r.getTable(t, FbsSchema.FIELD_TYPE, "Field.type");
      DictionaryEncoding dictionary = dictionary(r.getTable(t, FbsSchema.FIELD_DICTIONARY, "Field.dictionary"));
      List<Field> children = fields(t, FbsSchema.FIELD_CHILDREN, "Field.children", depth + 1);
      Map<String, String> metadata = keyValues(t, FbsSchema.FIELD_CUSTOM_METADATA, "Field.custom_metadata");
      ArrowType type = type(typeType, typeTable);
      checkChildren(type, children);
      return new Field(name, nullable, type, dictionary, children, metadata);
    } catch (ArrowFormatException e) {
      throw e.inField(label);
    }
  }

  private DictionaryEncoding dictionary(Table d) {
    if (d == null) {
      return null;
    }
    long id = r.getLong(d, FbsSchema.DICT_ID, 0L, "DictionaryEncoding.id");
    Table it = r.getTable(d, FbsSchema.DICT_INDEX_TYPE, "DictionaryEncoding.indexType");
    ArrowType.Int indexType = it == null ? ArrowType.Int.INT32 : intType(it, "dictionary indexType");
    boolean ordered = r.getBool(d, FbsSchema.DICT_IS_ORDERED, false, "DictionaryEncoding.isOrdered");
    short kind = r.getShort(d, FbsSchema.DICT_KIND, (short) 0, "DictionaryEncoding.dictionaryKind");
    if (kind != 0) {
      throw new ArrowFormatException("dictionary " + id + " has dictionaryKind " + kind
          + ", not a known DictionaryKind (only DenseArray = 0)");
    }
    return new DictionaryEncoding(id, indexType, ordered);
  }

  private ArrowType.Int intType(Table t, String what) {
    int bitWidth = r.getInt(t, 0, 0, "Int.bitWidth");
    boolean signed = r.getBool(t, 1, false, "Int.is_signed");
    if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32 && bitWidth != 64) {
      throw new ArrowFormatException(what + " has Int bitWidth " + bitWidth + "; it must be 8, 16, 32 or 64");
    }
    return new ArrowType.Int(bitWidth, signed);
  }

  private static <E extends Enum<E>> E enumValue(E[] values, int v, String what) {
    if (v < 0 || v >= values.length) {
      throw new ArrowFormatException(what + " " + v + " is not a known value (0.." + (values.length - 1) + ")");
    }
    return values[v];
  }

  private ArrowType type(int typeType, Table t) {
    switch (typeType) {
      case FbsSchema.TYPE_NONE:
        throw new ArrowFormatException("field has no type (type id NONE)");
      case FbsSchema.TYPE_NULL:
        return new ArrowType.Null();
      case FbsSchema.TYPE_INT:
        return intType(t, "type");
      case FbsSchema.TYPE_FLOATING_POINT:
        return new ArrowType.FloatingPoint(enumValue(Precision.values(),
            r.getShort(t, 0, (short) 0, "FloatingPoint.precision"), "FloatingPoint precision"));
      case FbsSchema.TYPE_BINARY:
        return new ArrowType.Binary();
      case FbsSchema.TYPE_UTF8:
        return new ArrowType.Utf8();
      case FbsSchema.TYPE_BOOL:
        return new ArrowType.Bool();
      case FbsSchema.TYPE_DECIMAL: {
        int precision = r.getInt(t, 0, 0, "Decimal.precision");
        int scale = r.getInt(t, 1, 0, "Decimal.scale");
        int bitWidth = r.getInt(t, 2, 128, "Decimal.bitWidth");
        if (bitWidth != 32 && bitWidth != 64 && bitWidth != 128 && bitWidth != 256) {
          throw new ArrowFormatException("Decimal bitWidth " + bitWidth + " is not 32, 64, 128 or 256");
        }
        if (precision <= 0) {
          throw new ArrowFormatException("Decimal precision " + precision + " is not positive");
        }
        return new ArrowType.Decimal(precision, scale, bitWidth);
      }
      case FbsSchema.TYPE_DATE:
        return new ArrowType.Date(enumValue(DateUnit.values(), r.getShort(t, 0, (short) 1, "Date.unit"),
            "Date unit"));
      case FbsSchema.TYPE_TIME: {
        TimeUnit unit = enumValue(TimeUnit.values(), r.getShort(t, 0, (short) 1, "Time.unit"), "Time unit");
        int bitWidth = r.getInt(t, 1, 32, "Time.bitWidth");
        int expected = unit == TimeUnit.SECOND || unit == TimeUnit.MILLISECOND ? 32 : 64;
        if (bitWidth != expected) {
          throw new ArrowFormatException("Time of unit " + unit + " has bitWidth " + bitWidth + ", not "
              + expected);
        }
        return new ArrowType.Time(unit, bitWidth);
      }
      case FbsSchema.TYPE_TIMESTAMP:
        return new ArrowType.Timestamp(
            enumValue(TimeUnit.values(), r.getShort(t, 0, (short) 0, "Timestamp.unit"), "Timestamp unit"),
            r.getString(t, 1, "Timestamp.timezone"));
      case FbsSchema.TYPE_INTERVAL:
        return new ArrowType.Interval(enumValue(IntervalUnit.values(),
            r.getShort(t, 0, (short) 0, "Interval.unit"), "Interval unit"));
      case FbsSchema.TYPE_LIST:
        return new ArrowType.List();
      case FbsSchema.TYPE_STRUCT:
        return new ArrowType.Struct();
      case FbsSchema.TYPE_UNION: {
        UnionMode mode = enumValue(UnionMode.values(), r.getShort(t, 0, (short) 0, "Union.mode"), "Union mode");
        Vec ids = r.getVector(t, 1, 4, "Union.typeIds");
        int[] typeIds = null;
        // An empty typeIds vector (Arrow Java writes one for a union without ids) means "no ids" too.
        if (ids != null && ids.length() > 0) {
          typeIds = new int[ids.length()];
          boolean[] seen = new boolean[128];
          for (int i = 0; i < typeIds.length; i++) {
            int id = r.intAt(ids, i);
            if (id < 0 || id > 127) {
              throw new ArrowFormatException("Union type id " + id + " is outside 0..127");
            }
            if (seen[id]) {
              throw new ArrowFormatException("Union type id " + id + " appears twice");
            }
            seen[id] = true;
            typeIds[i] = id;
          }
        }
        return new ArrowType.Union(mode, typeIds);
      }
      case FbsSchema.TYPE_FIXED_SIZE_BINARY: {
        int byteWidth = r.getInt(t, 0, 0, "FixedSizeBinary.byteWidth");
        if (byteWidth < 0) {
          throw new ArrowFormatException("FixedSizeBinary byteWidth " + byteWidth + " is negative");
        }
        return new ArrowType.FixedSizeBinary(byteWidth);
      }
      case FbsSchema.TYPE_FIXED_SIZE_LIST: {
        int listSize = r.getInt(t, 0, 0, "FixedSizeList.listSize");
        if (listSize < 0) {
          throw new ArrowFormatException("FixedSizeList listSize " + listSize + " is negative");
        }
        return new ArrowType.FixedSizeList(listSize);
      }
      case FbsSchema.TYPE_MAP:
        return new ArrowType.Map(r.getBool(t, 0, false, "Map.keysSorted"));
      case FbsSchema.TYPE_DURATION:
        return new ArrowType.Duration(enumValue(TimeUnit.values(), r.getShort(t, 0, (short) 1, "Duration.unit"),
            "Duration unit"));
      case FbsSchema.TYPE_LARGE_BINARY:
        return new ArrowType.LargeBinary();
      case FbsSchema.TYPE_LARGE_UTF8:
        return new ArrowType.LargeUtf8();
      case FbsSchema.TYPE_LARGE_LIST:
        return new ArrowType.LargeList();
      case FbsSchema.TYPE_RUN_END_ENCODED:
        return new ArrowType.RunEndEncoded();
      case FbsSchema.TYPE_BINARY_VIEW:
        return new ArrowType.BinaryView();
      case FbsSchema.TYPE_UTF8_VIEW:
        return new ArrowType.Utf8View();
      case FbsSchema.TYPE_LIST_VIEW:
        return new ArrowType.ListView();
      case FbsSchema.TYPE_LARGE_LIST_VIEW:
        return new ArrowType.LargeListView();
      default:
        throw new ArrowFormatException("type id " + typeType + " is not a known Type");
    }
  }

  /** The children a type needs, so that later code can index them without checking. */
  private static void checkChildren(ArrowType type, List<Field> children) {
    int n = children.size();
    switch (type.layout()) {
      case LIST:
      case LARGE_LIST:
      case LIST_VIEW:
      case LARGE_LIST_VIEW:
      case FIXED_SIZE_LIST:
        if (n != 1) {
          throw new ArrowFormatException(type + " needs exactly 1 child, not " + n);
        }
        if (type instanceof ArrowType.Map) {
          Field entries = children.get(0);
          if (!(entries.type() instanceof ArrowType.Struct) || entries.children().size() != 2
              || entries.isDictionaryEncoded()) {
            throw new ArrowFormatException("map's child must be a struct of 2 fields (key, value), not "
                + entries);
          }
        }
        break;
      case RUN_END_ENCODED: {
        if (n != 2) {
          throw new ArrowFormatException("run_end_encoded needs 2 children (run_ends, values), not " + n);
        }
        Field runEnds = children.get(0);
        if (!(runEnds.type() instanceof ArrowType.Int i) || !i.signed() || i.bitWidth() < 16
            || runEnds.isDictionaryEncoded()) {
          throw new ArrowFormatException("run_end_encoded run_ends must be int16, int32 or int64, not "
              + runEnds.type());
        }
        break;
      }
      case SPARSE_UNION:
      case DENSE_UNION: {
        int[] ids = ((ArrowType.Union) type).typeIds();
        if (ids != null && ids.length != n) {
          throw new ArrowFormatException("union has " + ids.length + " type ids but " + n + " children");
        }
        if (ids == null && n > 128) {
          throw new ArrowFormatException("union has " + n + " children, more than 128 type ids allow");
        }
        break;
      }
      case STRUCT:
        break;
      default:
        if (n != 0) {
          throw new ArrowFormatException(type + " cannot have children, but has " + n);
        }
    }
  }

  private Map<String, String> keyValues(Table t, int slot, String what) {
    Vec v = r.getVector(t, slot, 4, what);
    if (v == null || v.length() == 0) {
      return Map.of();
    }
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < v.length(); i++) {
      Table kv = r.tableAt(v, i, "KeyValue");
      String key = r.getString(kv, 0, "KeyValue.key");
      String value = r.getString(kv, 1, "KeyValue.value");
      map.put(key == null ? "" : key, value == null ? "" : value);
    }
    return Collections.unmodifiableMap(map);
  }
}
