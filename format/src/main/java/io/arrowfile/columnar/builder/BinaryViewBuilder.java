package io.arrowfile.columnar.builder;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds BinaryView and Utf8View arrays: values of at most 12 bytes inline in their 16-byte view, longer
 * ones as a 4-byte prefix, a variadic buffer index and an offset. A new variadic data buffer starts when
 * the current one would grow past {@link #DEFAULT_BLOCK_SIZE} bytes (a longer value gets one of its own).
 */
public final class BinaryViewBuilder extends ArrayBuilder {
  /** Target size of one variadic data buffer. */
  public static final int DEFAULT_BLOCK_SIZE = 1 << 20;
  private static final int INLINE = 12;

  private final BitmapBuilder validity = BitmapBuilder.forValidity();
  private final BufferBuilder views = new BufferBuilder();
  private final List<ArrowBuffer> finished = new ArrayList<>();
  private BufferBuilder current = new BufferBuilder();
  private final boolean utf8;
  private final int blockSize;
  private int length;

  BinaryViewBuilder(Field field) {
    this(field, DEFAULT_BLOCK_SIZE);
  }

  BinaryViewBuilder(Field field, int blockSize) {
    super(field);
    this.utf8 = field.type() instanceof ArrowType.Utf8View;
    this.blockSize = blockSize;
  }

  private void makeRoom(long len) {
    if (current.size() > 0 && current.size() + len > blockSize) {
      finished.add(current.finish());
    }
  }

  public void appendBytes(byte[] bytes, int offset, int len) {
    views.putInt(len);
    if (len <= INLINE) {
      views.putBytes(bytes, offset, len);
      views.putZeros(INLINE - len);
    } else {
      makeRoom(len);
      views.putBytes(bytes, offset, 4);
      views.putInt(finished.size());
      views.putInt(current.size());
      current.putBytes(bytes, offset, len);
    }
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  public void appendBytes(byte[] bytes) {
    appendBytes(bytes, 0, bytes.length);
  }

  /** Appends {@code s} as UTF-8, encoding straight into the data buffer. */
  public void appendUtf8(CharSequence s) {
    if (s.length() > INLINE / 3) {
      makeRoom(3L * s.length());
    }
    int start = current.size();
    int n = Utf8.encode(s, current);
    byte[] a = current.array();
    views.putInt(n);
    if (n <= INLINE) {
      views.putBytes(a, start, n);
      views.putZeros(INLINE - n);
      current.truncate(start);
    } else {
      views.putBytes(a, start, 4);
      views.putInt(finished.size());
      views.putInt(start);
    }
    validity.appendSet();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendNull() {
    views.putZeros(16);
    validity.appendUnset();
    length = checkedLength(length + 1L);
  }

  @Override
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
    } else if (value instanceof byte[] b) {
      appendBytes(b);
    } else if (utf8 && value instanceof CharSequence s) {
      appendUtf8(s);
    } else if (!utf8 && value instanceof String s) {
      appendBytes(s.getBytes(StandardCharsets.UTF_8));
    } else {
      throw wrongValue(value, utf8 ? "String" : "byte[]");
    }
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public ArrayData build() {
    long nulls = validity.unsetCount();
    List<ArrowBuffer> buffers = new ArrayList<>();
    buffers.add(validity.finish());
    buffers.add(views.finish());
    buffers.addAll(finished);
    if (current.size() > 0) {
      buffers.add(current.finish());
    }
    finished.clear();
    current = new BufferBuilder();
    ArrayData data = new ArrayData(field, length, 0, nulls, buffers.toArray(new ArrowBuffer[0]),
        List.of(), null);
    length = 0;
    return data;
  }
}
