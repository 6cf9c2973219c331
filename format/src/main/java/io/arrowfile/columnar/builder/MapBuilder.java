package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.type.Field;
import java.util.List;
import java.util.Map;

/**
 * Builds Map arrays: a list of non-null {@code entries} structs of key and value. Values are a
 * {@code java.util.List} of {@link Map.Entry} (or of two-element lists), or a {@code java.util.Map}
 * (in its iteration order). Typed use: {@link #startList()}, {@link #appendEntry}, {@link #endList()}.
 */
public final class MapBuilder extends ListBuilder {
  private final StructBuilder entries;

  MapBuilder(Field field) {
    super(field);
    if (!(child instanceof StructBuilder s) || s.childCount() != 2) {
      throw new IllegalArgumentException("map field '" + field.name()
          + "' needs an entries struct of key and value, has " + field.child(0));
    }
    this.entries = s;
  }

  /** The entries struct; its children are the keys and values. */
  public StructBuilder entries() {
    return entries;
  }

  public ArrayBuilder keys() {
    return entries.child(0);
  }

  public ArrayBuilder items() {
    return entries.child(1);
  }

  /** Appends one entry to the open map. */
  public void appendEntry(Object key, Object value) {
    if (key == null) {
      throw new IllegalArgumentException("field '" + field.name() + "': map keys must not be null");
    }
    entries.child(0).appendObject(key);
    entries.child(1).appendObject(value);
    entries.appendValid();
  }

  @Override
  public void appendObject(Object value) {
    if (value instanceof Map<?, ?> m) {
      super.appendObject(List.copyOf(m.entrySet()));
    } else {
      super.appendObject(value);
    }
  }

  @Override
  void appendElement(Object element) {
    if (element instanceof Map.Entry<?, ?> e) {
      appendEntry(e.getKey(), e.getValue());
    } else if (element instanceof List<?> kv && kv.size() == 2) {
      appendEntry(kv.get(0), kv.get(1));
    } else {
      throw wrongValue(element, "a Map.Entry");
    }
  }
}
