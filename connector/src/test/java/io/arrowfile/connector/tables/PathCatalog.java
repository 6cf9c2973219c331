package io.arrowfile.connector.tables;

import io.arrowfile.connector.ArrowFileDataSource;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.io.FileUtils;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.analysis.TableAlreadyExistsException;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.execution.datasources.v2.FileDataSourceV2;
import org.apache.spark.sql.execution.datasources.v2.parquet.ParquetDataSourceV2;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A minimal DataSource V2 catalog of file tables, for tests: table {@code ns.t} is the directory
 * {@code <root>/t} read and written through the {@code FileTable} of its provider ({@code arrowfile} or
 * {@code parquet}, the {@code provider} property Spark sets from {@code USING}), with the table's {@code OPTIONS}. Unlike the session catalog,
 * which hands Spark's V1 relation for file sources, this catalog hands out the V2 table itself, so Spark writes
 * through {@code FileTable.newWriteBuilder}. Configure as {@code spark.sql.catalog.<name>} with option
 * {@code root}; the schema of a table created empty is remembered for the JVM.
 */
public final class PathCatalog implements TableCatalog {
  private static final Map<String, StructType> SCHEMAS = new ConcurrentHashMap<>();
  private static final Map<String, String> PROVIDERS = new ConcurrentHashMap<>();
  private static final Map<String, Map<String, String>> OPTIONS = new ConcurrentHashMap<>();
  private String name;
  private Path root;

  @Override
  public void initialize(String name, CaseInsensitiveStringMap options) {
    this.name = name;
    this.root = Path.of(options.get("root"));
  }

  @Override
  public String name() {
    return name;
  }

  private Path dir(Identifier ident) {
    return root.resolve(ident.name());
  }

  private String key(Identifier ident) {
    return dir(ident).toString();
  }

  @Override
  public Identifier[] listTables(String[] namespace) {
    File[] dirs = root.toFile().listFiles(File::isDirectory);
    if (dirs == null) {
      return new Identifier[0];
    }
    Identifier[] out = new Identifier[dirs.length];
    for (int i = 0; i < dirs.length; i++) {
      out[i] = Identifier.of(namespace, dirs[i].getName());
    }
    return out;
  }

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    if (!Files.isDirectory(dir(ident))) {
      throw new NoSuchTableException(ident);
    }
    Map<String, String> options = new HashMap<>(OPTIONS.getOrDefault(key(ident), Map.of()));
    options.put("path", dir(ident).toString());
    FileDataSourceV2 source = "parquet".equals(PROVIDERS.getOrDefault(key(ident), "arrowfile"))
        ? new ParquetDataSourceV2() : new ArrowFileDataSource();
    StructType schema = SCHEMAS.get(key(ident));
    CaseInsensitiveStringMap opts = new CaseInsensitiveStringMap(options);
    return schema == null ? source.getTable(opts) : source.getTable(opts, schema);
  }

  /** Spark 3.5's abstract form (Spark 4's default one throws): the columns form below, which both lines call. */
  @Override
  @SuppressWarnings("deprecation")
  public Table createTable(Identifier ident, StructType schema, Transform[] partitions,
      Map<String, String> properties) throws TableAlreadyExistsException {
    Column[] columns = new Column[schema.fields().length];
    for (int i = 0; i < columns.length; i++) {
      StructField f = schema.fields()[i];
      columns[i] = Column.create(f.name(), f.dataType(), f.nullable());
    }
    return createTable(ident, columns, partitions, properties);
  }

  // Deprecated in Spark 4.2 for createTable(Identifier, TableInfo), which the 4.0 and 3.5 lines this source also
  // builds against do not have: the one method every line calls.
  @SuppressWarnings("deprecation")
  @Override
  public Table createTable(Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException {
    if (Files.exists(dir(ident))) {
      throw new TableAlreadyExistsException(ident);
    }
    if (partitions.length > 0) {
      throw new UnsupportedOperationException("PathCatalog: no partitioned tables");
    }
    StructType schema = new StructType();
    for (Column c : columns) {
      schema = schema.add(new StructField(c.name(), c.dataType(), c.nullable(),
          org.apache.spark.sql.types.Metadata.empty()));
    }
    try {
      Files.createDirectories(dir(ident));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    SCHEMAS.put(key(ident), schema);
    PROVIDERS.put(key(ident), properties.getOrDefault(TableCatalog.PROP_PROVIDER, "arrowfile"));
    Map<String, String> options = new HashMap<>(); // CREATE TABLE ... OPTIONS (k v) arrive as option.k
    properties.forEach((k, v) -> {
      if (k.startsWith(TableCatalog.OPTION_PREFIX)) {
        options.put(k.substring(TableCatalog.OPTION_PREFIX.length()), v);
      }
    });
    OPTIONS.put(key(ident), options);
    try {
      return loadTable(ident);
    } catch (NoSuchTableException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public Table alterTable(Identifier ident, TableChange... changes) {
    throw new UnsupportedOperationException("PathCatalog: no ALTER TABLE");
  }

  @Override
  public boolean dropTable(Identifier ident) {
    SCHEMAS.remove(key(ident));
    PROVIDERS.remove(key(ident));
    OPTIONS.remove(key(ident));
    try {
      if (!Files.exists(dir(ident))) {
        return false;
      }
      FileUtils.deleteDirectory(dir(ident).toFile());
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void renameTable(Identifier from, Identifier to) {
    throw new UnsupportedOperationException("PathCatalog: no RENAME");
  }
}
