package io.arrowfile.columnar.type;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A named, typed column or child, as in the format's {@code Field} table: nullability, children of nested
 * types, optional dictionary encoding and custom metadata. For a dictionary-encoded field, {@link #type()}
 * and {@link #children()} describe the dictionary's values; the indices' type is in {@link #dictionary()}.
 *
 * <p>Extension types are fields whose metadata holds {@value #EXTENSION_NAME}; their {@link #type()} is
 * the storage type, read like any other.
 */
public final class Field {
  public static final String EXTENSION_NAME = "ARROW:extension:name";
  public static final String EXTENSION_METADATA = "ARROW:extension:metadata";

  private final String name;
  private final boolean nullable;
  private final ArrowType type;
  private final DictionaryEncoding dictionary;
  private final List<Field> children;
  private final Map<String, String> metadata;

  public Field(String name, boolean nullable, ArrowType type, DictionaryEncoding dictionary,
      List<Field> children, Map<String, String> metadata) {
    this.name = name == null ? "" : name;
    this.nullable = nullable;
    this.type = Objects.requireNonNull(type, "type");
    this.dictionary = dictionary;
    this.children = List.copyOf(children == null ? List.of() : children);
    this.metadata = metadata == null || metadata.isEmpty()
        ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
  }

  public static Field of(String name, boolean nullable, ArrowType type, Field... children) {
    return new Field(name, nullable, type, null, List.of(children), null);
  }

  public static Field nullable(String name, ArrowType type, Field... children) {
    return of(name, true, type, children);
  }

  public static Field notNull(String name, ArrowType type, Field... children) {
    return of(name, false, type, children);
  }

  public String name() {
    return name;
  }

  public boolean nullable() {
    return nullable;
  }

  public ArrowType type() {
    return type;
  }

  /** The dictionary encoding, or null when values are stored directly. */
  public DictionaryEncoding dictionary() {
    return dictionary;
  }

  public boolean isDictionaryEncoded() {
    return dictionary != null;
  }

  public List<Field> children() {
    return children;
  }

  public Field child(int index) {
    return children.get(index);
  }

  /** Custom metadata in file order; never null. */
  public Map<String, String> metadata() {
    return metadata;
  }

  /** The extension type name from the metadata, or null for a plain field. */
  public String extensionName() {
    return metadata.get(EXTENSION_NAME);
  }

  /** The extension's serialized metadata, or null. */
  public String extensionMetadata() {
    return metadata.get(EXTENSION_METADATA);
  }

  /** The layout of the arrays of this field: the index type's for a dictionary-encoded field. */
  public Layout layout() {
    return dictionary != null ? Layout.FIXED_WIDTH : type.layout();
  }

  /** The field describing this field's dictionary values: the same field without its encoding. */
  public Field dictionaryValueField() {
    return new Field(name, true, type, null, children, null);
  }

  public Field withName(String newName) {
    return new Field(newName, nullable, type, dictionary, children, metadata);
  }

  public Field withNullable(boolean newNullable) {
    return new Field(name, newNullable, type, dictionary, children, metadata);
  }

  public Field withChildren(List<Field> newChildren) {
    return new Field(name, nullable, type, dictionary, newChildren, metadata);
  }

  public Field withDictionary(DictionaryEncoding newDictionary) {
    return new Field(name, nullable, type, newDictionary, children, metadata);
  }

  public Field withMetadata(Map<String, String> newMetadata) {
    return new Field(name, nullable, type, dictionary, children, newMetadata);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Field f && f.nullable == nullable && f.name.equals(name) && f.type.equals(type)
        && Objects.equals(f.dictionary, dictionary) && f.children.equals(children)
        && f.metadata.equals(metadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, nullable, type, dictionary, children, metadata);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append(name).append(": ").append(type);
    if (!children.isEmpty()) {
      sb.append('<');
      for (int i = 0; i < children.size(); i++) {
        sb.append(i == 0 ? "" : ", ").append(children.get(i));
      }
      sb.append('>');
    }
    if (dictionary != null) {
      sb.append(' ').append(dictionary);
    }
    if (!nullable) {
      sb.append(" not null");
    }
    if (!metadata.isEmpty()) {
      sb.append(' ').append(metadata);
    }
    return sb.toString();
  }
}
