package io.arrowfile.ipc.compression;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;

/**
 * The calls into zstd-jni, and only those: the JVM loads this class, and with it zstd-jni, the first time a ZSTD
 * body is read or written, so a program that never meets one runs without the jar (see
 * {@link CodecLibrary}).
 */
final class ZstdCodec {
  private static final Cleaner CLEANER = Cleaner.create();
  /**
   * One zstd decompression context per thread: creating one per buffer (as {@code Zstd.decompressByteArray} does)
   * took 2-8% of a scan's reader samples (JFR, TPC-H at scale factor 1). A context holds native memory the garbage
   * collector does not see, so it is freed when its thread is collected.
   */
  private static final ThreadLocal<ZstdDecompressCtx> CONTEXT = ThreadLocal.withInitial(() -> {
    ZstdDecompressCtx context = new ZstdDecompressCtx();
    CLEANER.register(Thread.currentThread(), context::close);
    return context;
  });

  /**
   * One compression context per thread, for the same reason: a fresh context per buffer allocated and cleared
   * zstd's match tables for every buffer. Its level and checksum flag are set for each buffer.
   */
  private static final ThreadLocal<ZstdCompressCtx> COMPRESSION = ThreadLocal.withInitial(() -> {
    ZstdCompressCtx context = new ZstdCompressCtx();
    CLEANER.register(Thread.currentThread(), context::close);
    return context;
  });

  private ZstdCodec() {}

  /** Decompresses {@code src[offset, offset + length)} into {@code out}; the number of bytes that came out. */
  static long decompress(byte[] out, int declared, byte[] src, int offset, int length) {
    return CONTEXT.get().decompressByteArray(out, 0, declared, src, offset, length);
  }

  /**
   * Decompresses all of {@code src} into {@code out}, both direct, each from its first byte to its capacity; the number
   * of bytes that came out. zstd never writes past the capacity it is given.
   */
  static long decompress(ByteBuffer out, ByteBuffer src) {
    return CONTEXT.get().decompressDirectByteBuffer(out, 0, out.capacity(), src, 0, src.capacity());
  }

  /** The decompressed bytes of the zstd frames {@code in} holds, as they come out. */
  static InputStream decompressing(InputStream in) throws IOException {
    return new ZstdInputStreamNoFinalizer(in);
  }

  /** The most bytes {@code length} bytes compress to. */
  static long bound(long length) {
    return Zstd.compressBound(length);
  }

  /**
   * Compresses {@code src[srcOffset, srcOffset + length)} into {@code dst} from {@code dstOffset} (room for
   * {@link #bound} bytes); the compressed length.
   */
  static int compress(byte[] dst, int dstOffset, byte[] src, int srcOffset, int length, int level,
      boolean checksum) {
    ZstdCompressCtx ctx = COMPRESSION.get();
    ctx.setLevel(level);
    ctx.setChecksum(checksum);
    return ctx.compressByteArray(dst, dstOffset, dst.length - dstOffset, src, srcOffset, length);
  }
}
