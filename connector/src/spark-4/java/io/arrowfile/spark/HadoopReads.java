package io.arrowfile.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * Hadoop's vectored reads (Hadoop 3.3.5+, so the Spark 4 lines; Spark 3.5's Hadoop 3.3.4 has none and its copy says
 * so).
 */
public final class HadoopReads {
  private HadoopReads() {}

  /**
   * Whether {@code in} reads a list of ranges itself. The stream's own vectored read is looked at too, because the
   * capability that should say so ({@code in:readvectored}) is not reported by S3A's streams (Hadoop 3.4 and 3.5,
   * classic and analytics), which fetch ranges with parallel ranged GETs.
   */
  public static boolean vectored(FSDataInputStream in) {
    return in.hasCapability(StreamCapabilities.VECTOREDIO) || hasOwnVectoredRead(in.getWrappedStream());
  }

  static boolean hasOwnVectoredRead(java.io.InputStream stream) {
    try {
      return stream.getClass().getMethod("readVectored", List.class, java.util.function.IntFunction.class)
          .getDeclaringClass() != PositionedReadable.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** Starts one vectored read of {@code ranges} ({@code {start, length}}, checked by the caller): their bytes, in order. */
  public static List<CompletableFuture<ByteBuffer>> readVectored(FSDataInputStream in, List<long[]> ranges)
      throws IOException {
    List<FileRange> fileRanges = new ArrayList<>(ranges.size());
    for (long[] r : ranges) {
      fileRanges.add(FileRange.createFileRange(r[0], (int) r[1]));
    }
    in.readVectored(fileRanges, ByteBuffer::allocate);
    List<CompletableFuture<ByteBuffer>> out = new ArrayList<>(ranges.size());
    for (FileRange r : fileRanges) {
      out.add(r.getData());
    }
    return out;
  }
}
