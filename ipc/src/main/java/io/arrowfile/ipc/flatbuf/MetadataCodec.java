package io.arrowfile.ipc.flatbuf;

import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import java.nio.ByteBuffer;

/**
 * Reads and writes the format's Flatbuffers metadata ({@code Message.fbs}, {@code Schema.fbs},
 * {@code File.fbs}) to and from the records of {@code io.arrowfile.ipc.metadata}. Reading treats the
 * bytes as untrusted: every offset, vector length and enum value is checked before use and any problem
 * is an {@link io.arrowfile.columnar.ArrowFormatException}.
 */
public final class MetadataCodec {
  private MetadataCodec() {}

  /** The {@code Message} in {@code flatbuffer} (position to limit; the buffer is not modified). */
  public static Message readMessage(ByteBuffer flatbuffer) {
    throw new UnsupportedOperationException("not written yet");
  }

  /** {@code message} as a Flatbuffer, positioned at its first byte. */
  public static ByteBuffer writeMessage(Message message) {
    throw new UnsupportedOperationException("not written yet");
  }

  public static Footer readFooter(ByteBuffer flatbuffer) {
    throw new UnsupportedOperationException("not written yet");
  }

  public static ByteBuffer writeFooter(Footer footer) {
    throw new UnsupportedOperationException("not written yet");
  }
}
