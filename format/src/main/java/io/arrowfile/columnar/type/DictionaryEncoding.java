package io.arrowfile.columnar.type;

import java.util.Objects;

/**
 * How a field is dictionary-encoded: the dictionary's id (unique in a schema, shared by fields that use
 * the same dictionary), the index type (signed or unsigned, 8 to 64 bits) and whether the dictionary's
 * order is meaningful.
 */
public record DictionaryEncoding(long id, ArrowType.Int indexType, boolean ordered) {
  public DictionaryEncoding {
    Objects.requireNonNull(indexType, "indexType");
  }

  @Override
  public String toString() {
    return "dictionary(id=" + id + ", index=" + indexType + (ordered ? ", ordered" : "") + ")";
  }
}
