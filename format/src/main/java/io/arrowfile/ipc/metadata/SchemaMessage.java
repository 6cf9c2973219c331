package io.arrowfile.ipc.metadata;

import io.arrowfile.columnar.type.Schema;

/**
 * A {@code Schema} table: the schema itself plus what the IPC format says about the data that follows,
 * its byte order and the optional {@code Feature} flags it uses (a bit set of the {@code Feature} enum
 * values: 1 = DICTIONARY_REPLACEMENT, 2 = COMPRESSED_BODY).
 */
public record SchemaMessage(Schema schema, Endianness endianness, long features) implements MessageHeader {
  public static final long FEATURE_DICTIONARY_REPLACEMENT = 1;
  public static final long FEATURE_COMPRESSED_BODY = 2;

  public SchemaMessage(Schema schema) {
    this(schema, Endianness.LITTLE, 0);
  }
}
