package io.arrowfile.ipc.metadata;

import java.util.List;
import java.util.Map;

/** The file format's {@code Footer}: the schema, where the dictionary and record batch messages are, metadata. */
public record Footer(MetadataVersion version, SchemaMessage schema, List<Block> dictionaries,
    List<Block> recordBatches, Map<String, String> customMetadata) {
  public Footer {
    dictionaries = List.copyOf(dictionaries);
    recordBatches = List.copyOf(recordBatches);
    customMetadata = customMetadata == null ? Map.of() : customMetadata;
  }
}
