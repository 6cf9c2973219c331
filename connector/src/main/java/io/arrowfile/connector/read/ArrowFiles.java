package io.arrowfile.connector.read;

import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Opens Arrow IPC files (file format or stream format, told apart by the magic) through Hadoop's
 * {@link FileSystem}: {@code file:} paths are memory-mapped, others read with positioned reads.
 */
public final class ArrowFiles {
  /** Option (and system property) that makes local files go through Hadoop reads instead of mmap. */
  public static final String FORCE_HADOOP_READ = ArrowOptions.FORCE_HADOOP_READ;

  private ArrowFiles() {}

  /** Files whose names start with {@code _} or {@code .}: never data (Spark still lists {@code _metadata}). */
  public static boolean isHidden(Path path) {
    String name = path.getName();
    return name.startsWith("_") || name.startsWith(".");
  }

  /**
   * Whether Spark may split {@code path} (along record batches: a split reads the batches whose block starts
   * inside it). Only the file format can be split; a stream cannot, but the format is known only from the
   * file's first bytes, and Spark asks this on the driver for every file of every scan, where a read per file
   * (an open and a round trip each, on HDFS or object stores) would cost more than it saves. So the name
   * decides: {@code .arrows}, the extension Arrow registers for its stream format, is not split; anything
   * else is, and a stream that has another name is still read correctly: whole, by the split that starts at
   * offset 0, the other splits of it returning nothing ({@link ArrowBatchIterator}); they only cost a task.
   */
  public static boolean splittable(Path path) {
    return !path.getName().toLowerCase(java.util.Locale.ROOT).endsWith(".arrows");
  }

  /** Whether {@code path} on {@code fs} is read by mapping it. */
  static boolean canMap(FileSystem fs, boolean forceHadoopRead) {
    return !forceHadoopRead && !Boolean.getBoolean(FORCE_HADOOP_READ) && "file".equals(fs.getScheme());
  }

  /** A reader of every record batch of the file, in order. */
  public static BatchReader open(Configuration conf, Path path, boolean forceHadoopRead, ReadOptions options)
      throws IOException {
    return open(conf, path, forceHadoopRead, options, null);
  }

  /**
   * A reader of the file's record batches. When the file is read through Hadoop (not mapped), is in the file
   * format, and {@code chooseColumns} (given the file's schema, the ascending indexes of the columns wanted)
   * selects fewer than all columns, only those columns' bytes are read, and the batches hold only them
   * (the reader's schema is the pruned one). Mapped files and streams are read whole.
   */
  public static BatchReader open(Configuration conf, Path path, boolean forceHadoopRead, ReadOptions options,
      java.util.function.Function<io.arrowfile.columnar.type.Schema, int[]> chooseColumns) throws IOException {
    return open(conf, path, forceHadoopRead, options, chooseColumns, null);
  }

  /** As above, failing unless the file is the {@code planned} version (when not null). */
  public static BatchReader open(Configuration conf, Path path, boolean forceHadoopRead, ReadOptions options,
      java.util.function.Function<io.arrowfile.columnar.type.Schema, int[]> chooseColumns, FileVersion planned)
      throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    if (canMap(fs, forceHadoopRead)) {
      // Our own mapping rather than BatchReader.open's: closing the reader unmaps the file at once (MappedFile).
      java.nio.file.Path local = java.nio.file.Path.of(fs.makeQualified(path).toUri());
      MappedFile mapped = MappedFile.open(local);
      try {
        if (planned != null) {
          planned.require(path.toString(), mapped.size(), java.nio.file.Files.getLastModifiedTime(local).toMillis());
        }
        if (ArrowFileReader.hasFileMagic(mapped)) {
          return ArrowFileReader.open(mapped, options);
        }
        return ArrowStreamReader.open(mapped, options);
      } catch (IOException | RuntimeException e) {
        mapped.close();
        throw e;
      }
    }
    HadoopByteSource source = HadoopByteSource.open(fs, path);
    try {
      if (planned != null) {
        planned.require(path.toString(), source.size(), source.modificationTime());
      }
      if (ArrowFileReader.hasFileMagic(source)) {
        ArrowFileReader file = ArrowFileReader.open(source, options);
        int[] columns = chooseColumns == null ? null : chooseColumns.apply(file.schema());
        if (columns != null && columns.length < file.schema().fields().size()) {
          return new ColumnPrunedFileReader(source, file, columns, options);
        }
        return file;
      }
      // The stream format is read sequentially, through a buffer.
      return ArrowStreamReader.open(new BufferedInputStream(source.stream(), 1 << 16), source.name(), options);
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /** The bytes of the file: mapped when local (and not forced through Hadoop), else positioned Hadoop reads. */
  public static ByteSource openSource(Configuration conf, Path path, boolean forceHadoopRead) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    if (canMap(fs, forceHadoopRead)) {
      return MappedFile.open(java.nio.file.Path.of(fs.makeQualified(path).toUri()));
    }
    return HadoopByteSource.open(fs, path);
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
    return ((org.apache.spark.sql.classic.SparkSession) session).sessionState()
        .newHadoopConfWithOptions(CollectionConverters.asScala(options).toMap(scala.$less$colon$less$.MODULE$.refl()));
  }

  /** Whether the read options ask for Hadoop range reads of local files instead of mapping them. */
  public static boolean forceHadoopRead(Map<String, String> options) {
    return ArrowOptions.bool(options, FORCE_HADOOP_READ, false);
  }

  /** Columnar output is possible for every schema we can map; Spark needs whole-stage codegen for it. */
  public static boolean batchesSupported(SQLConf conf, StructType schema) {
    return conf.wholeStageEnabled() && schema.fields().length <= conf.wholeStageMaxNumFields();
  }
}
