package io.arrowfile.ipc.flatbuf;

import com.google.flatbuffers.FlatBufferBuilder;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.DictionaryEncoding;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Endianness;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MessageHeader;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Encodes the metadata records as Flatbuffers with {@link FlatBufferBuilder}. Scalars equal to the schema's
 * default are omitted (as Arrow's writers do); required vectors (fields, children, nodes, buffers, blocks)
 * are always written, even when empty.
 */
final class MetadataEncoder {
  private final FlatBufferBuilder b = new FlatBufferBuilder(1024);

  static ByteBuffer message(Message message) {
    Objects.requireNonNull(message, "message");
    MetadataEncoder e = new MetadataEncoder();
    return e.finish(e.messageTable(message));
  }

  static ByteBuffer footer(Footer footer) {
    Objects.requireNonNull(footer, "footer");
    MetadataEncoder e = new MetadataEncoder();
    return e.finish(e.footerTable(footer));
  }

  private ByteBuffer finish(int root) {
    b.finish(root);
    return ByteBuffer.wrap(b.sizedByteArray()).order(ByteOrder.LITTLE_ENDIAN);
  }

  private int messageTable(Message m) {
    MessageHeader h = Objects.requireNonNull(m.header(), "message header");
    byte headerType;
    int header;
    if (h instanceof SchemaMessage s) {
      headerType = FbsSchema.HEADER_SCHEMA;
      header = schemaTable(s);
    } else if (h instanceof RecordBatchHeader rb) {
      headerType = FbsSchema.HEADER_RECORD_BATCH;
      header = recordBatchTable(rb);
    } else if (h instanceof DictionaryBatchHeader db) {
      headerType = FbsSchema.HEADER_DICTIONARY_BATCH;
      header = dictionaryBatchTable(db);
    } else {
      throw new IllegalArgumentException("unknown message header " + h);
    }
    int metadata = keyValues(m.customMetadata());
    b.startTable(5);
    b.addLong(FbsSchema.MESSAGE_BODY_LENGTH, m.bodyLength(), 0L);
    b.addOffset(FbsSchema.MESSAGE_CUSTOM_METADATA, metadata, 0);
    b.addOffset(FbsSchema.MESSAGE_HEADER, header, 0);
    b.addShort(FbsSchema.MESSAGE_VERSION, (short) Objects.requireNonNull(m.version(), "version").ordinal(), (short) 0);
    b.addByte(FbsSchema.MESSAGE_HEADER_TYPE, headerType, (byte) 0);
    return b.endTable();
  }

  private int footerTable(Footer f) {
    int schema = schemaTable(Objects.requireNonNull(f.schema(), "footer schema"));
    int dictionaries = blocks(f.dictionaries());
    int batches = blocks(f.recordBatches());
    int metadata = keyValues(f.customMetadata());
    b.startTable(5);
    b.addOffset(FbsSchema.FOOTER_SCHEMA, schema, 0);
    b.addOffset(FbsSchema.FOOTER_DICTIONARIES, dictionaries, 0);
    b.addOffset(FbsSchema.FOOTER_RECORD_BATCHES, batches, 0);
    b.addOffset(FbsSchema.FOOTER_CUSTOM_METADATA, metadata, 0);
    b.addShort(FbsSchema.FOOTER_VERSION, (short) Objects.requireNonNull(f.version(), "version").ordinal(), (short) 0);
    return b.endTable();
  }

  /** A vector of {@code struct Block { offset: long; metaDataLength: int; (4 bytes padding) bodyLength: long }}. */
  private int blocks(List<Block> blocks) {
    b.startVector(24, blocks.size(), 8);
    for (int i = blocks.size() - 1; i >= 0; i--) {
      Block block = blocks.get(i);
      b.prep(8, 24);
      b.putLong(block.bodyLength());
      b.pad(4);
      b.putInt(block.metaDataLength());
      b.putLong(block.offset());
    }
    return b.endVector();
  }

  private int recordBatchTable(RecordBatchHeader rb) {
    List<FieldNode> nodes = rb.nodes();
    b.startVector(16, nodes.size(), 8);
    for (int i = nodes.size() - 1; i >= 0; i--) {
      b.prep(8, 16);
      b.putLong(nodes.get(i).nullCount());
      b.putLong(nodes.get(i).length());
    }
    int nodesVector = b.endVector();
    List<BodyBuffer> buffers = rb.buffers();
    b.startVector(16, buffers.size(), 8);
    for (int i = buffers.size() - 1; i >= 0; i--) {
      b.prep(8, 16);
      b.putLong(buffers.get(i).length());
      b.putLong(buffers.get(i).offset());
    }
    int buffersVector = b.endVector();
    int compression = 0;
    if (rb.compression() != null) {
      b.startTable(2);
      b.addByte(FbsSchema.BODY_COMPRESSION_CODEC, (byte) rb.compression().ordinal(), (byte) 0);
      b.addByte(FbsSchema.BODY_COMPRESSION_METHOD, (byte) FbsSchema.BODY_COMPRESSION_BUFFER, (byte) 0);
      compression = b.endTable();
    }
    int variadic = 0;
    List<Long> counts = rb.variadicBufferCounts();
    if (!counts.isEmpty()) {
      b.startVector(8, counts.size(), 8);
      for (int i = counts.size() - 1; i >= 0; i--) {
        b.addLong(counts.get(i));
      }
      variadic = b.endVector();
    }
    b.startTable(5);
    b.addLong(FbsSchema.RECORD_BATCH_LENGTH, rb.length(), 0L);
    b.addOffset(FbsSchema.RECORD_BATCH_NODES, nodesVector, 0);
    b.addOffset(FbsSchema.RECORD_BATCH_BUFFERS, buffersVector, 0);
    b.addOffset(FbsSchema.RECORD_BATCH_COMPRESSION, compression, 0);
    b.addOffset(FbsSchema.RECORD_BATCH_VARIADIC_BUFFER_COUNTS, variadic, 0);
    return b.endTable();
  }

  private int dictionaryBatchTable(DictionaryBatchHeader db) {
    int data = recordBatchTable(Objects.requireNonNull(db.data(), "dictionary batch data"));
    b.startTable(3);
    b.addLong(FbsSchema.DICTIONARY_BATCH_ID, db.id(), 0L);
    b.addOffset(FbsSchema.DICTIONARY_BATCH_DATA, data, 0);
    b.addBoolean(FbsSchema.DICTIONARY_BATCH_IS_DELTA, db.isDelta(), false);
    return b.endTable();
  }

  int schemaTable(SchemaMessage sm) {
    List<Field> fields = sm.schema().fields();
    int[] offsets = new int[fields.size()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = fieldTable(fields.get(i));
    }
    int fieldsVector = offsetVector(offsets);
    int metadata = keyValues(sm.schema().metadata());
    int features = 0;
    if (sm.features() != 0) {
      List<Long> bits = new ArrayList<>();
      for (int bit = 0; bit < 64; bit++) {
        if ((sm.features() & (1L << bit)) != 0) {
          bits.add(1L << bit);
        }
      }
      b.startVector(8, bits.size(), 8);
      for (int i = bits.size() - 1; i >= 0; i--) {
        b.addLong(bits.get(i));
      }
      features = b.endVector();
    }
    b.startTable(4);
    b.addOffset(FbsSchema.SCHEMA_FIELDS, fieldsVector, 0);
    b.addOffset(FbsSchema.SCHEMA_CUSTOM_METADATA, metadata, 0);
    b.addOffset(FbsSchema.SCHEMA_FEATURES, features, 0);
    b.addShort(FbsSchema.SCHEMA_ENDIANNESS, (short) (sm.endianness() == Endianness.BIG ? 1 : 0), (short) 0);
    return b.endTable();
  }

  private int fieldTable(Field f) {
    int name = b.createString(f.name());
    int type = typeTable(f.type());
    int dictionary = f.dictionary() == null ? 0 : dictionaryTable(f.dictionary());
    List<Field> children = f.children();
    int[] offsets = new int[children.size()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = fieldTable(children.get(i));
    }
    int childrenVector = offsetVector(offsets);
    int metadata = keyValues(f.metadata());
    b.startTable(7);
    b.addOffset(FbsSchema.FIELD_NAME, name, 0);
    b.addOffset(FbsSchema.FIELD_TYPE, type, 0);
    b.addOffset(FbsSchema.FIELD_DICTIONARY, dictionary, 0);
    b.addOffset(FbsSchema.FIELD_CHILDREN, childrenVector, 0);
    b.addOffset(FbsSchema.FIELD_CUSTOM_METADATA, metadata, 0);
    b.addBoolean(FbsSchema.FIELD_NULLABLE, f.nullable(), false);
    b.addByte(FbsSchema.FIELD_TYPE_TYPE, typeId(f.type()), (byte) 0);
    return b.endTable();
  }

  private int dictionaryTable(DictionaryEncoding d) {
    int indexType = intTable(d.indexType());
    b.startTable(4);
    b.addLong(FbsSchema.DICT_ID, d.id(), 0L);
    b.addOffset(FbsSchema.DICT_INDEX_TYPE, indexType, 0);
    b.addBoolean(FbsSchema.DICT_IS_ORDERED, d.ordered(), false);
    return b.endTable();
  }

  private int intTable(ArrowType.Int t) {
    b.startTable(2);
    b.addInt(0, t.bitWidth(), 0);
    b.addBoolean(1, t.signed(), false);
    return b.endTable();
  }

  static byte typeId(ArrowType t) {
    int id;
    if (t instanceof ArrowType.Null) {
      id = FbsSchema.TYPE_NULL;
    } else if (t instanceof ArrowType.Int) {
      id = FbsSchema.TYPE_INT;
    } else if (t instanceof ArrowType.FloatingPoint) {
      id = FbsSchema.TYPE_FLOATING_POINT;
    } else if (t instanceof ArrowType.Binary) {
      id = FbsSchema.TYPE_BINARY;
    } else if (t instanceof ArrowType.Utf8) {
      id = FbsSchema.TYPE_UTF8;
    } else if (t instanceof ArrowType.Bool) {
      id = FbsSchema.TYPE_BOOL;
    } else if (t instanceof ArrowType.Decimal) {
      id = FbsSchema.TYPE_DECIMAL;
    } else if (t instanceof ArrowType.Date) {
      id = FbsSchema.TYPE_DATE;
    } else if (t instanceof ArrowType.Time) {
      id = FbsSchema.TYPE_TIME;
    } else if (t instanceof ArrowType.Timestamp) {
      id = FbsSchema.TYPE_TIMESTAMP;
    } else if (t instanceof ArrowType.Interval) {
      id = FbsSchema.TYPE_INTERVAL;
    } else if (t instanceof ArrowType.List) {
      id = FbsSchema.TYPE_LIST;
    } else if (t instanceof ArrowType.Struct) {
      id = FbsSchema.TYPE_STRUCT;
    } else if (t instanceof ArrowType.Union) {
      id = FbsSchema.TYPE_UNION;
    } else if (t instanceof ArrowType.FixedSizeBinary) {
      id = FbsSchema.TYPE_FIXED_SIZE_BINARY;
    } else if (t instanceof ArrowType.FixedSizeList) {
      id = FbsSchema.TYPE_FIXED_SIZE_LIST;
    } else if (t instanceof ArrowType.Map) {
      id = FbsSchema.TYPE_MAP;
    } else if (t instanceof ArrowType.Duration) {
      id = FbsSchema.TYPE_DURATION;
    } else if (t instanceof ArrowType.LargeBinary) {
      id = FbsSchema.TYPE_LARGE_BINARY;
    } else if (t instanceof ArrowType.LargeUtf8) {
      id = FbsSchema.TYPE_LARGE_UTF8;
    } else if (t instanceof ArrowType.LargeList) {
      id = FbsSchema.TYPE_LARGE_LIST;
    } else if (t instanceof ArrowType.RunEndEncoded) {
      id = FbsSchema.TYPE_RUN_END_ENCODED;
    } else if (t instanceof ArrowType.BinaryView) {
      id = FbsSchema.TYPE_BINARY_VIEW;
    } else if (t instanceof ArrowType.Utf8View) {
      id = FbsSchema.TYPE_UTF8_VIEW;
    } else if (t instanceof ArrowType.ListView) {
      id = FbsSchema.TYPE_LIST_VIEW;
    } else if (t instanceof ArrowType.LargeListView) {
      id = FbsSchema.TYPE_LARGE_LIST_VIEW;
    } else {
      throw new IllegalArgumentException("unknown type " + t);
    }
    return (byte) id;
  }

  private int typeTable(ArrowType t) {
    if (t instanceof ArrowType.Int i) {
      return intTable(i);
    }
    if (t instanceof ArrowType.FloatingPoint fp) {
      b.startTable(1);
      b.addShort(0, (short) fp.precision().ordinal(), (short) 0);
      return b.endTable();
    }
    if (t instanceof ArrowType.Decimal d) {
      b.startTable(3);
      b.addInt(0, d.precision(), 0);
      b.addInt(1, d.scale(), 0);
      b.addInt(2, d.bitWidth(), 128);
      return b.endTable();
    }
    if (t instanceof ArrowType.Date d) {
      b.startTable(1);
      b.addShort(0, (short) d.unit().ordinal(), (short) 1);
      return b.endTable();
    }
    if (t instanceof ArrowType.Time tm) {
      b.startTable(2);
      b.addShort(0, (short) tm.unit().ordinal(), (short) 1);
      b.addInt(1, tm.bitWidth(), 32);
      return b.endTable();
    }
    if (t instanceof ArrowType.Timestamp ts) {
      int tz = ts.timezone() == null ? 0 : b.createString(ts.timezone());
      b.startTable(2);
      b.addOffset(1, tz, 0);
      b.addShort(0, (short) ts.unit().ordinal(), (short) 0);
      return b.endTable();
    }
    if (t instanceof ArrowType.Duration d) {
      b.startTable(1);
      b.addShort(0, (short) d.unit().ordinal(), (short) 1);
      return b.endTable();
    }
    if (t instanceof ArrowType.Interval iv) {
      b.startTable(1);
      b.addShort(0, (short) iv.unit().ordinal(), (short) 0);
      return b.endTable();
    }
    if (t instanceof ArrowType.FixedSizeBinary fsb) {
      b.startTable(1);
      b.addInt(0, fsb.byteWidth(), 0);
      return b.endTable();
    }
    if (t instanceof ArrowType.FixedSizeList fsl) {
      b.startTable(1);
      b.addInt(0, fsl.listSize(), 0);
      return b.endTable();
    }
    if (t instanceof ArrowType.Map m) {
      b.startTable(1);
      b.addBoolean(0, m.keysSorted(), false);
      return b.endTable();
    }
    if (t instanceof ArrowType.Union u) {
      int[] ids = u.typeIds();
      int idsVector = 0;
      if (ids != null) {
        b.startVector(4, ids.length, 4);
        for (int i = ids.length - 1; i >= 0; i--) {
          b.addInt(ids[i]);
        }
        idsVector = b.endVector();
      }
      b.startTable(2);
      b.addOffset(1, idsVector, 0);
      b.addShort(0, (short) u.mode().ordinal(), (short) 0);
      return b.endTable();
    }
    typeId(t); // rejects unknown types
    b.startTable(0);
    return b.endTable();
  }

  private int offsetVector(int[] offsets) {
    b.startVector(4, offsets.length, 4);
    for (int i = offsets.length - 1; i >= 0; i--) {
      b.addOffset(offsets[i]);
    }
    return b.endVector();
  }

  /** A vector of KeyValue tables in map order, or 0 (absent) when the map is empty. */
  private int keyValues(Map<String, String> metadata) {
    if (metadata == null || metadata.isEmpty()) {
      return 0;
    }
    int[] offsets = new int[metadata.size()];
    int i = 0;
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      int key = b.createString(e.getKey() == null ? "" : e.getKey());
      int value = b.createString(e.getValue() == null ? "" : e.getValue());
      b.startTable(2);
      b.addOffset(0, key, 0);
      b.addOffset(1, value, 0);
      offsets[i++] = b.endTable();
    }
    return offsetVector(offsets);
  }
}
