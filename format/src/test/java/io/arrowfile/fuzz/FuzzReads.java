package io.arrowfile.fuzz;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.ArrowFileDecoder;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.ArrowStreamDecoder;
import io.arrowfile.ipc.ArrowStreamReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.BatchReaders;
import io.arrowfile.ipc.BodyRanges;
import io.arrowfile.ipc.ByteRange;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ColumnSelection;
import io.arrowfile.ipc.DecompressionArena;
import io.arrowfile.ipc.DeferredBatch;
import io.arrowfile.ipc.DeferredColumn;
import io.arrowfile.ipc.ReadOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

/**
 * What the fuzz targets do with an input, shared by them and by the corrupt-file tests: open it with one of
 * our readers, read every batch and (optionally) every value, and turn anything but
 * {@link ArrowFormatException} into a failure.
 *
 * <p>Hostile input must not make a reader allocate far more than the input's size: each read runs under an
 * allocation budget measured with {@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes} (bytes
 * allocated by this thread, cumulative), and a read that exceeds it throws {@link AllocationBudgetExceeded},
 * a finding. The readers cap a decompressed buffer at {@link #OPTIONS}' {@code maxBufferSize}, so the budget
 * is a constant plus a multiple of the input length.
 */
public final class FuzzReads {
  /** Inputs longer than this are skipped: the seeds are below 20 KiB and libFuzzer's max_len follows them. */
  static final int MAX_INPUT = 64 << 10;
  /** Values read per column at most: a null or run-end encoded column may legally hold 2^62 values. */
  static final long MAX_VALUES_PER_COLUMN = 4096;
  /** Arrays longer than this are not materialized by getObject (a list of 2^40 nulls is valid and tiny). */
  static final long MAX_MATERIALIZED_LENGTH = 1 << 16;

  public static final ReadOptions OPTIONS = ReadOptions.DEFAULT.withMaxBufferSize(1 << 20);
  public static final ReadOptions FULL = OPTIONS.withValidation(ValidationLevel.FULL);

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private FuzzReads() {}

  /** The most a read of {@code inputLength} bytes may allocate. */
  static long allocationBudget(long inputLength) {
    return (64L << 20) + 2048L * inputLength;
  }

  /**
   * The most a read of {@code input} may allocate. LZ4 frames once needed a grant of 8 MiB each here (lz4-java's
   * frame stream allocated two block-size buffers per Arrow buffer); they now decode into the declared length.
   */
  static long allocationBudget(byte[] input) {
    return allocationBudget(input.length);
  }

  /** A read allocated more than its input justifies. */
  static final class AllocationBudgetExceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AllocationBudgetExceeded(String message) {
      super(message);
    }
  }

  interface Read {
    void run() throws IOException;
  }

  /**
   * Runs {@code read}: returns normally when it succeeded or ended in ArrowFormatException; otherwise
   * rethrows (other exceptions and errors are findings), and fails when it allocated over budget.
   */
  static boolean readsOrRejects(byte[] input, Read read) {
    long budget = allocationBudget(input);
    long allocated = measured(read);
    if (allocated > budget) {
      // The first read down a code path also loads (and, when fuzzing, instruments) classes: measure again.
      allocated = measured(read);
      if (allocated > budget) {
        throw new AllocationBudgetExceeded("reading " + input.length + " bytes allocated " + allocated
            + " bytes, more than the budget of " + budget);
      }
    }
    return allocated >= 0 && lastOk;
  }

  private static boolean lastOk;

  /** Bytes allocated by this thread while running {@code read}, which may only fail with ArrowFormatException. */
  private static long measured(Read read) {
    long tid = Thread.currentThread().getId();
    long before = THREADS.getThreadAllocatedBytes(tid);
    try {
      read.run();
      lastOk = true;
    } catch (ArrowFormatException expected) {
      lastOk = false;
    } catch (IOException e) {
      // Bytes in memory have no I/O errors: an IOException is the reader misreporting bad input.
      throw new UncheckedIOException("IOException instead of ArrowFormatException", e);
    }
    return before < 0 ? 0 : THREADS.getThreadAllocatedBytes(tid) - before;
  }

  /** Opens {@code input} as a file (ByteSource over the bytes) and reads every batch, at random then in order. */
  public static void readFile(byte[] input, ReadOptions options, boolean values) throws IOException {
    try (ArrowFileReader reader = ArrowFileReader.open(ByteSource.wrap(input, "fuzz.arrow"), options)) {
      reader.schema();
      reader.customMetadata();
      for (int k = reader.recordBatchCount() - 1; k >= 0; k--) {
        RecordBatch batch = reader.recordBatch(k);
        if (values) {
          touchEveryValue(batch);
        }
      }
      drain(reader, values);
    }
  }

  /** Reads {@code input} as a stream from an InputStream. */
  public static void readStream(byte[] input, ReadOptions options, boolean values) throws IOException {
    try (ArrowStreamReader reader = ArrowStreamReader.open(new ByteArrayInputStream(input), "fuzz.stream",
        options)) {
      reader.schema();
      drain(reader, values);
    }
  }

  /**
   * Drives {@link ArrowFileDecoder} over {@code input} as a scan of a file does: the footer, then each record batch's
   * metadata and wanted ranges (every other column, or all, by {@code everyOther}) fetched apart into off-heap memory,
   * decoded into one {@link DecompressionArena} with every column that may wait decompressed only when loaded
   * ({@link DeferredColumn}); each deferred column is then loaded and every value read, at
   * {@link ValidationLevel#BOUNDS} as scans validate. The arena is held to the heap's budget, as in
   * {@link #decodeStream}.
   */
  public static void decodeFile(byte[] input, ReadOptions options, boolean everyOther) {
    ReadOptions bounds = options.withValidation(ValidationLevel.BOUNDS);
    String name = "fuzz.arrow";
    ArrowFileDecoder decoder = ArrowFileDecoder.decodeFooter(name, input.length,
        fetch(input, ArrowFileDecoder.footer(name, input.length,
            fetch(input, ArrowFileDecoder.trailer(name, input.length)))), bounds);
    int n = decoder.schema().fields().size();
    ColumnSelection selection = everyOther
        ? decoder.columns(java.util.stream.IntStream.range(0, n).filter(c -> c % 2 == 0).toArray()) : decoder.all();
    if (decoder.needsDictionaries(selection)) {
      ArrowFileDecoder.DictionaryLoad load = decoder.loadDictionaries(selection);
      for (int i = 0; i < decoder.dictionaryBatches().size(); i++) {
        ArrowFileDecoder.DictionaryMessage m = load.message(i, fetch(input,
            decoder.metadata(decoder.dictionaryBatches().get(i))));
        ByteRange body = load.body(m);
        if (body != null) {
          load.decode(m, fetch(input, body));
        }
      }
      load.finish();
    }
    try (DecompressionArena arena = new DecompressionArena()) {
      for (int k = 0; k < decoder.recordBatches().size(); k++) {
        ArrowFileDecoder.RecordBatchMessage m = decoder.recordBatch(k,
            fetch(input, decoder.metadata(decoder.recordBatches().get(k))));
        BodyRanges ranges = decoder.body(m, selection, 0);
        ByteBuffer body = ByteBuffer.allocateDirect(Math.toIntExact(ranges.size()));
        for (int r = 0; r < ranges.ranges().size(); r++) {
          ByteRange range = ranges.ranges().get(r);
          body.put(Math.toIntExact(ranges.placedAt(r)), fetch(input, range).asByteBuffer(), 0,
              Math.toIntExact(range.length()));
        }
        DeferredBatch batch;
        try {
          batch = decoder.decode(m, ranges, ArrowBuffer.wrap(body), arena, c -> true);
        } finally {
          if (arena.capacity() > allocationBudget(input.length)) {
            throw new AllocationBudgetExceeded("reading " + input.length + " bytes took " + arena.capacity()
                + " bytes of off-heap memory to decompress into, more than the budget of "
                + allocationBudget(input.length));
          }
        }
        for (int c = 0; c < batch.batch().columns().size(); c++) {
          if (batch.deferred(c) != null) {
            batch.deferred(c).load();
          }
        }
        touchEveryValue(batch.batch());
      }
    }
  }

  /** {@code range} of {@code input}, checked against its length as a positioned read would. */
  private static ArrowBuffer fetch(byte[] input, ByteRange range) {
    if (range.offset() < 0 || range.length() < 0 || range.offset() + range.length() > input.length) {
      throw new ArrowFormatException("range " + range + " is outside the " + input.length + " input bytes");
    }
    return ArrowBuffer.wrap(input, (int) range.offset(), (int) range.length());
  }

  /**
   * Drives {@link ArrowStreamDecoder} over {@code input} as a split of a stream file does: every message's header
   * from the start, the dictionaries the selection uses, and the record batches whose message starts at or after
   * {@code from}, of every other column ({@code everyOther}) or all, each wanted range fetched apart and placed
   * where the decoder says, in off-heap memory, and decompressed into one {@link DecompressionArena} for all batches
   * (native zstd and LZ4 decoders writing off-heap memory); every value is then read. At
   * {@link ValidationLevel#BOUNDS}, as the connector's scans validate: below it a hostile view or offset may still
   * point outside its buffers (the readers' bounds checks then throw), which only that level rules out. The arena's
   * memory, which no heap measure sees, is held to the same budget as the heap.
   */
  public static void decodeStream(byte[] input, ReadOptions options, long from, boolean everyOther)
      throws IOException {
    try (DecompressionArena arena = new DecompressionArena()) {
      decodeStream(input, options, from, everyOther, arena);
    }
  }

  private static void decodeStream(byte[] input, ReadOptions options, long from, boolean everyOther,
      DecompressionArena arena) throws IOException {
    options = options.withValidation(ValidationLevel.BOUNDS);
    ByteSource source = ByteSource.wrap(input, "fuzz.arrows");
    ArrowStreamDecoder decoder = ArrowStreamDecoder.of("fuzz.arrows", input.length, options);
    boolean selected = false;
    ByteRange prefix;
    while ((prefix = decoder.prefix()) != null) {
      ByteRange metadata = decoder.metadata(source.read(prefix.offset(), prefix.length()));
      if (metadata == null) {
        return;
      }
      ArrowStreamDecoder.StreamMessage m = decoder.message(source.read(metadata.offset(), metadata.length()));
      if (!selected) {
        int n = decoder.schema().fields().size();
        decoder.selectColumns(everyOther ? java.util.stream.IntStream.range(0, n).filter(c -> c % 2 == 0).toArray()
            : null);
        selected = true;
      } else if (m.isDictionaryBatch()) {
        ByteRange body = decoder.dictionaryBody(m);
        if (body != null) {
          decoder.readDictionary(m, source.read(body.offset(), body.length()));
        }
      } else if (m.isRecordBatch() && m.offset() >= from) {
        BodyRanges ranges = decoder.body(m, 0);
        ByteBuffer body = ByteBuffer.allocateDirect(Math.toIntExact(ranges.size()));
        for (int r = 0; r < ranges.ranges().size(); r++) {
          ByteRange range = ranges.ranges().get(r);
          body.put(Math.toIntExact(ranges.placedAt(r)), source.read(range.offset(), range.length()).asByteBuffer(),
              0, Math.toIntExact(range.length()));
        }
        RecordBatch batch;
        try {
          batch = decoder.decode(m, ranges, ArrowBuffer.wrap(body), arena);
        } finally {
          if (arena.capacity() > allocationBudget(input.length)) {
            throw new AllocationBudgetExceeded("reading " + input.length + " bytes took " + arena.capacity()
                + " bytes of off-heap memory to decompress into, more than the budget of "
                + allocationBudget(input.length));
          }
        }
        touchEveryValue(batch);
      }
    }
  }

  /** A file when it starts with ARROW1, else a stream: as {@link BatchReaders#open} decides. */
  public static void readEither(byte[] input, ReadOptions options, boolean values) throws IOException {
    if (input.length >= 6 && input[0] == 'A' && input[1] == 'R' && input[2] == 'R' && input[3] == 'O'
        && input[4] == 'W' && input[5] == '1') {
      readFile(input, options, values);
    } else {
      readStream(input, options, values);
    }
  }

  private static void drain(BatchReader reader, boolean values) throws IOException {
    RecordBatch batch;
    while ((batch = reader.next()) != null) {
      if (values) {
        touchEveryValue(batch);
      }
    }
  }

  /** isNull and getObject of every value (up to {@link #MAX_VALUES_PER_COLUMN} per column) through the views. */
  public static void touchEveryValue(RecordBatch batch) {
    for (ArrayData column : batch.columns()) {
      ArrowArray view = ArrowArray.of(column);
      boolean materialize = maxLength(column, 0) <= MAX_MATERIALIZED_LENGTH;
      long n = Math.min(column.length(), MAX_VALUES_PER_COLUMN);
      for (long i = 0; i < n; i++) {
        view.isNull(i);
        if (materialize) {
          view.getObject(i);
        }
      }
      if (column.length() > n) {
        long last = column.length() - 1;
        view.isNull(last);
        if (materialize) {
          view.getObject(last);
        }
      }
    }
  }

  /** The longest array in {@code data}'s tree, children and dictionaries included. */
  private static long maxLength(ArrayData data, int depth) {
    long max = data.length();
    if (depth > 64) {
      return Long.MAX_VALUE;
    }
    for (ArrayData child : data.children()) {
      max = Math.max(max, maxLength(child, depth + 1));
    }
    if (data.dictionary() != null) {
      max = Math.max(max, maxLength(data.dictionary(), depth + 1));
    }
    return max;
  }
}
