package io.arrowfile.connector.files;

import io.arrowfile.spark.Sessions;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.Function;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import io.arrowfile.spark.ScalaCollections;

/**
 * Opens Arrow IPC files (file format or stream format, told apart by the magic): {@code file:} paths with
 * positioned reads of their own ({@link LocalFile}), or mapped ({@link ReadMode#MAPPED}); others through Hadoop's
 * {@link FileSystem}.
 */
public final class ArrowFiles {
  /** Option (and system property) that makes local files go through Hadoop reads ({@link ReadMode#HADOOP}). */
  public static final String FORCE_HADOOP_READ = ArrowOptions.FORCE_HADOOP_READ;
  /** Option (and system property) that memory-maps local files ({@link ReadMode#MAPPED}). */
  public static final String MMAP = ArrowOptions.MMAP;

  private ArrowFiles() {}

  /** Files whose names start with {@code _} or {@code .}: never data (Spark still lists {@code _metadata}). */
  public static boolean isHidden(Path path) {
    String name = path.getName();
    return name.startsWith("_") || name.startsWith(".");
  }

  /** Whether {@code fs} is the local file system, whose files are read without Hadoop unless asked. */
  private static boolean local(FileSystem fs, ReadMode mode) {
    return mode != ReadMode.HADOOP && "file".equals(fs.getScheme());
  }

  /**
   * A reader of the file's record batches, each keeping its own memory. In the file format, read with positioned
   * reads, when {@code chooseColumns} (given the file's schema, the ascending indexes of the columns wanted) selects
   * fewer than all columns, only those columns' bytes are read, and the batches hold only them (the reader's
   * schema is the pruned one). Mapped files and streams are read whole.
   */
  public static BatchReader open(Configuration conf, Path path, ReadMode mode, ReadOptions options,
      Function<Schema, int[]> chooseColumns) throws IOException {
    ByteSource source = openSource(conf, path, mode, null);
    try {
      if (!ArrowFileReader.hasFileMagic(source)) {
        return openStream(source, options);
      }
      ArrowFileReader file = ArrowFileReader.open(source, options);
      if (source instanceof MappedFile) {
        return file; // our own mapping rather than BatchReaders.open's: closing the reader unmaps the file at once
      }
      List<Field> wanted = file.schema().fields();
      if (chooseColumns != null) {
        wanted = new ArrayList<>(java.util.Collections.nCopies(file.schema().fields().size(), (Field) null));
        for (int c : chooseColumns.apply(file.schema())) {
          wanted.set(c, file.schema().field(c));
        }
      }
      return new FileBatchReader(source, file, wanted, new BodyMemory(false));
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /**
   * The stream-format file in {@code source} (from {@link #openSource}; closed with the reader), read in order: from
   * the mapping, or sequentially through a buffer.
   */
  static BatchReader openStream(ByteSource source, ReadOptions options) throws IOException {
    if (source instanceof MappedFile mapped) {
      return ArrowStreamReader.open(mapped, options);
    }
    PositionedSource positioned = (PositionedSource) source;
    InputStream in = positioned instanceof LocalFile f ? f.stream() : ((HadoopByteSource) positioned).stream();
    return ArrowStreamReader.open(new BufferedInputStream(in, 1 << 16), positioned.name(), options);
  }

  private static java.nio.file.Path localPath(FileSystem fs, Path path) {
    return java.nio.file.Path.of(fs.makeQualified(path).toUri());
  }

  /**
   * The bytes of the file: a {@link MappedFile} in {@link ReadMode#MAPPED} (local files), else a
   * {@link PositionedSource} read on demand. Fails unless the file is the {@code planned} version (when not null).
   */
  public static ByteSource openSource(Configuration conf, Path path, ReadMode mode, FileVersion planned)
      throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    ByteSource source;
    long modified;
    if (local(fs, mode) && mode == ReadMode.MAPPED) {
      java.nio.file.Path file = localPath(fs, path);
      source = MappedFile.open(file);
      modified = java.nio.file.Files.getLastModifiedTime(file).toMillis();
    } else {
      PositionedSource positioned = local(fs, mode) ? LocalFile.open(localPath(fs, path))
          : HadoopByteSource.open(fs, path);
      source = positioned;
      modified = positioned.modificationTime();
    }
    try {
      if (planned != null) {
        planned.require(path.toString(), source.size(), modified);
      }
      return source;
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /**
   * What a task throws for {@code e}, raised opening {@code file}: a missing file as the
   * {@link java.io.FileNotFoundException} itself (rethrown past the compiler's checked-exception rule, through
   * Spark interfaces that declare none), because that is the exception Spark's file scans look for, to skip the
   * file under {@code ignoreMissingFiles} or else report it as missing; any other as an
   * {@link UncheckedIOException} naming the file.
   */
  /**
   * {@code e}, a file that breaks the format, named by its whole path and with what a Spark user can do: skip such
   * files, or see all that is wrong with this one.
   */
  public static ArrowFormatException corrupt(String file, ArrowFormatException e) {
    return corrupt(file, e, false);
  }

  /**
   * As {@link #corrupt(String, ArrowFormatException)}; with {@code skipped} (the read has
   * {@code ignoreCorruptFiles=true}, so Spark logs this exception as it skips the file) the advice is only where to
   * see what is wrong: advising to set the option that is set would contradict the warning it is logged with.
   */
  public static ArrowFormatException corrupt(String file, ArrowFormatException e, boolean skipped) {
    java.net.URI uri = new Path(file).toUri();
    String validate = uri.getScheme() == null || uri.getScheme().equals("file")
        ? "`bin/arrowfile validate " + uri.getPath() + "` lists what is wrong in this file"
        : "`bin/arrowfile validate` on a local copy of it lists what is wrong in this file";
    if (skipped) {
      return e.in(file).withAdvice("The file is skipped (ignoreCorruptFiles=true); " + validate);
    }
    return e.in(file).withAdvice("To skip files that cannot be read, set the read option ignoreCorruptFiles=true "
        + "(or spark.sql.files.ignoreCorruptFiles=true); " + validate);
  }

  public static RuntimeException failure(String file, IOException e) {
    if (e instanceof java.io.FileNotFoundException) {
      throw ArrowFiles.<RuntimeException>uncheckedThrow(e);
    }
    return new UncheckedIOException(file + ": " + e.getMessage(), e);
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E uncheckedThrow(Throwable e) throws E {
    throw (E) e;
  }

  /** The schema of the file (its footer, or a stream's first message); reads nothing else. */
  public static io.arrowfile.columnar.type.Schema readSchema(Configuration conf, Path path) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    try (ByteSource source = HadoopByteSource.open(fs, path)) {
      if (ArrowFileReader.hasFileMagic(source)) {
        return ArrowFileReader.open(source, ReadOptions.DEFAULT).schema();
      }
      return ArrowStreamReader.open(source, ReadOptions.DEFAULT).schema();
    }
  }

  /** The Hadoop configuration of a read: the session's, with the read options on top. */
  public static Configuration hadoopConf(SparkSession session, Map<String, String> options) {
    return Sessions.newHadoopConf(session, options);
  }


  /** Columnar output is possible for every schema we can map; Spark needs whole-stage codegen for it. */
  public static boolean batchesSupported(SQLConf conf, StructType schema) {
    return conf.wholeStageEnabled() && schema.fields().length <= conf.wholeStageMaxNumFields();
  }
}
