package io.arrowfile.connector.files;

import io.arrowfile.connector.options.ArrowReadOptions;

/**
 * How a scan gets at a file's bytes.
 *
 * <p>{@link #POSITIONED}, the default, reads local files with positioned reads ({@code pread}) of the wanted
 * columns' byte ranges into memory the reader owns ({@link LocalFile}), and other file systems through Hadoop.
 * {@link #MAPPED} memory-maps local files instead: no copy, but a file truncated while a task reads it makes the
 * next load from a vanished page raise {@code SIGBUS}, which the JVM reports as an {@link InternalError}, a
 * {@link VirtualMachineError} that Spark treats as fatal to the executor. A read error, by contrast, fails only
 * the task. So mapping is an opt-in for files known not to change while they are read. {@link #HADOOP} sends
 * local files through Hadoop's {@code FileSystem} too (tests, and file systems registered under {@code file:}).
 */
public enum ReadMode {
  POSITIONED,
  MAPPED,
  HADOOP;

  /** The mode the read options (or the JVM system properties of the same names) ask for. */
  public static ReadMode of(ArrowReadOptions options) {
    if (options.forceHadoopRead()) {
      return HADOOP;
    }
    return options.mmap() ? MAPPED : POSITIONED;
  }
}
