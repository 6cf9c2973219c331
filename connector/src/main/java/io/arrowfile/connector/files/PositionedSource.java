package io.arrowfile.connector.files;

import io.arrowfile.ipc.ByteSource;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Bytes of a file read on demand into memory the caller gives: a local file or a Hadoop file. */
interface PositionedSource extends ByteSource {
  /** Reads {@code into.remaining()} bytes from {@code position} of the file into {@code into}, advancing it. */
  void readFully(long position, ByteBuffer into) throws IOException;

  /** The file's modification time when it was opened (milliseconds since the epoch). */
  long modificationTime();

  /** Fails if the file is no longer the version opened, where the source can tell; else does nothing. */
  default void requireUnchanged() throws IOException {}
}
