package io.arrowfile.connector.vector;

import io.arrowfile.columnar.ArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Arrow's canonical {@code arrow.uuid} (FixedSizeBinary(16) storage, the bytes in network order) as StringType
 * in the canonical lowercase 8-4-4-4-12 form, as Spark's {@code uuid()} and {@code java.util.UUID} print them.
 */
public final class UuidVector extends ArrowVector {
  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final int WIDTH = 16;

  private final RawBuffer values;

  public UuidVector(DataType type, ArrayData data) {
    super(type, data);
    this.values = RawBuffer.of(data.buffer(1));
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    long at = (long) (offset + rowId) * WIDTH;
    byte[] text = new byte[36];
    int k = 0;
    for (int i = 0; i < WIDTH; i++) {
      if (i == 4 || i == 6 || i == 8 || i == 10) {
        text[k++] = '-';
      }
      int b = values.getByte(at + i) & 0xff;
      text[k++] = HEX[b >>> 4];
      text[k++] = HEX[b & 0xf];
    }
    return UTF8String.fromBytes(text);
  }
}
