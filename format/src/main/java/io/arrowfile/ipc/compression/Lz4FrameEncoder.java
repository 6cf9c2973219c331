package io.arrowfile.ipc.compression;

import io.arrowfile.columnar.memory.ArrowBuffer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import net.jpountz.lz4.LZ4FrameOutputStream;

/**
 * The calls into lz4-java, and only those: LZ4 frames are written with lz4-java, read with {@link Lz4Frame}
 * (ours), so only an LZ4_FRAME write loads this class and needs the jar (see {@link CodecLibrary}).
 */
final class Lz4FrameEncoder {
  private Lz4FrameEncoder() {}

  static byte[] compress(ArrowBuffer data, boolean checksum) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) Math.min(data.length() + 64, 1 << 20));
    // The smallest block size that holds the buffer: the default (4 MB) allocates 4 MB twice per buffer, which
    // made small batches many times slower to write.
    LZ4FrameOutputStream.BLOCKSIZE block = data.length() <= 64 << 10 ? LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB
        : data.length() <= 256 << 10 ? LZ4FrameOutputStream.BLOCKSIZE.SIZE_256KB
        : data.length() <= 1 << 20 ? LZ4FrameOutputStream.BLOCKSIZE.SIZE_1MB : LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB;
    LZ4FrameOutputStream.FLG.Bits[] flags = checksum
        ? new LZ4FrameOutputStream.FLG.Bits[] {LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
            LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM}
        : new LZ4FrameOutputStream.FLG.Bits[] {LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE};
    try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(bytes, block, flags)) {
      data.writeTo(Channels.newChannel(out));
    }
    return bytes.toByteArray();
  }
}
