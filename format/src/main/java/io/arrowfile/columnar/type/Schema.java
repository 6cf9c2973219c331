package io.arrowfile.columnar.type;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The top-level fields of record batches and the schema's custom metadata. */
public final class Schema {
  private final List<Field> fields;
  private final Map<String, String> metadata;

  public Schema(List<Field> fields, Map<String, String> metadata) {
    this.fields = List.copyOf(fields);
    this.metadata = metadata == null || metadata.isEmpty()
        ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
  }

  public static Schema of(Field... fields) {
    return new Schema(List.of(fields), null);
  }

  public List<Field> fields() {
    return fields;
  }

  public Field field(int index) {
    return fields.get(index);
  }

  /** Index of the first field called {@code name}, or -1. Field names need not be unique. */
  public int indexOf(String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  public Map<String, String> metadata() {
    return metadata;
  }

  public Schema withMetadata(Map<String, String> newMetadata) {
    return new Schema(fields, newMetadata);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schema s && s.fields.equals(fields) && s.metadata.equals(metadata);
  }

  @Override
  public int hashCode() {
    return fields.hashCode() * 31 + metadata.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("schema<");
    for (int i = 0; i < fields.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(fields.get(i));
    }
    sb.append('>');
    if (!metadata.isEmpty()) {
      sb.append(' ').append(metadata);
    }
    return sb.toString();
  }
}
