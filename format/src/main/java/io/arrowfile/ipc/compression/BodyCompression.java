package io.arrowfile.ipc.compression;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Compression of record batch body buffers, each on its own: an int64 little-endian uncompressed length,
 * then the compressed bytes (an LZ4 frame or a zstd frame). A length of -1 marks a buffer stored
 * uncompressed (other writers may do that; ours compresses every buffer); an empty buffer stays empty.
 *
 * <p>The codec libraries are called through {@link ZstdCodec} and {@link Lz4FrameEncoder} only, so that this
 * class loads without them: uncompressed bodies need no codec jar, and a missing one is named
 * ({@link CodecLibrary}).
 *
 * <p>Decompression never trusts the declared length for allocation: output memory grows as bytes actually
 * come out of the decompressor, up to the declared length, which is itself capped.
 */
public final class BodyCompression {
  /** The marker for a buffer stored as is. */
  public static final long UNCOMPRESSED = -1;
  private static final int PREFIX = 8;
  private static final long ZSTD_TRUSTED_RATIO = 64;

  private BodyCompression() {}

  /**
   * The uncompressed contents of {@code raw}, one buffer of a compressed body.
   *
   * @param maxBufferSize the largest uncompressed length accepted
   */
  public static ArrowBuffer decompress(CompressionCodec codec, ArrowBuffer raw, long maxBufferSize) {
    return decompress(codec, raw, maxBufferSize, null);
  }

  /**
   * As {@link #decompress(CompressionCodec, ArrowBuffer, long)}, into {@code memory} where it can: given a length,
   * it hands out writable direct memory of at least that many bytes (null: a fresh array for each buffer). LZ4 always
   * decodes into it; zstd does when {@code raw} is direct memory too (a body read into off-heap memory, or mapped),
   * as zstd-jni decompresses direct to direct in every version the project runs with (from heap to direct only
   * from 1.5.7). zstd past the trusted ratio, whose output grows as bytes come out, always gets a fresh array.
   */
  public static ArrowBuffer decompress(CompressionCodec codec, ArrowBuffer raw, long maxBufferSize,
      IntFunction<ByteBuffer> memory) {
    if (raw.length() == 0) {
      return ArrowBuffer.EMPTY;
    }
    if (raw.length() < PREFIX) {
      throw new ArrowFormatException("compressed buffer of " + raw.length()
          + " bytes is too short for its 8-byte length prefix");
    }
    long declared = raw.getLong(0);
    ArrowBuffer payload = raw.slice(PREFIX, raw.length() - PREFIX);
    if (declared == UNCOMPRESSED) {
      return payload;
    }
    if (declared == 0) {
      return ArrowBuffer.EMPTY;
    }
    if (declared < 0) {
      throw new ArrowFormatException("compressed buffer declares a negative uncompressed length " + declared);
    }
    long cap = Math.min(maxBufferSize, Integer.MAX_VALUE - 8);
    if (declared > cap) {
      throw new ArrowFormatException("compressed buffer declares " + declared
          + " uncompressed bytes, more than the limit of " + cap);
    }
    if (payload.length() > Integer.MAX_VALUE - 8) {
      throw new ArrowFormatException("compressed buffer of " + payload.length() + " bytes is too large");
    }
    // A buffer straddling two chunks of a huge mapping is copied once.
    ByteBuffer in = payload.isContiguous() ? payload.asByteBuffer() : ByteBuffer.wrap(payload.toByteArray());
    if (codec == CompressionCodec.LZ4_FRAME) {
      // One allocation of the declared size, bounded by what LZ4 could make of the bytes present.
      if (declared > payload.length() * Lz4Frame.MAX_RATIO + 1024) {
        throw new ArrowFormatException("compressed buffer declares " + declared + " uncompressed bytes, more than "
            + payload.length() + " bytes of LZ4 can hold");
      }
      ByteBuffer out = memory != null ? exactly(memory, (int) declared) : ByteBuffer.wrap(new byte[(int) declared]);
      try {
        Lz4Frame.decode(in, out);
      } catch (ArrowFormatException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new ArrowFormatException("corrupt LZ4_FRAME data in compressed buffer: " + e, e);
      }
      return ArrowBuffer.wrap(out);
    }
    if (codec == CompressionCodec.ZSTD && declared <= Math.max(payload.length() * ZSTD_TRUSTED_RATIO, 16 << 20)) {
      // zstd can expand far more than LZ4 (a run-length block), so a single allocation of the declared size
      // is only made up to a ratio real data reaches; beyond it the output grows as bytes come out.
      try {
        if (memory != null && in.isDirect()) {
          return ArrowBuffer.wrap(zstd(in, exactly(memory, (int) declared)));
        }
        return ArrowBuffer.wrap(zstd(in, (int) declared));
      } catch (LinkageError e) {
        throw CodecLibrary.missing(codec, "reading a ZSTD-compressed file", e);
      }
    }
    // zstd beyond the trusted ratio: streamed, the output growing only as bytes come out.
    try (InputStream stream = ZstdCodec.decompressing(new ByteBufferInputStream(in))) {
      byte[] out = inflate(stream, (int) declared, payload.length());
      return ArrowBuffer.wrap(out);
    } catch (ArrowFormatException e) {
      throw e;
    } catch (LinkageError e) {
      throw CodecLibrary.missing(codec, "reading a ZSTD-compressed file", e);
    } catch (IOException | RuntimeException e) {
      throw new ArrowFormatException("corrupt " + codec + " data in compressed buffer: " + e.getMessage(), e);
    }
  }

  /**
   * The uncompressed length of {@code raw} when {@link #decompress(CompressionCodec, ArrowBuffer, long, IntFunction)}
   * would decompress it whole into memory of that length from its {@code memory} (so that a reader may set the memory
   * aside now and decompress later), else -1: an empty buffer, one stored uncompressed, one that would not go to the
   * given memory (zstd from heap memory, or past the trusted ratio) and one whose prefix is wrong (decompress says
   * how). Reads only the 8-byte prefix.
   */
  public static long deferrableLength(CompressionCodec codec, ArrowBuffer raw, long maxBufferSize) {
    if (raw.length() < PREFIX || !raw.isContiguous()) {
      return -1;
    }
    long declared = raw.getLong(0);
    long payload = raw.length() - PREFIX;
    if (declared <= 0 || declared > Math.min(maxBufferSize, Integer.MAX_VALUE - 8)
        || payload > Integer.MAX_VALUE - 8) {
      return -1;
    }
    return switch (codec) {
      case LZ4_FRAME -> declared > payload * Lz4Frame.MAX_RATIO + 1024 ? -1 : declared;
      case ZSTD -> !raw.asByteBuffer().isDirect() || declared > Math.max(payload * ZSTD_TRUSTED_RATIO, 16 << 20)
          ? -1 : declared;
    };
  }

  private static byte[] zstd(ByteBuffer in, int declared) {
    byte[] src;
    int offset;
    int length = in.remaining();
    if (in.hasArray()) {
      src = in.array();
      offset = in.arrayOffset() + in.position();
    } else {
      src = new byte[length];
      in.duplicate().get(src);
      offset = 0;
    }
    byte[] out = new byte[declared];
    long n;
    try {
      n = ZstdCodec.decompress(out, declared, src, offset, length);
    } catch (RuntimeException e) { // ZstdException, naming zstd's error
      throw new ArrowFormatException("corrupt ZSTD data in compressed buffer: " + e.getMessage(), e);
    }
    if (n != declared) {
      throw new ArrowFormatException("compressed buffer decompresses to " + n + " bytes, not the declared " + declared);
    }
    return out;
  }

  /** {@code in} (direct) decompressed into all of {@code out} (direct), which must come out exactly full. */
  private static ByteBuffer zstd(ByteBuffer in, ByteBuffer out) {
    // Positions and limits are Java's: zstd-jni takes offsets from each buffer's address (and 1.5.5 checks none
    // against the buffer), so each is passed as a buffer starting at its first byte with its whole length.
    ByteBuffer src = in.slice();
    long n;
    try {
      n = ZstdCodec.decompress(out, src);
    } catch (RuntimeException e) { // ZstdException, naming zstd's error
      throw new ArrowFormatException("corrupt ZSTD data in compressed buffer: " + e.getMessage(), e);
    }
    if (n != out.capacity()) {
      throw new ArrowFormatException("compressed buffer decompresses to " + n + " bytes, not the declared "
          + out.capacity());
    }
    return out;
  }

  /** {@code size} bytes of {@code memory}'s, as a buffer of exactly that capacity at position 0. */
  private static ByteBuffer exactly(IntFunction<ByteBuffer> memory, int size) {
    ByteBuffer b = memory.apply(size);
    if (!b.isDirect() || b.isReadOnly() || b.capacity() < size) {
      throw new IllegalStateException("decompression memory must be writable direct memory of " + size + " bytes");
    }
    // The arena hands out exactly the size asked for: sliced again only when it gave more.
    return b.position() == 0 && b.limit() == size && b.capacity() == size ? b : b.slice(0, size);
  }

  private static byte[] inflate(InputStream stream, int declared, long compressedLength) throws IOException {
    long guess = Math.max(compressedLength * 8, 1 << 20);
    byte[] out = new byte[(int) Math.min(declared, guess)];
    int n = 0;
    while (true) {
      if (n == out.length) {
        if (n == declared) {
          if (stream.read() >= 0) {
            throw new ArrowFormatException("compressed buffer decompresses to more than its declared "
                + declared + " bytes");
          }
          break;
        }
        out = Arrays.copyOf(out, (int) Math.min(declared, (long) out.length * 2));
      }
      int r = stream.read(out, n, out.length - n);
      if (r < 0) {
        break;
      }
      n += r;
    }
    if (n != declared) {
      throw new ArrowFormatException("compressed buffer decompresses to " + n + " bytes, not the declared "
          + declared);
    }
    return out;
  }

  /**
   * {@code data} compressed with {@code codec} and prefixed with its uncompressed length. Every non-empty
   * buffer is compressed, even where that does not make it smaller, as Arrow C++ does by default: a buffer
   * stored raw behind the -1 prefix starts 8 bytes past its aligned offset, and readers that map values in
   * place (Polars 1.44 on Decimal128, for one) refuse data not aligned to its value width. An empty buffer
   * stays empty. The frame carries a checksum of the buffer's contents (LZ4: xxHash32, zstd: the low 32 bits of
   * xxHash64), which every reader verifies.
   */
  public static ArrowBuffer compress(CompressionCodec codec, ArrowBuffer data, int zstdLevel) {
    return compress(codec, data, zstdLevel, true);
  }

  /** As {@link #compress(CompressionCodec, ArrowBuffer, int)}, with or without the content checksum. */
  public static ArrowBuffer compress(CompressionCodec codec, ArrowBuffer data, int zstdLevel, boolean checksum) {
    if (data.length() == 0) {
      return ArrowBuffer.EMPTY;
    }
    if (data.length() > Integer.MAX_VALUE - 64) {
      throw new IllegalArgumentException("buffer of " + data.length() + " bytes is too large to compress");
    }
    byte[] out;
    int length;
    try {
      if (codec == CompressionCodec.ZSTD) {
        // Compressed straight behind the prefix, in an array of zstd's bound. The buffer lives until its batch is
        // written, so one that compressed well is trimmed (a copy of its few compressed bytes); one that barely
        // compressed keeps the array.
        int n = (int) data.length();
        out = new byte[Math.toIntExact(PREFIX + ZstdCodec.bound(n))];
        length = PREFIX + ZstdCodec.compress(out, PREFIX, data.toByteArray(), 0, n, zstdLevel, checksum);
        if (length < out.length - (out.length >> 3)) {
          out = Arrays.copyOf(out, length);
        }
      } else {
        // The same for LZ4's frame.
        out = new byte[Math.toIntExact(PREFIX + Lz4FrameEncoder.bound(data.length()))];
        length = PREFIX + Lz4FrameEncoder.compress(data, checksum, out, PREFIX);
        if (length < out.length - (out.length >> 3)) {
          out = Arrays.copyOf(out, length);
        }
      }
    } catch (LinkageError e) {
      throw CodecLibrary.missing(codec, "writing with " + codec + " compression", e);
    }
    ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putLong(0, data.length());
    return ArrowBuffer.wrap(out, 0, length);
  }

  /** An InputStream over a ByteBuffer's remaining bytes. */
  private static final class ByteBufferInputStream extends InputStream {
    private final ByteBuffer buffer;

    ByteBufferInputStream(ByteBuffer buffer) {
      this.buffer = buffer;
    }

    @Override
    public int read() {
      return buffer.hasRemaining() ? buffer.get() & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) {
        return 0;
      }
      if (!buffer.hasRemaining()) {
        return -1;
      }
      int n = Math.min(len, buffer.remaining());
      buffer.get(b, off, n);
      return n;
    }

    @Override
    public int available() {
      return buffer.remaining();
    }
  }
}
