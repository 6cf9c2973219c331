package io.arrowfile.ipc.flatbuf;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Reads and writes the format's Flatbuffers metadata ({@code Message.fbs}, {@code Schema.fbs},
 * {@code File.fbs}) to and from the records of {@code io.arrowfile.ipc.metadata}. Reading treats the
 * bytes as untrusted: every offset, vector length and enum value is checked before use and any problem
 * is an {@link io.arrowfile.columnar.ArrowFormatException}.
 *
 * <p>Reading also rejects metadata that later code could not index safely: fields nested more than
 * {@value MetadataDecoder#MAX_FIELD_DEPTH} levels deep, nested types with the wrong number of children
 * (list-like types need 1, run-end encoded 2, a union as many as its type ids), negative lengths, counts
 * and offsets, unknown enum values, union types and features, and Tensor / SparseTensor messages.
 */
public final class MetadataFlatbuffers {
  private MetadataFlatbuffers() {}

  /** The {@code Message} in {@code flatbuffer} (position to limit; the buffer is not modified). */
  public static Message readMessage(ByteBuffer flatbuffer) {
    Objects.requireNonNull(flatbuffer, "flatbuffer");
    try {
      return new MetadataDecoder(new FlatBufferReader(flatbuffer, "Message")).message();
    } catch (IndexOutOfBoundsException | BufferUnderflowException | IllegalArgumentException e) {
      // Not expected: every access is checked first. A last line of defence for untrusted input.
      throw new ArrowFormatException("Message flatbuffer is corrupt: " + e, e);
    }
  }

  /** {@code message} as a Flatbuffer, positioned at its first byte. */
  public static ByteBuffer writeMessage(Message message) {
    return MetadataEncoder.message(message);
  }

  /** The {@code Footer} in {@code flatbuffer} (position to limit; the buffer is not modified). */
  public static Footer readFooter(ByteBuffer flatbuffer) {
    Objects.requireNonNull(flatbuffer, "flatbuffer");
    try {
      return new MetadataDecoder(new FlatBufferReader(flatbuffer, "Footer")).footer();
    } catch (IndexOutOfBoundsException | BufferUnderflowException | IllegalArgumentException e) {
      throw new ArrowFormatException("Footer flatbuffer is corrupt: " + e, e);
    }
  }

  /** {@code footer} as a Flatbuffer, positioned at its first byte. */
  public static ByteBuffer writeFooter(Footer footer) {
    return MetadataEncoder.footer(footer);
  }
}
