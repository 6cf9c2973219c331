package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.builder.ArrayBuilder;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One dictionary id's values across the batches of an IPC file.
 *
 * <p>The file format can't replace a dictionary (a reader of record batch k must see the same
 * dictionary whichever batch it reads first), only extend it with deltas. So when a batch brings a
 * dictionary that is not the one written so far, its values not seen yet are appended as a delta and the
 * batch's indices are rewritten to point into the combined dictionary.
 */
public final class DictionaryUnifier {
  private final long id;
  private final Field valueField;
  private ArrayData combined;
  private Map<Object, Integer> positions;

  public DictionaryUnifier(long id, ArrayData first) {
    this.id = id;
    this.valueField = first.field();
    this.combined = first;
  }

  /** The dictionary written so far, deltas included. */
  public ArrayData combined() {
    return combined;
  }

  /** How a batch's dictionary maps onto the combined one: the delta to write and each index's new value. */
  public record Plan(ArrayData delta, int[] remap) {}

  /**
   * Merges {@code incoming} into the combined dictionary; the caller writes {@link Plan#delta()} (when it has
   * values) and rewrites the batch with {@link #remap}.
   */
  public Plan merge(ArrayData incoming, ArrowType.Int indexType) {
    if (containsDictionary(valueField)) {
      throw new ArrowFormatException("file format can't replace dictionary id " + id
          + " whose values are themselves dictionary-encoded: write every batch with the same dictionary");
    }
    if (positions == null) {
      positions = new HashMap<>();
      ArrowArray view = ArrowArray.of(combined);
      for (int i = 0; i < combined.length(); i++) {
        positions.putIfAbsent(key(view.getObject(i)), i);
      }
    }
    ArrowArray view = ArrowArray.of(incoming);
    int n = Math.toIntExact(incoming.length());
    int[] remap = new int[n];
    ArrayBuilder delta = ArrayBuilder.create(valueField);
    long size = combined.length();
    for (int i = 0; i < n; i++) {
      Object value = view.getObject(i);
      Object key = key(value);
      Integer at = positions.get(key);
      if (at == null) {
        if (size > maxIndex(indexType)) {
          throw new ArrowFormatException("dictionary id " + id + " outgrows its " + indexType
              + " indices: the batches of this file together hold more than " + (maxIndex(indexType) + 1)
              + " distinct values; use a wider index type");
        }
        at = (int) size++;
        positions.put(key, at);
        if (value == null) {
          delta.appendNull();
        } else {
          delta.appendObject(value);
        }
      }
      remap[i] = at;
    }
    ArrayData added = delta.build();
    combined = ArrayConcat.concat(combined, added);
    return new Plan(added, remap);
  }

  /** {@code batch} with every index of this dictionary id rewritten through {@code remap}. */
  public RecordBatch remap(RecordBatch batch, int[] remap) {
    List<ArrayData> columns = new ArrayList<>(batch.columns().size());
    for (ArrayData column : batch.columns()) {
      columns.add(remap(column, remap));
    }
    return new RecordBatch(batch.schema(), batch.length(), columns);
  }

  private ArrayData remap(ArrayData a, int[] remap) {
    List<ArrayData> children = a.children();
    List<ArrayData> newChildren = children;
    for (int c = 0; c < children.size(); c++) {
      ArrayData child = remap(children.get(c), remap);
      if (child != children.get(c)) {
        if (newChildren == children) {
          newChildren = new ArrayList<>(children);
        }
        newChildren.set(c, child);
      }
    }
    Field field = a.field();
    boolean mine = field.isDictionaryEncoded() && field.dictionary().id() == id;
    if (!mine && newChildren == children) {
      return a;
    }
    ArrowBuffer[] buffers = new ArrowBuffer[a.bufferCount()];
    for (int b = 0; b < buffers.length; b++) {
      buffers[b] = a.buffer(b);
    }
    ArrayData dictionary = a.dictionary();
    if (mine) {
      buffers[1] = remapIndices(a, field.dictionary().indexType(), remap);
      dictionary = combined;
    }
    return new ArrayData(field, a.length(), a.offset(), a.nullCount(), buffers, newChildren, dictionary);
  }

  /** Fresh index buffer, same offset as the original so that the validity bitmap stays as it is. */
  private ArrowBuffer remapIndices(ArrayData a, ArrowType.Int type, int[] remap) {
    int width = type.byteWidth();
    long start = a.offset();
    long end = start + a.length();
    ByteBuffer out = ByteBuffer.allocate(Math.toIntExact(end * width)).order(ByteOrder.LITTLE_ENDIAN);
    ArrowBuffer in = a.buffer(1);
    for (long i = start; i < end; i++) {
      if (!a.isValid(i - start)) {
        continue;
      }
      long old = readIndex(in, i, type);
      if (old < 0 || old >= remap.length) {
        throw new ArrowFormatException("dictionary index " + old + " at row " + (i - start) + " of field '"
            + a.field().name() + "' is outside its dictionary of " + remap.length + " values");
      }
      writeIndex(out, i, width, remap[(int) old]);
    }
    return ArrowBuffer.wrap(out.array());
  }

  private static long readIndex(ArrowBuffer b, long i, ArrowType.Int type) {
    switch (type.bitWidth()) {
      case 8:
        return type.signed() ? b.getByte(i) : b.getByte(i) & 0xFFL;
      case 16:
        return type.signed() ? b.getShort(i * 2) : b.getShort(i * 2) & 0xFFFFL;
      case 32:
        return type.signed() ? b.getInt(i * 4) : b.getInt(i * 4) & 0xFFFFFFFFL;
      default:
        long v = b.getLong(i * 8);
        return v < 0 ? -1 : v;
    }
  }

  private static void writeIndex(ByteBuffer out, long i, int width, int value) {
    int at = (int) (i * width);
    switch (width) {
      case 1 -> out.put(at, (byte) value);
      case 2 -> out.putShort(at, (short) value);
      case 4 -> out.putInt(at, value);
      default -> out.putLong(at, value);
    }
  }

  private static long maxIndex(ArrowType.Int type) {
    int bits = type.signed() ? type.bitWidth() - 1 : type.bitWidth();
    return bits >= 31 ? Integer.MAX_VALUE - 1 : (1L << bits) - 1;
  }

  private static boolean containsDictionary(Field field) {
    if (field.isDictionaryEncoded()) {
      return true;
    }
    for (Field child : field.children()) {
      if (containsDictionary(child)) {
        return true;
      }
    }
    return false;
  }

  /** A value with content equality: the object model uses byte[] for binary, which compares by identity. */
  private static Object key(Object value) {
    if (value == null) {
      return NullKey.INSTANCE;
    }
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (value instanceof List<?> list) {
      List<Object> keys = new ArrayList<>(list.size());
      for (Object o : list) {
        keys.add(key(o));
      }
      return keys;
    }
    if (value instanceof Map.Entry<?, ?> e) {
      return new AbstractMap.SimpleImmutableEntry<>(key(e.getKey()), key(e.getValue()));
    }
    if (value instanceof UnionValue u) {
      return new UnionValue(u.typeId(), key(u.value()));
    }
    return value;
  }

  private enum NullKey { INSTANCE }
}
