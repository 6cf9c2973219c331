package io.arrowfile.spark;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Function1;
import scala.Option;

/**
 * A {@link FileFormat} implemented from Java: the trait's members whose parameters name Scala's {@code Seq}
 * ({@code scala.collection.Seq} on Scala 2.12; the other Scala version's copy names its own), handed to the subclass as Java
 * lists and maps.
 */
public abstract class FileFormatBase implements FileFormat {
  /** {@link FileFormat#inferSchema}, with Java collections. */
  protected abstract Option<StructType> inferSchema(SparkSession session, Map<String, String> options,
      List<FileStatus> files);

  /** {@link FileFormat#buildReaderWithPartitionValues}, with Java collections. */
  protected abstract Function1<PartitionedFile, scala.collection.Iterator<InternalRow>> buildReader(
      SparkSession session, StructType dataSchema, StructType partitionSchema, StructType requiredSchema,
      List<Filter> filters, Map<String, String> options, Configuration hadoopConf);

  /** The fields of {@link #metadataSchemaFields()}, given Spark's default ones. */
  protected List<StructField> metadataSchemaFields(List<StructField> base) {
    return base;
  }

  @Override
  public final Option<StructType> inferSchema(SparkSession session,
      scala.collection.immutable.Map<String, String> options, scala.collection.Seq<FileStatus> files) {
    return inferSchema(session, ScalaCollections.toJava(options), ScalaCollections.toJava(files));
  }

  @Override
  public final Function1<PartitionedFile, scala.collection.Iterator<InternalRow>> buildReaderWithPartitionValues(
      SparkSession session, StructType dataSchema, StructType partitionSchema, StructType requiredSchema,
      scala.collection.Seq<Filter> filters, scala.collection.immutable.Map<String, String> options, Configuration hadoopConf) {
    return buildReader(session, dataSchema, partitionSchema, requiredSchema, ScalaCollections.toJava(filters),
        ScalaCollections.toJava(options), hadoopConf);
  }

  @Override
  public final scala.collection.immutable.List<StructField> metadataSchemaFields() {
    return ScalaCollections.toList(
        metadataSchemaFields(ScalaCollections.toJava(FileFormat.super.metadataSchemaFields())));
  }
}
