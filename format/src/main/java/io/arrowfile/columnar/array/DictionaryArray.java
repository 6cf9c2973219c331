package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;

/**
 * A dictionary-encoded array: integer indices (any width, signed or unsigned) into
 * {@link ArrayData#dictionary()}, whose view {@link #dictionary()} may itself be any view.
 */
public final class DictionaryArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final long offset;
  private final IntArray indices;
  private final ArrowArray dictionary;

  DictionaryArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.offset = data.offset();
    this.indices = new IntArray(data, data.field().dictionary().indexType());
    if (data.dictionary() == null) {
      throw new IllegalArgumentException("dictionary-encoded field '" + data.field().name()
          + "' has no dictionary attached");
    }
    this.dictionary = ArrowArray.of(data.dictionary());
  }

  @Override
  public ArrayData data() {
    return data;
  }

  /** The indices as an integer view (same data, read with the index type). */
  public IntArray indices() {
    return indices;
  }

  /** The dictionary's view. */
  public ArrowArray dictionary() {
    return dictionary;
  }

  /** The index at {@code index} (unsigned 64-bit indices above Long.MAX_VALUE come back negative). */
  public long getIndex(long index) {
    return indices.getAsLong(index);
  }

  /** Whether the index itself is null (the validity bit). */
  public boolean isIndexNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  @Override
  public boolean isNull(long index) {
    return isIndexNull(index) || dictionary.isNull(getIndex(index));
  }

  @Override
  public Object getObject(long index) {
    return isIndexNull(index) ? null : dictionary.getObject(getIndex(index));
  }
}
