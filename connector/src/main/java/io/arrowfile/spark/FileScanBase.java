package io.arrowfile.spark;

import org.apache.spark.internal.Logging;
import org.apache.spark.sql.execution.datasources.v2.FileScan;

/**
 * A {@link FileScan} implemented from Java: holds the trait's vals ({@code maxMetadataValueLength},
 * {@code isCaseSensitive}) and {@code Logging}'s logger, runs their initializers ({@link #initTraits}), and forwards
 * {@code equals} and {@code hashCode} to the trait's, which {@code Object}'s would otherwise replace.
 */
public abstract class FileScanBase implements FileScan {
  private int maxMetadataValueLength;
  private boolean caseSensitive;
  private transient org.slf4j.Logger log;

  /**
   * Runs the traits' initializers. Call it last in the subclass's constructor: they read the session's conf
   * through {@link #sparkSession()}, which the subclass's fields answer, and Java sets those only after this
   * class's constructor has returned.
   */
  protected final void initTraits() {
    Logging.$init$(this);
    FileScan.$init$(this);
  }

  /** The trait's (file index, read schema, normalized filters), which Spark's plan reuse relies on. */
  @Override
  public boolean equals(Object o) {
    return FileScan.super.equals(o);
  }

  @Override
  public int hashCode() {
    return FileScan.super.hashCode();
  }

  @Override
  public final int maxMetadataValueLength() {
    return maxMetadataValueLength;
  }

  @Override
  public final void org$apache$spark$sql$execution$datasources$v2$FileScan$_setter_$maxMetadataValueLength_$eq(
      int v) {
    this.maxMetadataValueLength = v;
  }

  @Override
  public final boolean org$apache$spark$sql$execution$datasources$v2$FileScan$$isCaseSensitive() {
    return caseSensitive;
  }

  @Override
  public final void
      org$apache$spark$sql$execution$datasources$v2$FileScan$_setter_$org$apache$spark$sql$execution$datasources$v2$FileScan$$isCaseSensitive_$eq(
          boolean v) {
    this.caseSensitive = v;
  }

  @Override
  public final org.slf4j.Logger org$apache$spark$internal$Logging$$log_() {
    return log;
  }

  @Override
  public final void org$apache$spark$internal$Logging$$log__$eq(org.slf4j.Logger logger) {
    this.log = logger;
  }
}
