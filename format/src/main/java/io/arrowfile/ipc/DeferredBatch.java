package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A record batch decoded with some columns' decompression deferred: {@link #batch} as a reader sees it, and for each
 * of its columns the {@link DeferredColumn} to {@link DeferredColumn#load} before its values are read, or null when
 * the column was decoded whole.
 */
public final class DeferredBatch {
  private final RecordBatch batch;
  private final DeferredColumn[] deferred;

  DeferredBatch(RecordBatch batch, DeferredColumn[] deferred) {
    this.batch = Objects.requireNonNull(batch, "batch");
    this.deferred = deferred;
  }

  public RecordBatch batch() {
    return batch;
  }

  /** Column {@code k}'s pending decompression; null when the column is decoded. */
  public DeferredColumn deferred(int k) {
    Objects.checkIndex(k, batch.columns().size());
    return deferred[k];
  }

  /** Adds {@code describe} to how every deferred column describes a failed load ({@link DeferredColumn#describeFailures}). */
  public DeferredBatch describeFailures(UnaryOperator<ArrowFormatException> describe) {
    for (DeferredColumn d : deferred) {
      if (d != null) {
        d.describeFailures(describe);
      }
    }
    return this;
  }
}
