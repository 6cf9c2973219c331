package io.arrowfile.ipc.flatbuf;

import io.arrowfile.ipc.metadata.CompressionCodec;

/**
 * Field slots (vtable indices, in declaration order) and enum / union values of the format's
 * {@code Schema.fbs}, {@code Message.fbs} and {@code File.fbs}.
 */
final class FbsSchema {
  private FbsSchema() {}

  // Message
  static final int MESSAGE_VERSION = 0;
  static final int MESSAGE_HEADER_TYPE = 1;
  static final int MESSAGE_HEADER = 2;
  static final int MESSAGE_BODY_LENGTH = 3;
  static final int MESSAGE_CUSTOM_METADATA = 4;

  // union MessageHeader
  static final int HEADER_NONE = 0;
  static final int HEADER_SCHEMA = 1;
  static final int HEADER_DICTIONARY_BATCH = 2;
  static final int HEADER_RECORD_BATCH = 3;
  static final int HEADER_TENSOR = 4;
  static final int HEADER_SPARSE_TENSOR = 5;

  // RecordBatch
  static final int RECORD_BATCH_LENGTH = 0;
  static final int RECORD_BATCH_NODES = 1;
  static final int RECORD_BATCH_BUFFERS = 2;
  static final int RECORD_BATCH_COMPRESSION = 3;
  static final int RECORD_BATCH_VARIADIC_BUFFER_COUNTS = 4;

  // BodyCompression
  static final int BODY_COMPRESSION_CODEC = 0;
  static final int BODY_COMPRESSION_METHOD = 1;
  static final int BODY_COMPRESSION_BUFFER = 0;
  /** CompressionType values: LZ4_FRAME = 0, ZSTD = 1. */
  static final CompressionCodec[] COMPRESSION_CODECS = {CompressionCodec.LZ4_FRAME, CompressionCodec.ZSTD};

  // DictionaryBatch
  static final int DICTIONARY_BATCH_ID = 0;
  static final int DICTIONARY_BATCH_DATA = 1;
  static final int DICTIONARY_BATCH_IS_DELTA = 2;

  // Footer
  static final int FOOTER_VERSION = 0;
  static final int FOOTER_SCHEMA = 1;
  static final int FOOTER_DICTIONARIES = 2;
  static final int FOOTER_RECORD_BATCHES = 3;
  static final int FOOTER_CUSTOM_METADATA = 4;

  // Schema
  static final int SCHEMA_ENDIANNESS = 0;
  static final int SCHEMA_FIELDS = 1;
  static final int SCHEMA_CUSTOM_METADATA = 2;
  static final int SCHEMA_FEATURES = 3;

  // Field
  static final int FIELD_NAME = 0;
  static final int FIELD_NULLABLE = 1;
  static final int FIELD_TYPE_TYPE = 2;
  static final int FIELD_TYPE = 3;
  static final int FIELD_DICTIONARY = 4;
  static final int FIELD_CHILDREN = 5;
  static final int FIELD_CUSTOM_METADATA = 6;

  // DictionaryEncoding
  static final int DICT_ID = 0;
  static final int DICT_INDEX_TYPE = 1;
  static final int DICT_IS_ORDERED = 2;
  static final int DICT_KIND = 3;

  // union Type
  static final int TYPE_NONE = 0;
  static final int TYPE_NULL = 1;
  static final int TYPE_INT = 2;
  static final int TYPE_FLOATING_POINT = 3;
  static final int TYPE_BINARY = 4;
  static final int TYPE_UTF8 = 5;
  static final int TYPE_BOOL = 6;
  static final int TYPE_DECIMAL = 7;
  static final int TYPE_DATE = 8;
  static final int TYPE_TIME = 9;
  static final int TYPE_TIMESTAMP = 10;
  static final int TYPE_INTERVAL = 11;
  static final int TYPE_LIST = 12;
  static final int TYPE_STRUCT = 13;
  static final int TYPE_UNION = 14;
  static final int TYPE_FIXED_SIZE_BINARY = 15;
  static final int TYPE_FIXED_SIZE_LIST = 16;
  static final int TYPE_MAP = 17;
  static final int TYPE_DURATION = 18;
  static final int TYPE_LARGE_BINARY = 19;
  static final int TYPE_LARGE_UTF8 = 20;
  static final int TYPE_LARGE_LIST = 21;
  static final int TYPE_RUN_END_ENCODED = 22;
  static final int TYPE_BINARY_VIEW = 23;
  static final int TYPE_UTF8_VIEW = 24;
  static final int TYPE_LIST_VIEW = 25;
  static final int TYPE_LARGE_LIST_VIEW = 26;
}
