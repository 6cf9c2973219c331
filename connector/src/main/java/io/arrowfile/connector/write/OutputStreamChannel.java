package io.arrowfile.connector.write;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.WritableByteChannel;

/**
 * A {@link WritableByteChannel} over an {@link OutputStream} (a Hadoop {@code FSDataOutputStream}): heap
 * buffers are written straight from their arrays, direct ones through a small reusable array. Sequential
 * only (the IPC file writer never seeks). {@link #close()} closes the stream.
 */
final class OutputStreamChannel implements WritableByteChannel {
  private final OutputStream out;
  private byte[] scratch;
  private boolean open = true;
  private long written;

  OutputStreamChannel(OutputStream out) {
    this.out = out;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    if (!open) {
      throw new ClosedChannelException();
    }
    int n = src.remaining();
    if (src.hasArray()) {
      out.write(src.array(), src.arrayOffset() + src.position(), n);
      src.position(src.limit());
    } else {
      if (scratch == null) {
        scratch = new byte[64 * 1024];
      }
      while (src.hasRemaining()) {
        int chunk = Math.min(src.remaining(), scratch.length);
        src.get(scratch, 0, chunk);
        out.write(scratch, 0, chunk);
      }
    }
    written += n;
    return n;
  }

  /** Bytes written so far. */
  long written() {
    return written;
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() throws IOException {
    if (open) {
      open = false;
      out.close();
    }
  }
}
