package io.arrowfile.connector;

import io.arrowfile.connector.options.ArrowOptions;
import io.arrowfile.spark.FileDataSourceV2Base;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;

/**
 * The {@code arrowfile} data source, registered under that short name: path reads
 * ({@code spark.read.format("arrowfile").load(...)}) go through DataSource V2 ({@link ArrowTable}, a
 * {@code BatchScan}); writes, catalog tables and SQL on paths go to {@link ArrowFileFormat}, its fallback.
 */
public final class ArrowFileDataSource extends FileDataSourceV2Base {

  @Override
  public Class<? extends FileFormat> fallbackFileFormat() {
    return ArrowFileFormat.class;
  }

  @Override
  public String shortName() {
    return ArrowFileFormat.SHORT_NAME;
  }

  @Override
  public Table getTable(CaseInsensitiveStringMap options) {
    return table(options, Option.empty());
  }

  @Override
  public Table getTable(CaseInsensitiveStringMap options, StructType schema) {
    return table(options, Option.apply(schema));
  }

  private Table table(CaseInsensitiveStringMap options, Option<StructType> schema) {
    ArrowOptions.check(options.asCaseSensitiveMap());
    scala.collection.immutable.List<String> paths = getPaths(options).toList();
    String tableName = getTableName(options, paths);
    CaseInsensitiveStringMap optionsWithoutPaths = getOptionsWithoutPaths(options);
    return new ArrowTable(tableName, sparkSession(), optionsWithoutPaths, paths, schema);
  }
}
