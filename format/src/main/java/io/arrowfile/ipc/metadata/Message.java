package io.arrowfile.ipc.metadata;

import java.util.Map;

/** A {@code Message} table: version, header, the length of the body that follows, custom metadata. */
public record Message(MetadataVersion version, MessageHeader header, long bodyLength,
    Map<String, String> customMetadata) {
  public Message {
    customMetadata = customMetadata == null ? Map.of() : customMetadata;
  }
}
