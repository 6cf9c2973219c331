package io.arrowfile.connector.write;

import io.arrowfile.spark.FileWriteBase;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.execution.datasources.v2.FileWrite;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Function1;
import io.arrowfile.spark.ScalaCollections;
import scala.runtime.AbstractFunction1;

/**
 * The DataSource V2 write of an {@code arrowfile} table ({@code ArrowTable.newWriteBuilder}), Spark's
 * {@link FileWrite} as {@code ParquetWrite} is for Parquet: Spark's file commit protocol and per-task data
 * writers around the same {@link ArrowWriteSupport#prepareWrite} (option checks on the driver) and
 * {@link ArrowOutputWriterFactory} as the V1 format, so both paths write the same files.
 *
 * <p>Spark routes {@code DataFrameWriter} and session-catalog writes of file sources to the V1 format
 * (SPARK-28396); this write is reached when a V2 catalog hands out the table itself, e.g.
 * {@code df.writeTo("cat.db.t").append()} or {@code CREATE TABLE cat.db.t USING arrowfile AS SELECT ...}.
 */
public final class ArrowWrite extends FileWriteBase {
  private final scala.collection.immutable.List<String> paths;
  private final String formatName;
  private final LogicalWriteInfo info;
  private final java.util.Map<String, String> tableOptions;

  /**
   * @param tableOptions the table's options (paths excluded), e.g. from {@code CREATE TABLE ... OPTIONS}; the
   *     write's own options ({@code info.options()}) take precedence over them, as for V1 catalog tables
   */
  public ArrowWrite(scala.collection.immutable.List<String> paths, String formatName, java.util.Map<String, String> tableOptions,
      LogicalWriteInfo info) {
    this.paths = paths;
    this.tableOptions = tableOptions;
    this.formatName = formatName;
    this.info = info;
    initTraits();
  }

  @Override
  public OutputWriterFactory prepareWrite(SQLConf sqlConf, Job job, scala.collection.immutable.Map<String, String> opts,
      StructType dataSchema) {
    return ArrowWriteSupport.prepareWrite(SparkSession.active(), job, ScalaCollections.toJava(opts), dataSchema);
  }

  @Override
  public scala.collection.immutable.List<String> paths() {
    return paths;
  }

  @Override
  public String formatName() {
    return formatName;
  }

  @Override
  public Function1<DataType, Object> supportsDataType() {
    return new AbstractFunction1<>() {
      @Override
      public Object apply(DataType type) {
        return ArrowWriteSupport.supportDataType(type);
      }
    };
  }

  @Override
  public LogicalWriteInfo info() {
    return info;
  }

  /** The write's own options over the table's. */
  @Override
  protected CaseInsensitiveStringMap writeOptions(CaseInsensitiveStringMap value) {
    java.util.Map<String, String> merged = new java.util.HashMap<>(value.asCaseSensitiveMap());
    tableOptions.forEach((k, v) -> {
      if (!value.containsKey(k)) { // case-insensitive
        merged.put(k, v);
      }
    });
    return new CaseInsensitiveStringMap(merged);
  }
}
