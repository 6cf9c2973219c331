package io.arrowfile.ipc.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Random;
import java.util.stream.Stream;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorOutputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorOutputStream.BlockSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * LZ4 frames of every shape the frame format allows, made by an independent encoder (commons-compress, which
 * writes linked blocks as Arrow C++ does) and decoded by {@link Lz4Frame}; and damaged ones, which must fail
 * with a clear {@link ArrowFormatException}.
 */
class Lz4FrameTest {

  /** Text-like data: compressible, with matches at every distance up to beyond 64 KiB. */
  static byte[] compressible(int n, long seed) {
    Random r = new Random(seed);
    String[] words = {"arrow", "spark", "column", "batch", "buffer", "frame", "linked", "block", "\n", " "};
    byte[] out = new byte[n];
    int i = 0;
    while (i < n) {
      byte[] w = (words[r.nextInt(words.length)] + r.nextInt(100)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      int k = Math.min(w.length, n - i);
      System.arraycopy(w, 0, out, i, k);
      i += k;
    }
    return out;
  }

  static byte[] random(int n, long seed) {
    byte[] out = new byte[n];
    new Random(seed).nextBytes(out);
    return out;
  }

  /** Bytes of a linked frame's data: two 64 KiB blocks, the second linked to the first. */
  private static final int LINKED_BYTES = 80_000;

  /**
   * A frame from an encoder that is not ours: lz4-java's for independent blocks, commons-compress's for linked ones
   * (lz4-java writes only independent blocks). commons-compress's encoder is quadratic in the data it has seen
   * ({@code BlockLZ4CompressorOutputStream.clearUnusedBlocks}: 5 s for 200 KB here), so linked frames stay small.
   */
  static byte[] referenceFrame(byte[] data, BlockSize size, boolean contentChecksum, boolean blockChecksum,
      boolean linked) throws IOException {
    if (!linked) {
      return independentFrame(data, size, contentChecksum, blockChecksum);
    }
    if (data.length > 200_000) {
      throw new IllegalArgumentException("commons-compress takes seconds for linked frames beyond ~200 KB");
    }
    // Each linked frame is made once for the whole class: the tests below share their data to that end.
    List<Object> key = List.of(ByteBuffer.wrap(data), size, contentChecksum, blockChecksum);
    byte[] frame = LINKED_FRAMES.get(key);
    if (frame == null) {
      frame = storedLinkedFrame(data, size, contentChecksum, blockChecksum);
      LINKED_FRAMES.put(key, frame);
    }
    return frame.clone();
  }

  private static final Map<List<Object>, byte[]> LINKED_FRAMES = new ConcurrentHashMap<>();

  /**
   * commons-compress's linked frame of {@code data}, as kept beside this class's tests
   * ({@code src/test/resources/io/arrowfile/ipc/compression}, named by the data's length and CRC-32, the block size
   * and the checksum flags): encoding one takes commons-compress seconds (quadratic, see {@link #referenceFrame}),
   * up to 10 s each in the busy JVM of a whole test run, and decoding takes it milliseconds. A kept frame is used
   * only if commons-compress's own decoder gives {@code data} back from it; one not kept is encoded here. The kept
   * ones are commons-compress 1.28's {@code FramedLZ4CompressorOutputStream} (64 KiB linked blocks, both checksums
   * or none) of {@code compressible(80_000, 1)} and {@code compressible(65_537, 3)}.
   */
  private static byte[] storedLinkedFrame(byte[] data, BlockSize size, boolean contentChecksum, boolean blockChecksum)
      throws IOException {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(data);
    String name = String.format("linked-%s-%d-%08x-%s%s.lz4", size, data.length, crc.getValue(),
        contentChecksum ? "c" : "", blockChecksum ? "b" : "");
    try (java.io.InputStream kept = Lz4FrameTest.class.getResourceAsStream(name)) {
      if (kept != null) {
        byte[] frame = kept.readAllBytes();
        try (FramedLZ4CompressorInputStream in = new FramedLZ4CompressorInputStream(new ByteArrayInputStream(frame))) {
          assertArrayEquals(data, in.readAllBytes(), name + " is commons-compress's frame of the data");
        }
        return frame;
      }
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (FramedLZ4CompressorOutputStream out = new FramedLZ4CompressorOutputStream(bytes,
        new FramedLZ4CompressorOutputStream.Parameters(size, contentChecksum, blockChecksum, true))) {
      out.write(data);
    }
    return bytes.toByteArray();
  }

  private static byte[] independentFrame(byte[] data, BlockSize size, boolean contentChecksum,
      boolean blockChecksum) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    List<LZ4FrameOutputStream.FLG.Bits> flags = new java.util.ArrayList<>();
    flags.add(LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE);
    if (contentChecksum) {
      flags.add(LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM);
    }
    if (blockChecksum) {
      flags.add(LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM);
    }
    try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(bytes, switch (size) {
          case K64 -> LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB;
          case K256 -> LZ4FrameOutputStream.BLOCKSIZE.SIZE_256KB;
          case M1 -> LZ4FrameOutputStream.BLOCKSIZE.SIZE_1MB;
          case M4 -> LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB;
        }, flags.toArray(new LZ4FrameOutputStream.FLG.Bits[0]))) {
      out.write(data);
    }
    return bytes.toByteArray();
  }

  /**
   * {@code frame} decoded into an array, and again from direct memory into direct memory (as a scan decodes into its
   * reused off-heap memory), which must come out the same: the same bytes, or the same failure.
   */
  static byte[] decode(byte[] frame, int declared) {
    byte[] out = new byte[declared];
    ArrowFormatException heapFailure = null;
    try {
      Lz4Frame.decode(ByteBuffer.wrap(frame), out);
    } catch (ArrowFormatException e) {
      heapFailure = e;
    }
    ByteBuffer direct = ByteBuffer.allocateDirect(declared);
    try {
      Lz4Frame.decode(ByteBuffer.allocateDirect(frame.length).put(frame).flip(), direct);
    } catch (ArrowFormatException e) {
      if (heapFailure == null) {
        throw new AssertionError("fails into direct memory only: " + e.getMessage(), e);
      }
      assertEquals(heapFailure.getMessage(), e.getMessage(), "into direct memory");
      throw heapFailure;
    }
    if (heapFailure != null) {
      throw new AssertionError("fails into an array only: " + heapFailure.getMessage(), heapFailure);
    }
    byte[] fromDirect = new byte[declared];
    direct.get(0, fromDirect);
    assertArrayEquals(out, fromDirect, "into direct memory");
    return out;
  }

  /**
   * Linked blocks of 64 KiB (what Arrow C++ writes) and independent blocks of every size. commons-compress 1.28
   * writes wrong linked frames with larger blocks (liblz4 and its own reader reject them for their content
   * checksum), so linked blocks beyond 64 KiB are covered by {@link #linkedBlocksOfAnySizeReachBack}.
   */
  static Stream<Arguments> shapes() {
    Stream.Builder<Arguments> b = Stream.builder();
    for (BlockSize size : BlockSize.values()) {
      for (boolean linked : size == BlockSize.K64 ? new boolean[] {true, false} : new boolean[] {false}) {
        for (boolean checksums : new boolean[] {true, false}) {
          b.add(Arguments.of(size, linked, checksums));
        }
      }
    }
    return b.build();
  }

  @ParameterizedTest(name = "{0} blocks, linked={1}, checksums={2}")
  @MethodSource("shapes")
  void decodesFramesOfEveryShape(BlockSize size, boolean linked, boolean checksums) throws IOException {
    // Over a hundred KiB span several 64 KiB blocks; our writer's frames and the pyarrow interop tests cover
    // megabytes. Linked frames come from commons-compress, which takes seconds for each (see referenceFrame): two
    // blocks are enough for the second to reach back into the first.
    int n = linked ? LINKED_BYTES : 140_000;
    for (byte[] data : new byte[][] {compressible(n, 1), random(linked ? LINKED_BYTES : 100_000, 2), new byte[1],
        new byte[0], compressible(65_537, 3)}) {
      byte[] frame = referenceFrame(data, size, checksums, checksums, linked);
      assertArrayEquals(data, decode(frame, data.length), size + " " + data.length + " bytes");
    }
  }

  @Test
  void linkedBlocksCopyFromTheBlocksBefore() throws IOException {
    // 40 KiB of random bytes, repeated: from the second 64 KiB block on, the frame is matches into the blocks before.
    byte[] half = random(40 << 10, 7);
    byte[] data = new byte[half.length * 4];
    for (int i = 0; i < 4; i++) {
      System.arraycopy(half, 0, data, i * half.length, half.length);
    }
    byte[] frame = referenceFrame(data, BlockSize.K64, false, false, true);
    assertTrue(frame.length < data.length / 3, "linked blocks compress the repeats: " + frame.length);
    assertArrayEquals(data, decode(frame, data.length));
  }

  @Test
  void linkedBlocksOfAnySizeReachBack() {
    for (int bd : new int[] {0x40, 0x50, 0x60, 0x70}) {
      // Block 0: 100 stored bytes; block 1: a 1000-byte match 100 bytes back (into block 0, then into its own
      // output), then the closing literal.
      byte[] stored = compressible(100, 14);
      // token (0 literals, match length 15+), offset 100, match length bytes 255 255 255 216 (4 + 15 + 765 + 216
      // = 1000), then the last sequence: one literal.
      byte[] matchBlock = {0x0F, 0x64, 0x00, (byte) 255, (byte) 255, (byte) 255, (byte) 216, 0x10, 'z'};
      byte[] frame = frameOf(bd, stored, matchBlock);
      byte[] out = decode(frame, 100 + 1000 + 1);
      for (int i = 0; i < 1100; i++) {
        assertEquals(stored[i % 100], out[i], "byte " + i + " with BD " + Integer.toHexString(bd));
      }
      assertEquals('z', out[1100]);
      // The same blocks in a frame of independent blocks: the match has nothing to reach.
      byte[] independent = frameOf(bd | 0x1000, stored, matchBlock);
      assertTrue(failure(independent, 1101).contains("offset"));
    }
  }

  static Stream<Arguments> ourWriterFrames() {
    return Stream.of(
        Arguments.of("3 MiB compressible (one 4 MiB block)", compressible(3 << 20, 11), true),
        Arguments.of("9 MiB compressible (three 4 MiB blocks, the last one partial)", compressible(9 << 20, 12), true),
        Arguments.of("64 KiB compressible, no checksum", compressible(64 << 10, 13), false),
        Arguments.of("100 KB random (256 KiB block, stored)", random(100_000, 14), true),
        Arguments.of("5 MiB random (stored 4 MiB blocks)", random(5 << 20, 15), true),
        Arguments.of("1 byte (stored)", new byte[] {42}, true));
  }

  /** Our writer's frames, read by lz4-java's and commons-compress's frame readers and ours. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ourWriterFrames")
  void ourWriterFramesReadHereAndInCommonsCompress(String name, byte[] data, boolean checksum) throws IOException {
    ArrowBuffer compressed = BodyCompression.compress(CompressionCodec.LZ4_FRAME, ArrowBuffer.wrap(data), 0, checksum);
    byte[] frame = Arrays.copyOfRange(compressed.toByteArray(), 8, (int) compressed.length());
    assertEquals(checksum, (frame[4] & 0x04) != 0, "content checksum flag");
    try (FramedLZ4CompressorInputStream in = new FramedLZ4CompressorInputStream(new ByteArrayInputStream(frame))) {
      assertArrayEquals(data, in.readAllBytes(), "commons-compress");
    }
    try (LZ4FrameInputStream in = new LZ4FrameInputStream(new ByteArrayInputStream(frame))) {
      assertArrayEquals(data, in.readAllBytes(), "lz4-java");
    }
    assertArrayEquals(data, BodyCompression.decompress(CompressionCodec.LZ4_FRAME, compressed, 1L << 30).toByteArray());
    assertTrue(frame.length <= data.length + 4 * (data.length / (64 << 10) + 1) + 15, "a stored block costs 4 bytes");
  }

  /**
   * Our writer's frames hold independent blocks, which lz4's native decoder takes (where lz4-java's native library
   * loads, as on Linux and macOS); a block it refuses is then decoded in Java to say what is wrong.
   */
  @Test
  void independentBlocksDecodeNatively() throws IOException {
    assumeTrue(Lz4Block.nativeDecoding(), "lz4-java has no native library on this platform");
    for (byte[] data : new byte[][] {compressible(5 << 20, 21), random(1 << 20, 22), new byte[9 << 20]}) {
      ArrowBuffer compressed = BodyCompression.compress(CompressionCodec.LZ4_FRAME, ArrowBuffer.wrap(data), 0);
      assertArrayEquals(data, BodyCompression.decompress(CompressionCodec.LZ4_FRAME, compressed, 1L << 30)
          .toByteArray());
      ByteBuffer direct = ByteBuffer.allocateDirect((int) compressed.length());
      direct.put(compressed.toByteArray()).flip();
      assertArrayEquals(data, BodyCompression.decompress(CompressionCodec.LZ4_FRAME, ArrowBuffer.wrap(direct),
          1L << 30).toByteArray(), "from memory off the heap");
    }
    // A block that ends with a match 9 bytes from its end and one literal: valid LZ4 sequences, which lz4's own
    // decoder refuses for its end-of-block parsing restrictions (lz4js writes such blocks); decoded in Java.
    byte[] shortEnd = frameOf(new byte[] {0x14, 'a', 0x01, 0x00, 0x10, 'b'});
    assertArrayEquals("aaaaaaaaab".getBytes(java.nio.charset.StandardCharsets.US_ASCII), decode(shortEnd, 10));
    // A match 100 bytes back as the first sequence of an independent block: before the block's first byte.
    byte[] reachesBack = frameOf(new byte[] {0x0F, 0x64, 0x00, 0x00, 0x10, 'z'});
    String message = failure(reachesBack, 20);
    assertTrue(message.contains("reaches before the start"), message);
  }

  @Test
  void concatenatedAndSkippableFrames() throws IOException {
    byte[] a = compressible(LINKED_BYTES, 1);
    byte[] b = random(1000, 5);
    ByteBuffer skippable = ByteBuffer.allocate(8 + 5).order(ByteOrder.LITTLE_ENDIAN);
    skippable.putInt(0x184D2A5F).putInt(5).put(new byte[5]);
    byte[] joined = concat(referenceFrame(a, BlockSize.K64, true, true, true), skippable.array(),
        referenceFrame(b, BlockSize.K256, false, true, false));
    assertArrayEquals(concat(a, b), decode(joined, a.length + b.length));
  }

  @Test
  void legacyFrames() {
    byte[] data = compressible((8 << 20) + 12345, 6);
    LZ4Compressor compressor = LZ4Factory.fastestInstance().fastCompressor();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ByteBuffer header = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0x184C2102);
    bytes.writeBytes(header.array());
    for (int at = 0; at < data.length; at += 8 << 20) {
      byte[] block = compressor.compress(Arrays.copyOfRange(data, at, Math.min(data.length, at + (8 << 20))));
      bytes.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(block.length).array());
      bytes.writeBytes(block);
    }
    assertArrayEquals(data, decode(bytes.toByteArray(), data.length));
  }

  // Damaged frames: each fails with what is wrong, never with a bare runtime exception.

  private static String failure(byte[] frame, int declared) {
    return assertThrows(ArrowFormatException.class, () -> decode(frame, declared)).getMessage();
  }

  @Test
  void checksumsAreVerified() throws IOException {
    byte[] data = compressible(200_000, 8);
    byte[] blockSums = referenceFrame(data, BlockSize.K64, false, true, false);
    blockSums[100] ^= 0x40;
    assertTrue(failure(blockSums, data.length).contains("checksum"));

    byte[] contentSum = referenceFrame(data, BlockSize.K64, true, false, false);
    contentSum[contentSum.length - 1] ^= 1;
    assertTrue(failure(contentSum, data.length).contains("content checksum"));

    byte[] header = referenceFrame(data, BlockSize.K64, false, false, false);
    header[4] ^= 0x04; // the content checksum flag: the header checksum no longer matches
    assertTrue(failure(header, data.length).contains("header checksum"));
  }

  @Test
  void aFlippedByteWithoutChecksumsFailsOrDecodesToTheDeclaredLength() throws IOException {
    byte[] data = compressible(LINKED_BYTES, 1);
    byte[] frame = referenceFrame(data, BlockSize.K64, false, false, true);
    Random r = new Random(10);
    for (int i = 0; i < 300; i++) {
      byte[] damaged = frame.clone();
      damaged[7 + r.nextInt(damaged.length - 7)] ^= (byte) (1 << r.nextInt(8));
      try {
        assertEquals(data.length, decode(damaged, data.length).length);
      } catch (ArrowFormatException expected) {
        // the damage showed
      }
    }
  }

  @Test
  void truncatedFramesAndWrongLengthsFail() throws IOException {
    byte[] data = compressible(LINKED_BYTES, 1);
    byte[] frame = referenceFrame(data, BlockSize.K64, false, false, true);
    for (int cut : new int[] {3, 6, 7, 20, frame.length / 2, frame.length - 1}) {
      failure(Arrays.copyOf(frame, cut), data.length);
    }
    assertTrue(failure(frame, data.length + 1).contains("declared"));
    failure(frame, data.length - 1);
  }

  @Test
  void hostileBlocksFailClearly() {
    // A frame header (linked blocks, 64 KiB) followed by one hand-made block, then the end mark.
    assertTrue(failure(frameOf(new byte[] {0x00, 0x05, 0x00}), 16).contains("offset"), "match before the frame");
    assertTrue(failure(frameOf(new byte[] {0x10, 'a', 0x00, 0x00, 0x10, 'b'}), 16).contains("offset 0"), "offset 0");
    assertTrue(failure(frameOf(new byte[] {(byte) 0xF0, (byte) 0xFF}), 1000).contains("literal"), "literal length");
    assertTrue(failure(frameOf(new byte[] {0x50, 'a', 'b'}), 16).contains("literals"), "literals past the end");
    // A match that would write past the declared output.
    assertTrue(failure(frameOf(new byte[] {0x1F, 'a', 0x01, 0x00, (byte) 0xFF, 0x10, 0x00}), 100)
        .contains("more than"));
  }

  @Test
  void aDictionaryFrameIsRefused() {
    byte[] frame = frameOf(new byte[] {0x10, 'a'});
    frame[4] |= 0x01;
    assertTrue(failure(frame, 1).contains("checksum") || failure(frame, 1).contains("dictionary"));
  }

  /** A frame with linked 64 KiB blocks holding {@code block} as its one compressed block. */
  private static byte[] frameOf(byte[] block) {
    ByteBuffer b = ByteBuffer.allocate(4 + 3 + 4 + block.length + 4).order(ByteOrder.LITTLE_ENDIAN);
    b.put(header(0x40, 0x40)).putInt(block.length).put(block).putInt(0);
    return b.array();
  }

  /**
   * A frame with block descriptor {@code bd} (and independent blocks if bit 12 of it is set) holding {@code stored}
   * as a stored block, then {@code compressed} as a compressed one.
   */
  private static byte[] frameOf(int bd, byte[] stored, byte[] compressed) {
    int flg = (bd & 0x1000) != 0 ? 0x60 : 0x40;
    ByteBuffer b = ByteBuffer.allocate(7 + 4 + stored.length + 4 + compressed.length + 4).order(ByteOrder.LITTLE_ENDIAN);
    b.put(header(flg, bd & 0xFF)).putInt(stored.length | 0x80000000).put(stored)
        .putInt(compressed.length).put(compressed).putInt(0);
    return b.array();
  }

  private static byte[] header(int flg, int bd) {
    int hc = (XXHashFactory.fastestInstance().hash32().hash(new byte[] {(byte) flg, (byte) bd}, 0, 2, 0) >>> 8) & 0xFF;
    return new byte[] {0x04, 0x22, 0x4D, 0x18, (byte) flg, (byte) bd, (byte) hc};
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
