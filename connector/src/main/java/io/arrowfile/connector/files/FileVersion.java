package io.arrowfile.connector.files;

import java.io.IOException;
import org.apache.spark.sql.execution.datasources.PartitionedFile;

/**
 * The version of a file a query was planned with: its length and modification time, as Spark listed them
 * ({@code PartitionedFile.fileSize}, {@code modificationTime}). A split reads the file only if it still is that
 * version: a file replaced, rewritten, grown or truncated after planning fails the task with a message naming
 * it, never mixing the planned splits with the new contents.
 */
public record FileVersion(long size, long modificationTime) {
  /** The planned version of {@code file}, or null where Spark did not record one. */
  public static FileVersion of(PartitionedFile file) {
    return file.fileSize() > 0 && file.modificationTime() > 0
        ? new FileVersion(file.fileSize(), file.modificationTime()) : null;
  }

  /** Fails unless the file at {@code path} now has this length and modification time. */
  void require(String path, long size, long modificationTime) throws IOException {
    if (size != this.size || modificationTime != this.modificationTime) {
      throw new IOException(path + " changed after the query was planned: planned " + this.size + " bytes modified at "
          + java.time.Instant.ofEpochMilli(this.modificationTime) + ", now " + size + " bytes modified at "
          + java.time.Instant.ofEpochMilli(modificationTime) + "; run the query again to read the new version");
    }
  }
}
