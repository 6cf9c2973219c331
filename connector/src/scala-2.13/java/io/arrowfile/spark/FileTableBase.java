package io.arrowfile.spark;

import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.FileTable;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;

/**
 * A {@link FileTable} implemented from Java: its schema inference, whose parameter names Scala's {@code Seq}
 * ({@code scala.collection.immutable.Seq} on Scala 2.13; the other Scala version's copy names its own), handed to the subclass as a Java list.
 */
public abstract class FileTableBase extends FileTable {
  protected FileTableBase(SparkSession session, CaseInsensitiveStringMap options,
      scala.collection.immutable.List<String> paths, Option<StructType> userSpecifiedSchema) {
    super(session, options, paths, userSpecifiedSchema);
  }

  /** {@link FileTable#inferSchema}, with a Java list. */
  protected abstract Option<StructType> inferSchema(List<FileStatus> files);

  @Override
  public final Option<StructType> inferSchema(scala.collection.immutable.Seq<FileStatus> files) {
    return inferSchema(ScalaCollections.toJava(files));
  }
}
