package io.arrowfile.connector.read;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.execution.datasources.FilePartition;
import org.apache.spark.sql.execution.datasources.PartitionedFile;

/**
 * The files of a scan cut into tasks of equal cost, as many as a multiple of Spark's parallelism (planning, on the
 * driver: {@link ArrowScan#partitions}).
 *
 * <p>Spark sizes a task by the bytes of file it covers ({@code spark.sql.files.maxPartitionBytes}) and packs
 * its splits without regard to the cores that will run them. Two things make that a poor fit here. An Arrow
 * file costs only the bytes of the columns read: with 1 of 50 columns, each of Spark's tasks would do a
 * fiftieth of the work intended and pay the tasks' fixed cost many times over. And the task count is not a
 * multiple of the cores: two 180 MB files on 2 cores become tasks of 128, 128 and 104 MB, so one core works
 * alone for the last third of the scan. (On the benchmark's main table, two such files in the page cache, the
 * equal tasks measured no faster than Spark's, 3 alternating runs each; why not is not known. They stay, as the
 * plan that leaves no core without a task.)
 *
 * <p>So a file is costed as its bytes times the read columns' share of a row (estimated from the types'
 * default sizes, as Spark estimates a scan's size) plus Spark's cost of opening a file; the scan gets as
 * many tasks as that cost needs at {@code maxPartitionBytes} each, never fewer than Spark's minimum
 * parallelism, rounded up to a multiple of it; and the files, in order, are cut where each task's equal
 * share of the cost ends. A cut may fall anywhere: each record batch is read by the task whose range holds
 * its start (in a stream, the record batch whose message starts there). Pieces are not made smaller than the cost
 * of opening a file.
 */
final class TaskCutter {
  private final double total;
  private final int tasks;
  private final List<FilePartition> done = new ArrayList<>();
  private final List<PartitionedFile> run = new ArrayList<>();
  private double cost;

  private TaskCutter(double total, int tasks) {
    this.total = total;
    this.tasks = tasks;
  }

  /**
   * {@code splits} (Spark's, covering the files; any order) cut into tasks: {@code share}, the read columns' share of
   * a row's bytes; {@code openCost}, Spark's cost of opening a file in bytes; {@code parallelism}, Spark's minimum
   * parallelism; {@code maxPartitionBytes}, the cost of one task.
   */
  static List<FilePartition> cut(List<PartitionedFile> splits, double share, long openCost, int parallelism,
      long maxPartitionBytes) {
    // In path and offset order: they cover the file, and carry its partition values and, per split, the hosts that
    // hold that part of it.
    splits = new ArrayList<>(splits);
    splits.sort(Comparator.comparing((PartitionedFile f) -> f.urlEncodedPath())
        .thenComparingLong(PartitionedFile::start));
    double total = 0;
    for (int i = 0; i < splits.size(); i++) {
      total += splits.get(i).length() * share + (opensFile(splits, i) ? openCost : 0);
    }
    long tasksForCost = (long) Math.ceil(total / Math.max(1, maxPartitionBytes));
    long tasks = Math.max(parallelism, tasksForCost);
    tasks = (tasks + parallelism - 1) / parallelism * parallelism;

    TaskCutter cutter = new TaskCutter(total, (int) Math.min(tasks, Integer.MAX_VALUE / 2));
    // Pieces smaller than this cost more to open than to read, or are a sliver of a task: not worth a cut.
    long minPiece = share == 0 ? Long.MAX_VALUE : Math.min(openCost, (long) (total / tasks / share / 4));
    for (int i = 0; i < splits.size(); i++) {
      PartitionedFile split = splits.get(i);
      if (opensFile(splits, i)) {
        cutter.cost += openCost;
      }
      boolean cuttable = share > 0;
      long pos = split.start();
      long end = split.start() + split.length();
      while (pos < end) {
        long rest = end - pos;
        long cut = cuttable ? cutter.bytesToBoundary(share) : Long.MAX_VALUE;
        if (cut >= rest || rest - cut < minPiece) {
          cutter.take(piece(split, pos, end), rest * share);
          break;
        }
        if (cut < minPiece && cutter.closeEarly()) {
          continue; // the task is full enough: the next one starts here
        }
        cut = Math.max(cut, Math.min(minPiece, rest));
        cutter.take(piece(split, pos, pos + cut), cut * share);
        pos += cut;
      }
    }
    return cutter.finish();
  }

  /** Whether split {@code i} is the first of its file. */
  private static boolean opensFile(List<PartitionedFile> splits, int i) {
    return i == 0 || !splits.get(i - 1).urlEncodedPath().equals(splits.get(i).urlEncodedPath());
  }

  /** {@code [start, end)} of {@code split}'s file, with the split's partition values and hosts. */
  private static PartitionedFile piece(PartitionedFile split, long start, long end) {
    if (start == split.start() && end == split.start() + split.length()) {
      return split;
    }
    return new PartitionedFile(split.partitionValues(), split.filePath(), start, end - start, split.locations(),
        split.modificationTime(), split.fileSize(), split.otherConstantMetadataColumnValues());
  }

  private double boundary() {
    return total * (done.size() + 1) / tasks;
  }

  /** Bytes (at {@code share} of cost per byte) that fill the current task; MAX_VALUE for the last task. */
  private long bytesToBoundary(double share) {
    if (done.size() >= tasks - 1) {
      return Long.MAX_VALUE;
    }
    return (long) Math.ceil(Math.max(0, boundary() - cost) / share);
  }

  private void take(PartitionedFile piece, double c) {
    PartitionedFile last = run.isEmpty() ? null : run.get(run.size() - 1);
    if (last != null && last.urlEncodedPath().equals(piece.urlEncodedPath())
        && last.start() + last.length() == piece.start()
        && last.partitionValues().equals(piece.partitionValues())) {
      // The rest of the same file: one range, so that the task opens the file once (on an object store, an
      // open is a status request and two reads).
      run.set(run.size() - 1, new PartitionedFile(last.partitionValues(), last.filePath(), last.start(),
          last.length() + piece.length(), last.locations(), last.modificationTime(), last.fileSize(),
          last.otherConstantMetadataColumnValues()));
    } else {
      run.add(piece);
    }
    cost += c;
    if (done.size() < tasks - 1 && cost >= boundary() * (1 - 1e-9)) {
      close();
    }
  }

  /** Closes the current task before its share is reached; false when it holds nothing yet. */
  private boolean closeEarly() {
    if (run.isEmpty() || done.size() >= tasks - 1) {
      return false;
    }
    close();
    return true;
  }

  private void close() {
    done.add(new FilePartition(done.size(), run.toArray(new PartitionedFile[0])));
    run.clear();
  }

  private List<FilePartition> finish() {
    if (!run.isEmpty()) {
      close();
    }
    return done;
  }
}
