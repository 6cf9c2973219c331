package io.arrowfile.spark;

import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.execution.datasources.v2.FileDataSourceV2;

/**
 * A {@link FileDataSourceV2} implemented from Java: holds the trait's private {@code var t} (the table Spark caches
 * between its {@code inferSchema} and {@code getTable} calls) and runs the trait's initializer.
 */
public abstract class FileDataSourceV2Base implements FileDataSourceV2 {
  private Table t;

  protected FileDataSourceV2Base() {
    // Reads nothing of the subclass (it only clears t), so it can run before the subclass's fields are set.
    FileDataSourceV2.$init$(this);
  }

  @Override
  public final Table org$apache$spark$sql$execution$datasources$v2$FileDataSourceV2$$t() {
    return t;
  }

  @Override
  public final void org$apache$spark$sql$execution$datasources$v2$FileDataSourceV2$$t_$eq(Table table) {
    this.t = table;
  }
}
