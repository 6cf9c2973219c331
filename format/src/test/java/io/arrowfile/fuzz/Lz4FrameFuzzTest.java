package io.arrowfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.compression.BodyCompression;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.nio.ByteBuffer;

/**
 * Fuzz target (d): the LZ4 frame decoder, through {@link BodyCompression#decompress}, as a compressed body buffer
 * (an 8-byte little-endian uncompressed length, then LZ4 frames). Anything but {@link ArrowFormatException} is a
 * finding, and so is output of another length than the declared one, or an allocation out of proportion to the
 * input (the declared length is bounded by 255 bytes of output per byte of input, LZ4's own limit), or another
 * outcome when the frames are decoded into off-heap memory, as a scan decodes them.
 *
 * <p>Seeds: linked and independent frames as pyarrow and lz4-java write them, with and without checksums, in
 * {@code src/test/resources/io/arrowfile/fuzz/Lz4FrameFuzzTestInputs/fuzz/}. On-demand run: see
 * {@link FileReaderFuzzTest}.
 */
class Lz4FrameFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void fuzz(byte[] input) {
    if (input.length > FuzzReads.MAX_INPUT) {
      return;
    }
    FuzzReads.readsOrRejects(input, () -> {
      ArrowBuffer raw = ArrowBuffer.wrap(input);
      ArrowBuffer out;
      try {
        out = BodyCompression.decompress(CompressionCodec.LZ4_FRAME, raw, 16 << 20);
      } catch (ArrowFormatException e) {
        try {
          BodyCompression.decompress(CompressionCodec.LZ4_FRAME, raw, 16 << 20, ByteBuffer::allocateDirect);
        } catch (ArrowFormatException alsoIntoDirectMemory) {
          throw e;
        }
        throw new AssertionError("decodes into off-heap memory only, not into an array: " + e.getMessage());
      }
      long declared = input.length >= 8 ? raw.getLong(0) : -2;
      if (declared >= 0 && out.length() != declared) {
        throw new AssertionError("decoded " + out.length() + " bytes, declared " + declared);
      }
      // Into off-heap memory, as a scan decodes: the same bytes.
      ArrowBuffer direct = BodyCompression.decompress(CompressionCodec.LZ4_FRAME, raw, 16 << 20,
          ByteBuffer::allocateDirect);
      if (!out.asByteBuffer().equals(direct.asByteBuffer())) {
        throw new AssertionError("decoded other bytes into off-heap memory");
      }
    });
  }
}
