package io.arrowfile.connector.write;

import io.arrowfile.connector.options.ArrowWriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Creates one {@link ArrowOutputWriter} per output file on the executors. Serializable: it carries only the
 * validated options and the session time zone (Arrow schemas are built on the executor, from the data schema
 * Spark passes to {@link #newInstance}).
 */
public final class ArrowOutputWriterFactory extends OutputWriterFactory {
  private static final long serialVersionUID = 1L;

  private final ArrowWriteOptions options;
  private final String sessionTimeZone;

  public ArrowOutputWriterFactory(ArrowWriteOptions options, String sessionTimeZone) {
    this.options = options;
    this.sessionTimeZone = sessionTimeZone;
  }

  public ArrowWriteOptions options() {
    return options;
  }

  public String sessionTimeZone() {
    return sessionTimeZone;
  }

  /**
   * The extension of written files: {@code .arrow} (file format) or {@code .arrows} (stream), or the one the
   * option {@code fileExtension} asks for; the same whatever the compression, which is inside the format.
   */
  @Override
  public String getFileExtension(TaskAttemptContext context) {
    return options.fileExtension();
  }

  @Override
  public OutputWriter newInstance(String path, StructType dataSchema, TaskAttemptContext context) {
    try {
      ArrowOutputWriter file = ArrowOutputWriter.create(path, dataSchema, context.getConfiguration(), options,
          sessionTimeZone);
      return options.sortWithinFiles().isEmpty() ? file
          : SortingOutputWriter.wrap(file, options.sortWithinFiles(), dataSchema);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create arrowfile output " + path + ": " + e.getMessage(), e);
    }
  }
}
