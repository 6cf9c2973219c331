package io.arrowfile.connector;

import io.arrowfile.connector.files.ArrowFiles;
import io.arrowfile.connector.options.ArrowReadOptions;
import io.arrowfile.connector.read.ArrowScanBuilder;
import io.arrowfile.connector.read.ArrowSchemaInference;
import io.arrowfile.connector.read.FileMetadataColumn;
import io.arrowfile.connector.write.ArrowWrite;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.v2.FileTable;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;
import io.arrowfile.spark.FileTableBase;
import io.arrowfile.spark.ScalaCollections;

/**
 * A set of Arrow files read and written through DataSource V2, with Spark's hidden {@code _metadata} column
 * ({@link FileMetadataColumn}). Writes reach {@link #newWriteBuilder} only when a V2 catalog hands out this
 * table; {@code DataFrameWriter} and session-catalog writes go to the V1 {@link ArrowFileFormat} (see
 * {@link ArrowWrite}).
 */
public final class ArrowTable extends FileTableBase implements SupportsMetadataColumns {
  private final String name;
  private final SparkSession session;
  private final CaseInsensitiveStringMap options;
  private final scala.collection.immutable.List<String> paths;

  public ArrowTable(String name, SparkSession session, CaseInsensitiveStringMap options,
      scala.collection.immutable.List<String> paths,
      Option<StructType> userSpecifiedSchema) {
    super(session, options, paths, userSpecifiedSchema);
    this.name = name;
    this.session = session;
    this.options = options;
    this.paths = paths;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String formatName() {
    return "ArrowFile";
  }

  @Override
  public Class<? extends FileFormat> fallbackFileFormat() {
    return ArrowFileFormat.class;
  }

  @Override
  protected Option<StructType> inferSchema(java.util.List<FileStatus> files) {
    java.util.Map<String, String> opts = options.asCaseSensitiveMap();
    ArrowReadOptions read = ArrowReadOptions.parse(opts, session.sessionState().conf());
    StructType schema = ArrowSchemaInference.infer(ArrowFiles.hadoopConf(session, opts), files, read);
    if (schema == null) {
      throw ArrowSchemaInference.noSchema(files, paths.mkString(", "));
    }
    return Option.apply(schema);
  }

  /**
   * {@code _metadata}, as Parquet offers it. A file column of that name wins: Spark then hides the metadata
   * column (the relation's {@code metadataOutput} drops those that conflict with a column), as for Parquet.
   */
  @Override
  public MetadataColumn[] metadataColumns() {
    return new MetadataColumn[] {FileMetadataColumn.INSTANCE};
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    return new ArrowScanBuilder(session, fileIndex(), dataSchema(), withTableOptions(scanOptions));
  }

  /**
   * The table's options overlaid by the scan's, as Spark 4's {@code FileTable.mergedOptions} does: written here
   * because Spark 3.5's {@code FileTable} has no such method.
   */
  private CaseInsensitiveStringMap withTableOptions(CaseInsensitiveStringMap scanOptions) {
    java.util.Map<String, String> merged = new java.util.HashMap<>(options.asCaseSensitiveMap());
    merged.putAll(scanOptions.asCaseSensitiveMap());
    return new CaseInsensitiveStringMap(merged);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new WriteBuilder() {
      @Override
      public Write build() {
        return new ArrowWrite(paths, formatName(), options.asCaseSensitiveMap(), info);
      }
    };
  }
}
