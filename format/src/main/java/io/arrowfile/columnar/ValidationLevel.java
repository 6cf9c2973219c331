package io.arrowfile.columnar;

/**
 * How much of an array is checked before it is read, after nanoarrow's levels. Every level includes the
 * ones before it. After {@link #DEFAULT}, the validity, values, offsets and views buffers hold every index of the
 * array, but a hostile offset or view inside them may still point outside the data it addresses (the readers'
 * bounds checks then throw); after {@link #BOUNDS}, no read of any value can leave the array's buffers; after
 * {@link #FULL}, every value is also what its type promises.
 */
public enum ValidationLevel {
  /** Nothing is checked: only for arrays this process built itself. */
  NONE,
  /** Buffer sizes agree with lengths, offsets, widths and child counts. O(1) per array. */
  MINIMAL,
  /**
   * Also the O(1) content checks: first and last offsets within the child or data, run ends' last value,
   * binary-view variadic buffer counts. Cheap; what readers always do.
   */
  DEFAULT,
  /**
   * Also every offset, view, index, type id and run end in range: after it, no read of any value of the array
   * can leave its buffers, so readers need no per-value bounds checks. What FULL does but UTF-8. O(n).
   */
  BOUNDS,
  /**
   * Also every value: offsets monotonic and in range, list views in range, UTF-8 valid, views pointing into
   * their data buffers, dictionary indices and union type ids and offsets in range, run ends increasing.
   * O(n).
   */
  FULL
}
