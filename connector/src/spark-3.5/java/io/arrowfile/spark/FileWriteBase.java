package io.arrowfile.spark;

import org.apache.spark.sql.execution.datasources.v2.FileWrite;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A {@link FileWrite} implemented from Java: holds the trait's vals ({@code schema}, {@code queryId},
 * {@code options}, all taken from {@link #info()}) and runs their initializer ({@link #initTraits}). Spark 3.5's copy:
 * there {@code options} is a private val of the trait (a mangled accessor and setter, as {@code schema} and
 * {@code queryId}), so {@link #options()} is this class's own, not an override.
 */
public abstract class FileWriteBase implements FileWrite {
  private StructType schema;
  private String queryId;
  private CaseInsensitiveStringMap options;

  /**
   * Runs the trait's initializer. Call it last in the subclass's constructor: it reads {@link #info()} and calls
   * {@link #writeOptions}, which the subclass's fields answer, and Java sets those only after this class's
   * constructor has returned.
   */
  protected final void initTraits() {
    FileWrite.$init$(this);
  }

  /**
   * The options the write runs with ({@link #options()}), given the write's own ({@code info().options()}); these
   * by default.
   */
  protected CaseInsensitiveStringMap writeOptions(CaseInsensitiveStringMap infoOptions) {
    return infoOptions;
  }

  public final CaseInsensitiveStringMap options() {
    return options;
  }

  @Override
  public final CaseInsensitiveStringMap org$apache$spark$sql$execution$datasources$v2$FileWrite$$options() {
    return options;
  }

  @Override
  public final StructType org$apache$spark$sql$execution$datasources$v2$FileWrite$$schema() {
    return schema;
  }

  @Override
  public final String org$apache$spark$sql$execution$datasources$v2$FileWrite$$queryId() {
    return queryId;
  }

  @Override
  public final void
      org$apache$spark$sql$execution$datasources$v2$FileWrite$_setter_$org$apache$spark$sql$execution$datasources$v2$FileWrite$$schema_$eq(
          StructType value) {
    this.schema = value;
  }

  @Override
  public final void
      org$apache$spark$sql$execution$datasources$v2$FileWrite$_setter_$org$apache$spark$sql$execution$datasources$v2$FileWrite$$queryId_$eq(
          String value) {
    this.queryId = value;
  }

  @Override
  public final void
      org$apache$spark$sql$execution$datasources$v2$FileWrite$_setter_$org$apache$spark$sql$execution$datasources$v2$FileWrite$$options_$eq(
          CaseInsensitiveStringMap value) {
    this.options = writeOptions(value);
  }
}
