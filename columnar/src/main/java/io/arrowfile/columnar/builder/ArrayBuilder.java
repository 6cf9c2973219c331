package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.type.Field;

/**
 * Builds one array of a field's type, value by value, into 64-byte aligned little-endian buffers. Values
 * are the objects of {@code io.arrowfile.columnar.array}'s object model; typed subclasses add
 * allocation-free appends for their hot paths.
 */
public abstract class ArrayBuilder {

  /** A builder for {@code field}: for a dictionary-encoded field, one that encodes as it goes. */
  public static ArrayBuilder create(Field field) {
    throw new UnsupportedOperationException("builders not written yet");
  }

  public abstract Field field();

  public abstract void appendNull();

  /** Appends {@code value} (null appends a null). */
  public abstract void appendObject(Object value);

  public abstract long length();

  /** The array built so far; the builder starts over, empty. */
  public abstract ArrayData build();
}
