package io.arrowfile.connector.write;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.RowOrdering;
import org.apache.spark.sql.catalyst.expressions.SortOrder;
import org.apache.spark.sql.catalyst.expressions.SortPrefix;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.SortPrefixUtils;
import org.apache.spark.sql.execution.UnsafeExternalRowSorter;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import scala.collection.Iterator;
import io.arrowfile.spark.ScalaCollections;

/**
 * The output writer of {@code sortWithinFiles}: the rows Spark hands to one file go into Spark's external row
 * sorter ({@link UnsafeExternalRowSorter}, as {@code SortExec} uses it: pages from the task's memory manager,
 * spilled to disk when memory runs short), and on {@link #close()} they come out sorted into the
 * {@link ArrowOutputWriter} of that file, which cuts them into record batches as usual. Memory stays bounded
 * whatever the file's size; the sorted batches get narrow min/max statistics.
 *
 * <p>Spark opens one writer per output file and closes it when the file is complete (end of the task's rows,
 * {@code maxRecordsPerFile} reached, next partition or bucket), so each file is sorted on its own. Spark also
 * closes the writer when the task fails: then the sort is skipped, the buffered rows are freed and the file is
 * closed as it is (the commit protocol discards it).
 */
final class SortingOutputWriter extends OutputWriter {
  private final ArrowOutputWriter file;
  private final UnsafeExternalRowSorter sorter;
  /** Turns a row that is not an {@link UnsafeRow} into one (the sorter stores rows as bytes); null until needed. */
  private UnsafeProjection toUnsafe;
  private final StructType dataSchema;
  private boolean closed;

  private SortingOutputWriter(ArrowOutputWriter file, UnsafeExternalRowSorter sorter, StructType dataSchema) {
    this.file = file;
    this.sorter = sorter;
    this.dataSchema = dataSchema;
  }

  /** Sorts the rows written to {@code file} by {@code columns} (resolved names of {@code dataSchema}). */
  static SortingOutputWriter wrap(ArrowOutputWriter file, List<String> columns, StructType dataSchema) {
    List<SortOrder> order = SortWithinFiles.sortOrder(columns, dataSchema);
    SortOrder first = order.get(0);
    // The prefix (a long per row, compared before the full rows) of the first column, as SortExec does it.
    SortPrefix prefixExpr = new SortPrefix(first);
    UnsafeProjection prefixProjection = UnsafeProjection.create(
        ScalaCollections.toList(List.<Expression>of(prefixExpr)));
    long nullPrefix = prefixExpr.nullValue();
    UnsafeExternalRowSorter.PrefixComputer prefixComputer = new UnsafeExternalRowSorter.PrefixComputer() {
      private final Prefix result = new Prefix();

      @Override
      public Prefix computePrefix(InternalRow row) {
        UnsafeRow prefix = prefixProjection.apply(row);
        result.isNull = prefix.isNullAt(0);
        result.value = result.isNull ? nullPrefix : prefix.getLong(0);
        return result;
      }
    };
    try {
      UnsafeExternalRowSorter sorter = UnsafeExternalRowSorter.create(dataSchema,
          RowOrdering.create(ScalaCollections.toList(order), ScalaCollections.toList(
              List.<org.apache.spark.sql.catalyst.expressions.Attribute>of())),
          SortPrefixUtils.getPrefixComparator(first), prefixComputer,
          SparkEnv.get().memoryManager().pageSizeBytes(), canUseRadixSort(order));
      return new SortingOutputWriter(file, sorter, dataSchema);
    } catch (IOException e) {
      UncheckedIOException failure =
          new UncheckedIOException("cannot set up the sort of " + file.path() + ": " + e.getMessage(), e);
      closeAfter(file, failure);
      throw failure;
    } catch (RuntimeException | Error e) {
      closeAfter(file, e);
      throw e;
    }
  }

  /**
   * Radix sort on the prefix when it orders the rows completely (one column of a type whose prefix is its whole
   * value), and {@code spark.sql.sort.enableRadixSort} allows it: SortExec's rule.
   */
  private static boolean canUseRadixSort(List<SortOrder> order) {
    return order.size() == 1 && SQLConf.get().enableRadixSort()
        && SortPrefixUtils.canSortFullyWithPrefix(order.get(0));
  }

  private static void closeAfter(ArrowOutputWriter file, Throwable failure) {
    try {
      file.close();
    } catch (RuntimeException suppressed) {
      failure.addSuppressed(suppressed);
    }
  }

  @Override
  public void write(InternalRow row) {
    UnsafeRow unsafe;
    if (row instanceof UnsafeRow u) {
      unsafe = u;
    } else {
      if (toUnsafe == null) {
        toUnsafe = UnsafeProjection.create(dataSchema);
      }
      unsafe = toUnsafe.apply(row);
    }
    try {
      sorter.insertRow(unsafe);
    } catch (IOException e) {
      throw new UncheckedIOException("sorting the rows of " + file.path() + " (spilling to local disk): "
          + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    Throwable failure = null;
    try {
      if (!taskFailed()) {
        Iterator<InternalRow> sorted = sorter.sort();
        while (sorted.hasNext()) {
          file.write(sorted.next());
        }
      }
    } catch (IOException e) {
      failure = new UncheckedIOException("sorting the rows of " + file.path() + " (reading spills back): "
          + e.getMessage(), e);
    } catch (RuntimeException | Error e) {
      failure = e;
    }
    // whatever happened: free the pages and spill files, then close the file (the first failure is reported)
    try {
      sorter.cleanupResources();
    } catch (RuntimeException | Error e) {
      failure = addTo(failure, e);
    }
    try {
      file.close();
    } catch (RuntimeException | Error e) {
      failure = addTo(failure, e);
    }
    if (failure instanceof RuntimeException r) {
      throw r;
    } else if (failure instanceof Error err) {
      throw err;
    }
  }

  private static Throwable addTo(Throwable first, Throwable next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }

  /** Whether Spark closes this writer because the task failed (sorting and writing the rows would be wasted). */
  private static boolean taskFailed() {
    TaskContext context = TaskContext.get();
    return context != null && (context.isFailed() || context.isInterrupted());
  }

  @Override
  public String path() {
    return file.path();
  }
}
