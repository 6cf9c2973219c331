package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.memory.BitUtil;
import io.arrowfile.columnar.type.ArrowType;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Layout;
import io.arrowfile.ipc.compression.BodyCompression;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.FieldNode;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a record batch into a {@code RecordBatch} message header and its body buffers: one field node per
 * array in pre-order, the buffers of each layout with slices resolved (bitmaps at bit offsets shifted,
 * offsets rebased to 0, children cut to what the slice uses), each buffer compressed on request and
 * placed at a 64-byte aligned offset of the body.
 */
public final class RecordBatchEncoder {
  /** Body alignment of every buffer. */
  public static final int ALIGNMENT = 64;

  /** A header with its body: {@code buffers.get(i)} goes at {@code header.buffers().get(i).offset()}. */
  public record Encoded(RecordBatchHeader header, List<ArrowBuffer> buffers, long bodyLength) {}

  private final List<FieldNode> nodes = new ArrayList<>();
  private final List<ArrowBuffer> buffers = new ArrayList<>();
  private final List<Long> variadicCounts = new ArrayList<>();

  private RecordBatchEncoder() {}

  public static Encoded encode(RecordBatch batch, WriteOptions options) {
    RecordBatchEncoder e = new RecordBatchEncoder();
    for (ArrayData column : batch.columns()) {
      e.write(column);
    }
    return e.finish(batch.length(), options);
  }

  /** One array as a one-column batch, as a dictionary batch carries its values. */
  public static Encoded encodeArray(ArrayData array, WriteOptions options) {
    RecordBatchEncoder e = new RecordBatchEncoder();
    e.write(array);
    return e.finish(array.length(), options);
  }

  /**
   * The dictionaries {@code array} uses, by id, nested ones (inside other dictionaries' values) before
   * the ones that use them.
   */
  public static void collectDictionaries(ArrayData array, Map<Long, ArrayData> out) {
    if (array.field().isDictionaryEncoded()) {
      ArrayData dictionary = array.dictionary();
      if (dictionary == null) {
        throw new IllegalArgumentException("dictionary-encoded array of field '" + array.field().name()
            + "' has no dictionary");
      }
      collectDictionaries(dictionary, out);
      out.putIfAbsent(array.field().dictionary().id(), dictionary);
    }
    for (ArrayData child : array.children()) {
      collectDictionaries(child, out);
    }
  }

  public static Map<Long, ArrayData> collectDictionaries(RecordBatch batch) {
    Map<Long, ArrayData> out = new LinkedHashMap<>();
    for (ArrayData column : batch.columns()) {
      collectDictionaries(column, out);
    }
    return out;
  }

  private Encoded finish(long length, WriteOptions options) {
    CompressionCodec codec = options.compression();
    List<BodyBuffer> layout = new ArrayList<>(buffers.size());
    List<ArrowBuffer> out = new ArrayList<>(buffers.size());
    long position = 0;
    for (ArrowBuffer b : buffers) {
      ArrowBuffer stored = codec == null ? b : BodyCompression.compress(codec, b, options.zstdLevel(),
          options.contentChecksum());
      layout.add(new BodyBuffer(position, stored.length()));
      out.add(stored);
      position = BitUtil.align64(position + stored.length());
    }
    RecordBatchHeader header = new RecordBatchHeader(length, nodes, layout, codec, variadicCounts);
    return new Encoded(header, out, position);
  }

  private void write(ArrayData a) {
    Layout layout = a.layout();
    long off = a.offset();
    long len = a.length();
    switch (layout) {
      case NULL:
        nodes.add(new FieldNode(len, len));
        break;
      case BOOL:
        writeValidity(a);
        buffers.add(bitmap(a.buffer(1), off, len));
        break;
      case FIXED_WIDTH: {
        writeValidity(a);
        int width = byteWidth(a.field());
        buffers.add(bytes(a.buffer(1), off * width, len * width));
        break;
      }
      case VARIABLE_BINARY:
      case LARGE_VARIABLE_BINARY: {
        writeValidity(a);
        long[] range = writeOffsets(a.buffer(1), off, len, layout == Layout.VARIABLE_BINARY ? 4 : 8);
        buffers.add(bytes(a.buffer(2), range[0], range[1] - range[0]));
        break;
      }
      case BINARY_VIEW: {
        writeValidity(a);
        buffers.add(bytes(a.buffer(1), off * 16, len * 16));
        int variadic = a.bufferCount() - 2;
        for (int i = 0; i < variadic; i++) {
          buffers.add(a.buffer(2 + i));
        }
        variadicCounts.add((long) variadic);
        break;
      }
      case LIST:
      case LARGE_LIST: {
        writeValidity(a);
        long[] range = writeOffsets(a.buffer(1), off, len, layout == Layout.LIST ? 4 : 8);
        write(a.child(0).slice(range[0], range[1] - range[0]));
        break;
      }
      case LIST_VIEW:
      case LARGE_LIST_VIEW: {
        writeValidity(a);
        int w = layout == Layout.LIST_VIEW ? 4 : 8;
        buffers.add(bytes(a.buffer(1), off * w, len * w));
        buffers.add(bytes(a.buffer(2), off * w, len * w));
        write(a.child(0));
        break;
      }
      case FIXED_SIZE_LIST: {
        writeValidity(a);
        long size = ((ArrowType.FixedSizeList) a.field().type()).listSize();
        write(a.child(0).slice(off * size, len * size));
        break;
      }
      case STRUCT:
        writeValidity(a);
        for (ArrayData child : a.children()) {
          write(child.slice(off, len));
        }
        break;
      case SPARSE_UNION:
        nodes.add(new FieldNode(len, 0));
        buffers.add(bytes(a.buffer(0), off, len));
        for (ArrayData child : a.children()) {
          write(child.slice(off, len));
        }
        break;
      case DENSE_UNION:
        nodes.add(new FieldNode(len, 0));
        buffers.add(bytes(a.buffer(0), off, len));
        buffers.add(bytes(a.buffer(1), off * 4, len * 4));
        for (ArrayData child : a.children()) {
          write(child);
        }
        break;
      case RUN_END_ENCODED:
        nodes.add(new FieldNode(len, 0));
        writeRunEndEncodedChildren(a);
        break;
      default:
        throw new IllegalStateException("unknown layout " + layout);
    }
  }

  private static int byteWidth(Field field) {
    if (field.isDictionaryEncoded()) {
      return field.dictionary().indexType().byteWidth();
    }
    ArrowType type = field.type();
    if (type instanceof ArrowType.FixedSizeBinary f) {
      return f.byteWidth();
    }
    return type.byteWidth();
  }

  private void writeValidity(ArrayData a) {
    long nullCount = a.nullCount();
    nodes.add(new FieldNode(a.length(), nullCount));
    ArrowBuffer validity = a.validity();
    if (nullCount == 0 || validity == null) {
      buffers.add(ArrowBuffer.EMPTY);
    } else {
      buffers.add(bitmap(validity, a.offset(), a.length()));
    }
  }

  /** Writes the offsets of elements [off, off + len] rebased to 0; returns the first and last offsets. */
  private long[] writeOffsets(ArrowBuffer offsets, long off, long len, int width) {
    if (len == 0) {
      buffers.add(ArrowBuffer.wrap(new byte[width]));
      return new long[] {0, 0};
    }
    long first = width == 4 ? offsets.getInt(off * 4) : offsets.getLong(off * 8);
    long last = width == 4 ? offsets.getInt((off + len) * 4) : offsets.getLong((off + len) * 8);
    if (first == 0) {
      buffers.add(offsets.slice(off * width, (len + 1) * width));
    } else {
      ByteBuffer out = ByteBuffer.allocate(Math.toIntExact((len + 1) * width)).order(ByteOrder.LITTLE_ENDIAN);
      for (long i = 0; i <= len; i++) {
        if (width == 4) {
          out.putInt(offsets.getInt((off + i) * 4) - (int) first);
        } else {
          out.putLong(offsets.getLong((off + i) * 8) - first);
        }
      }
      out.flip();
      buffers.add(ArrowBuffer.wrap(out));
    }
    return new long[] {first, last};
  }

  private static ArrowBuffer bytes(ArrowBuffer buffer, long start, long length) {
    if (length == 0 || buffer == null) {
      return ArrowBuffer.EMPTY;
    }
    if (start == 0 && length == buffer.length()) {
      return buffer;
    }
    return buffer.slice(start, length);
  }

  /** Bits [bitOffset, bitOffset + bitLength) as a bitmap starting at bit 0. */
  static ArrowBuffer bitmap(ArrowBuffer bits, long bitOffset, long bitLength) {
    long nbytes = BitUtil.bytesForBits(bitLength);
    if (bitLength == 0) {
      return ArrowBuffer.EMPTY;
    }
    if ((bitOffset & 7) == 0) {
      return bytes(bits, bitOffset >>> 3, nbytes);
    }
    byte[] out = new byte[Math.toIntExact(nbytes)];
    int shift = (int) (bitOffset & 7);
    long srcByte = bitOffset >>> 3;
    long srcBytes = bits.length();
    for (int i = 0; i < out.length; i++) {
      int lo = (bits.getByte(srcByte + i) & 0xFF) >>> shift;
      int hi = srcByte + i + 1 < srcBytes ? (bits.getByte(srcByte + i + 1) & 0xFF) << (8 - shift) : 0;
      out[i] = (byte) (lo | hi);
    }
    int tail = (int) (bitLength & 7);
    if (tail != 0) {
      out[out.length - 1] &= (byte) ((1 << tail) - 1);
    }
    return ArrowBuffer.wrap(out);
  }

  private void writeRunEndEncodedChildren(ArrayData a) {
    ArrayData runEnds = a.child(0);
    ArrayData values = a.child(1);
    long off = a.offset();
    long len = a.length();
    if (len == 0) {
      write(runEnds.slice(0, 0));
      write(values.slice(0, 0));
      return;
    }
    int width = ((ArrowType.Int) runEnds.field().type()).byteWidth();
    long runs = runEnds.length();
    // First run that ends after off, first run that ends at or after off + len.
    long i = firstRunEndingAfter(runEnds, width, runs, off);
    long j = firstRunEndingAfter(runEnds, width, runs, off + len - 1);
    if (off == 0 && j == runs - 1 && runEnd(runEnds, width, j) == len) {
      write(runEnds);
      write(values);
      return;
    }
    int count = Math.toIntExact(j - i + 1);
    ByteBuffer out = ByteBuffer.allocate(count * width).order(ByteOrder.LITTLE_ENDIAN);
    for (long k = i; k <= j; k++) {
      long end = Math.min(runEnd(runEnds, width, k) - off, len);
      switch (width) {
        case 2 -> out.putShort((short) end);
        case 4 -> out.putInt((int) end);
        default -> out.putLong(end);
      }
    }
    out.flip();
    ArrayData newRunEnds = new ArrayData(runEnds.field(), count, 0, 0,
        new ArrowBuffer[] {null, ArrowBuffer.wrap(out)}, List.of(), null);
    write(newRunEnds);
    write(values.slice(i, count));
  }

  private static long runEnd(ArrayData runEnds, int width, long k) {
    long at = (runEnds.offset() + k) * width;
    ArrowBuffer b = runEnds.buffer(1);
    return switch (width) {
      case 2 -> b.getShort(at);
      case 4 -> b.getInt(at);
      default -> b.getLong(at);
    };
  }

  /** The smallest k with runEnd(k) > position (runs - 1 if none). */
  private static long firstRunEndingAfter(ArrayData runEnds, int width, long runs, long position) {
    long lo = 0;
    long hi = runs - 1;
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      if (runEnd(runEnds, width, mid) > position) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
