package io.arrowfile.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * Hadoop's vectored reads: Spark 3.5's copy. Its Hadoop (3.3.4) has none ({@code FileRange} and
 * {@code readVectored} came in 3.3.5), so no stream is vectored and the reader coalesces its ranges into positioned
 * reads; {@link #readVectored} still answers, one positioned read per range, for a caller that asks anyway.
 */
public final class HadoopReads {
  private HadoopReads() {}

  public static boolean vectored(FSDataInputStream in) {
    return false;
  }

  public static List<CompletableFuture<ByteBuffer>> readVectored(FSDataInputStream in, List<long[]> ranges)
      throws IOException {
    List<CompletableFuture<ByteBuffer>> out = new ArrayList<>(ranges.size());
    for (long[] r : ranges) {
      byte[] bytes = new byte[(int) r[1]];
      in.readFully(r[0], bytes, 0, bytes.length);
      out.add(CompletableFuture.completedFuture(ByteBuffer.wrap(bytes)));
    }
    return out;
  }
}
