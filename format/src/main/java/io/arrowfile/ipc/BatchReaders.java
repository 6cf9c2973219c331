package io.arrowfile.ipc;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Opens an IPC file or stream as a {@link BatchReader}, deciding by its first bytes: the one class that knows both
 * readers, above them (the interface knows neither).
 */
public final class BatchReaders {
  private BatchReaders() {}

  /** The file or stream at {@code path}: a file when it starts with the file magic {@code ARROW1}. */
  public static BatchReader open(Path path, ReadOptions options) throws IOException {
    ByteSource source = ByteSource.map(path);
    try {
      if (ArrowFileReader.hasFileMagic(source)) {
        return ArrowFileReader.open(source, options);
      }
      return ArrowStreamReader.open(source, options);
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }
}
