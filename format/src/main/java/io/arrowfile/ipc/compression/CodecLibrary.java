package io.arrowfile.ipc.compression;

import io.arrowfile.ipc.metadata.CompressionCodec;

/**
 * The jar each codec needs, for the error when it is missing. The format module depends on zstd-jni and lz4-java,
 * but a program run with the module's jar alone has neither, and the JVM then fails deep in a write with a bare
 * {@code NoClassDefFoundError: com/github/luben/zstd/ZstdCompressCtx}. Uncompressed files need neither jar, and
 * reading LZ4_FRAME needs none (our own decoder).
 */
final class CodecLibrary {
  private CodecLibrary() {}

  /** The error for {@code codec}'s library missing from the class path, when {@code what} was tried. */
  static IllegalStateException missing(CompressionCodec codec, String what, LinkageError e) {
    String jar = codec == CompressionCodec.ZSTD
        ? "zstd-jni (Maven: com.github.luben:zstd-jni, 1.5.7-7)"
        : "lz4-java (Maven: at.yawk.lz4:lz4-java, 1.11.0)";
    String instead = what.startsWith("writing")
        ? ", or write uncompressed (WriteOptions.DEFAULT, or withCompression(null)), which needs no codec jar"
        : "";
    return new IllegalStateException(what + " needs " + jar + " on the class path, and it is not there (" + e
        + "): add the jar" + instead + "; see docs/library.md", e);
  }
}
