package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;

/** Map: a list (Int32 offsets) of {@code entries} structs of key and value. */
public final class MapArray implements ArrowArray {
  private final ArrayData data;
  private final ArrowBuffer validity;
  private final ArrowBuffer offsets;
  private final long offset;
  private final ArrayData entries;
  private final long entriesOffset;
  private final ArrowArray keys;
  private final ArrowArray items;

  MapArray(ArrayData data) {
    this.data = data;
    this.validity = data.validity();
    this.offsets = BufferAccess.buffer(data, 1);
    this.offset = data.offset();
    this.entries = data.child(0);
    this.entriesOffset = entries.offset();
    this.keys = ArrowArray.of(entries.child(0));
    this.items = ArrowArray.of(entries.child(1));
  }

  @Override
  public ArrayData data() {
    return data;
  }

  /** The keys' view; entry {@code j} of the entries child is key slot {@code entryIndex(j)}. */
  public ArrowArray keys() {
    return keys;
  }

  public ArrowArray items() {
    return items;
  }

  /** The slot in {@link #keys()} and {@link #items()} of entry {@code j} (the entries' offset added). */
  public long entryIndex(long j) {
    return entriesOffset + j;
  }

  @Override
  public boolean isNull(long index) {
    return validity != null && !validity.getBit(offset + index);
  }

  /** The first entry of map {@code index}. */
  public long valueOffset(long index) {
    return offsets.getInt((offset + index) << 2);
  }

  /** Entries in map {@code index}. */
  public long valueLength(long index) {
    long at = offset + index;
    return offsets.getInt((at + 1) << 2) - offsets.getInt(at << 2);
  }

  @Override
  public List<Object> getObject(long index) {
    if (isNull(index)) {
      return null;
    }
    long start = valueOffset(index);
    Object[] out = new Object[Math.toIntExact(valueLength(index))];
    for (int j = 0; j < out.length; j++) {
      long e = entriesOffset + start + j;
      Map.Entry<Object, Object> entry =
          new AbstractMap.SimpleImmutableEntry<>(keys.getObject(e), items.getObject(e));
      out[j] = entry;
    }
    return BufferAccess.list(out);
  }
}
