package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds Struct arrays. Values are a {@code java.util.List} of the children's values in field order, or
 * a {@code java.util.Map<String, Object>} by child name (a missing name is null). Typed use: append one
 * value to every {@link #child(int)}, then {@link #appendValid()}. A null struct appends a null to every
 * child.
 */
public final class StructBuilder extends ArrayBuilder {
  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final ArrayBuilder[] children;
  private int length;

  StructBuilder(Field field) {
    super(field);
    children = new ArrayBuilder[field.children().size()];
    for (int i = 0; i < children.length; i++) {
      children[i] = ArrayBuilder.create(field.child(i));
    }
  }

  public int childCount() {
    return children.length;
  }

  public ArrayBuilder child(int index) {
    return children[index];
  }

  /** Marks the next struct valid, once every child has its value appended. */
  public void appendValid() {
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendNull() {
    for (ArrayBuilder c : children) {
      c.appendNull();
    }
    validity.appendUnset();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof List<?> list) {
      if (list.size() != children.length) {
        throw new IllegalArgumentException("field '" + field.name() + "' has " + children.length
            + " children, the value " + list.size() + " elements");
      }
      for (int i = 0; i < children.length; i++) {
        children[i].appendObject(list.get(i));
      }
      appendValid();
    } else if (value instanceof Map<?, ?> map) {
      for (String key : map.keySet().stream().map(String::valueOf).toList()) {
        boolean known = false;
        for (Field f : field.children()) {
          known |= f.name().equals(key);
        }
        if (!known) {
          throw new IllegalArgumentException("field '" + field.name() + "' has no child '" + key + "'");
        }
      }
      for (int i = 0; i < children.length; i++) {
        children[i].appendObject(map.get(field.child(i).name()));
      }
      appendValid();
    } else {
      throw wrongValue(value, "a java.util.List of the children's values or a Map by name");
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void recycle() {
    validity.recycle();
    for (ArrayBuilder c : children) {
      c.recycle();
    }
  }

  @Override
  public ArrayData build() {
    List<ArrayData> built = new ArrayList<>(children.length);
    for (int i = 0; i < children.length; i++) {
      if (children[i].length() != length) {
        throw new IllegalStateException("field '" + field.name() + "': child '" + field.child(i).name()
            + "' has " + children[i].length() + " values, the struct " + length);
      }
    }
    for (ArrayBuilder c : children) {
      built.add(c.build());
    }
    long nulls = validity.unsetCount();
    ArrayData data = new ArrayData(field, length, 0, nulls, new ArrowBuffer[] {validity.finish()}, built,
        null);
    length = 0;
    return data;
  }
}
