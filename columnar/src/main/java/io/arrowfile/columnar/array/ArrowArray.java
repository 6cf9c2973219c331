package io.arrowfile.columnar.array;

import io.arrowfile.columnar.ArrayData;

/**
 * A read view of one {@link ArrayData}: one small final class per layout, each with typed accessors for
 * its hot paths and {@link #getObject} in the object model of this package. Views trust their data: run
 * {@link io.arrowfile.columnar.Validator} first on anything that came from outside the process.
 */
public interface ArrowArray {

  /** The view for {@code data}'s field: a dictionary view for a dictionary-encoded field. */
  static ArrowArray of(ArrayData data) {
    throw new UnsupportedOperationException("views not written yet");
  }

  ArrayData data();

  default long length() {
    return data().length();
  }

  /**
   * Whether slot {@code index} is null as a user sees it: the validity bit for most layouts, always for
   * Null, the selected child's slot for unions, the run's value for run-end encoded arrays, the
   * dictionary value for dictionary-encoded arrays.
   */
  boolean isNull(long index);

  /** The value at {@code index} in this package's object model, or null. */
  Object getObject(long index);
}
