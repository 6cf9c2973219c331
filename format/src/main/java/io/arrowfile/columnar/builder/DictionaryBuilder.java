package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.array.UnionValue;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dictionary-encodes a field as values come: plain values go through a hash map value -&gt; index, new
 * values are appended to the dictionary, and {@link #build()} returns the indices with
 * {@link ArrayData#dictionary()} set to the values built with {@link Field#dictionaryValueField()}. A null
 * is a null index. By default each build starts a new dictionary; with {@link #retainDictionary(boolean)}
 * the dictionary carries over and only grows (every build's dictionary extends the previous one, as
 * delta dictionary batches need).
 */
public final class DictionaryBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder indices = new BufferBuilder();
  private final ArrayBuilder values;
  private final Map<Object, Integer> memo = new HashMap<>();
  private final List<Object> distinct = new ArrayList<>();
  private final int width;
  private final long maxSize;
  private boolean retain;
  private int length;

  DictionaryBuilder(Field field) {
    super(field);
    ArrowType.Int indexType = field.dictionary().indexType();
    this.width = indexType.byteWidth();
    int bits = indexType.bitWidth() - (indexType.signed() ? 1 : 0);
    this.maxSize = Math.min(1L << Math.min(bits, 62), Integer.MAX_VALUE);
    this.values = ArrayBuilder.create(field.dictionaryValueField());
  }

  /** Whether later builds keep (and extend) this build's dictionary. */
  public DictionaryBuilder retainDictionary(boolean keep) {
    this.retain = keep;
    return this;
  }

  /** Distinct values in the dictionary so far. */
  public int dictionarySize() {
    return memo.size();
  }

  /** Appends the index of {@code value}, adding it to the dictionary when new; returns the index. */
  public int appendValue(Object value) {
    if (value == null) {
      appendNull();
      return -1;
    }
    Object key = normalize(value);
    Integer index = memo.get(key);
    if (index == null) {
      if (memo.size() >= maxSize) {
        throw new IllegalStateException("field '" + field.name() + "': dictionary of "
            + field.dictionary().indexType() + " indices is full at " + memo.size() + " values");
      }
      values.appendObject(value); // may refuse the value: the memo is only updated after
      index = memo.size();
      memo.put(key, index);
      distinct.add(value);
    }
    appendIndex(index);
    return index;
  }

  /** Appends an index into the dictionary built so far. */
  public void appendIndex(int index) {
    if (index < 0 || index >= memo.size()) {
      throw new IndexOutOfBoundsException("field '" + field.name() + "': index " + index
          + " outside the dictionary of " + memo.size());
    }
    indices.putWidth(index, width);
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendNull() {
    indices.putZeros(width);
    validity.appendUnset();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendObject(Object value) {
    appendValue(value);
  }

  @Override
  public long length() {
    return length;
  }

  /** The builder of the dictionary values. */
  public ArrayBuilder values() {
    return values;
  }

  @Override
  public ArrayData build() {
    long nulls = validity.unsetCount();
    ArrayData dictionary = values.build();
    ArrayData data = new ArrayData(field, length, 0, nulls,
        new ArrowBuffer[] {validity.finish(), indices.finish()}, List.of(), dictionary);
    length = 0;
    if (retain) {
      for (Object v : distinct) {
        values.appendObject(v);
      }
    } else {
      memo.clear();
      distinct.clear();
    }
    return data;
  }

  /**
   * A key equal for equal Arrow values: byte arrays by content, integers of any width as Long, decimals
   * without trailing zeros, lists, entries and union values element by element.
   */
  static Object normalize(Object v) {
    if (v == null || v instanceof String || v instanceof Long || v instanceof Boolean) {
      return v;
    } else if (v instanceof byte[] b) {
      return ByteBuffer.wrap(b);
    } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    } else if (v instanceof BigInteger b) {
      return b.bitLength() < 64 ? (Object) b.longValue() : b;
    } else if (v instanceof BigDecimal d) {
      return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    } else if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      for (Object o : list) {
        out.add(normalize(o));
      }
      return out;
    } else if (v instanceof Map.Entry<?, ?> e) {
      return new AbstractMap.SimpleImmutableEntry<>(normalize(e.getKey()), normalize(e.getValue()));
    } else if (v instanceof Map<?, ?> m) {
      List<Object> out = new ArrayList<>(m.size());
      for (Map.Entry<?, ?> e : m.entrySet()) {
        out.add(normalize(e));
      }
      return out;
    } else if (v instanceof UnionValue u) {
      return new UnionValue(u.typeId(), normalize(u.value()));
    }
    return v;
  }
}
