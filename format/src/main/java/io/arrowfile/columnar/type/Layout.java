package io.arrowfile.columnar.type;

/**
 * The physical layouts of the Arrow columnar format. Each type maps to one; dictionary encoding is a
 * property of the {@link Field}, and a dictionary-encoded array has the {@link #FIXED_WIDTH} layout of
 * its index type.
 */
public enum Layout {
  /** No buffers at all. */
  NULL(0),
  /** Validity bitmap, bit-packed values. */
  BOOL(2),
  /** Validity bitmap, values of {@link ArrowType#byteWidth()} bytes each. */
  FIXED_WIDTH(2),
  /** Validity, Int32 offsets, data. */
  VARIABLE_BINARY(3),
  /** Validity, Int64 offsets, data. */
  LARGE_VARIABLE_BINARY(3),
  /** Validity, 16-byte views, then any number of variadic data buffers. */
  BINARY_VIEW(2),
  /** Validity, Int32 offsets; one child. Map uses it too. */
  LIST(2),
  /** Validity, Int64 offsets; one child. */
  LARGE_LIST(2),
  /** Validity, Int32 offsets, Int32 sizes; one child. */
  LIST_VIEW(3),
  /** Validity, Int64 offsets, Int64 sizes; one child. */
  LARGE_LIST_VIEW(3),
  /** Validity; one child of length × listSize. */
  FIXED_SIZE_LIST(1),
  /** Validity; any number of children. */
  STRUCT(1),
  /** Int8 type ids; children as long as the union. No validity bitmap. */
  SPARSE_UNION(1),
  /** Int8 type ids, Int32 offsets into the children. No validity bitmap. */
  DENSE_UNION(2),
  /** No buffers; children run_ends and values. */
  RUN_END_ENCODED(0);

  private final int fixedBufferCount;

  Layout(int fixedBufferCount) {
    this.fixedBufferCount = fixedBufferCount;
  }

  /** Buffers of this layout, validity included; binary views add their variadic buffers to this. */
  public int fixedBufferCount() {
    return fixedBufferCount;
  }

  /** Whether buffer 0 is a validity bitmap. */
  public boolean hasValidity() {
    return this != NULL && this != SPARSE_UNION && this != DENSE_UNION && this != RUN_END_ENCODED;
  }
}
