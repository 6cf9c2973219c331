package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.type.ArrowType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A dictionary-encoded column: row i is the dictionary's value at the row's index (decoded on access, no copy).
 *
 * <p>Every read of a row reads its index, so the indices and their validity are read as the other vectors read their
 * values, with {@link RawBuffer}'s unchecked loads: scans validate every index against the dictionary's length when the
 * batch loads ({@code ValidationLevel.BOUNDS}), so an index read here is in range.
 */
public final class DictionaryVector extends RemappedVector {
  private final long offset;
  private final RawBuffer indices;
  /** log2 of the index width in bytes: 0, 1, 2 or 3. */
  private final int shift;
  /** Zero-extends unsigned indices narrower than 8 bytes; all ones for the others. */
  private final long mask;
  /** The indices' validity bitmap, or null when no index is null. */
  private final RawBuffer indexValidity;

  public DictionaryVector(DataType type, ArrayData data, ColumnVector values) {
    super(type, values, (int) data.length());
    if (data.dictionary() == null) {
      throw new IllegalArgumentException("dictionary-encoded field '" + data.field().name()
          + "' has no dictionary attached");
    }
    ArrowType.Int indexType = data.field().dictionary().indexType();
    int width = indexType.byteWidth();
    this.offset = data.offset();
    this.indices = RawBuffer.of(data.buffer(1));
    this.shift = Integer.numberOfTrailingZeros(width);
    this.mask = indexType.signed() || width == 8 ? -1L : (1L << (width * 8)) - 1;
    this.indexValidity = data.nullCount() > 0 ? RawBuffer.of(data.validity()) : null;
  }

  @Override
  protected int map(int rowId) {
    long at = (offset + rowId) << shift;
    long index = switch (shift) {
      case 0 -> indices.getByte(at);
      case 1 -> indices.getShort(at);
      case 2 -> indices.getInt(at);
      default -> indices.getLong(at);
    };
    return (int) (index & mask);
  }

  @Override
  public boolean isNullAt(int rowId) {
    return (indexValidity != null && !indexValidity.getBit(offset + rowId)) || inner.isNullAt(map(rowId));
  }
}
