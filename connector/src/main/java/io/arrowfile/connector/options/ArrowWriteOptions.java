package io.arrowfile.connector.options;

import io.arrowfile.ipc.WriteOptions;
import io.arrowfile.ipc.metadata.CompressionCodec;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The write options of {@code arrowfile}, parsed and validated on the driver (option names are
 * case-insensitive; an invalid value fails with {@link IllegalArgumentException} listing the valid ones).
 *
 * <table>
 *   <caption>Write options</caption>
 *   <tr><th>option</th><th>values</th><th>default</th></tr>
 *   <tr><td>{@value #COMPRESSION}</td><td>{@code none} | {@code uncompressed} | {@code lz4} (LZ4_FRAME) |
 *       {@code zstd}; body buffers are compressed one by one, as the IPC format specifies</td>
 *       <td>{@code zstd} (see {@link #DEFAULT})</td></tr>
 *   <tr><td>{@value #COMPRESSION_LEVEL}</td><td>zstd level 1..22, or a negative fast level down to
 *       -131072 (only with {@code compression=zstd})</td>
 *       <td>1 (Arrow C++'s default: files as small as zstd's default level 3 makes
 *       of tables, written faster; see {@code WriteOptions#DEFAULT_ZSTD_LEVEL})</td></tr>
 *   <tr><td>{@value #ROWS_PER_BATCH}</td><td>1 .. 2^31-2</td><td>{@value #DEFAULT_ROWS_PER_BATCH}</td></tr>
 *   <tr><td>{@value #MAX_BATCH_BYTES}</td><td>1 KiB .. 1 GiB, plain bytes or with a suffix
 *       {@code k|kb|m|mb|g|gb} (binary units)</td><td>64m</td></tr>
 *   <tr><td>{@value #STATISTICS}</td><td>{@code true} | {@code false}: per-batch column statistics in the
 *       footer (see {@code connector.statistics})</td><td>{@code true}</td></tr>
 *   <tr><td>{@value #DICTIONARY}</td><td>{@code never} | {@code auto} | {@code always}: dictionary-encode
 *       top-level string columns (int32 indices, one dictionary per column and file, written complete after the
 *       record batches); {@code auto} encodes a column when the file's first batch has at most one distinct value
 *       per 4 non-null values; the file's dictionaries hold their distinct values in memory up to 2^20 values
 *       and {@code maxBatchBytes} bytes together; further new values of a column that outgrows that become
 *       entries kept on local disk and written uncompressed at the end of the file</td>
 *       <td>{@code never} (see {@link #DEFAULT})</td></tr>
 *   <tr><td>{@value #SORT_WITHIN_FILES}</td><td>comma-separated top-level column names: the rows of each written
 *       file are sorted by them, ascending, nulls first, before they are cut into record batches (names are
 *       checked against the written columns on the driver, see {@code write.SortWithinFiles})</td>
 *       <td>none: rows in arrival order</td></tr>
 *   <tr><td>{@value #IPC_FORMAT}</td><td>{@code file} | {@code stream}: the Arrow IPC file format (magic, batches,
 *       footer) or the stream format (no footer: what stream-only readers open, such as Hugging Face
 *       {@code datasets}' {@code Dataset.from_file} and {@code pyarrow.ipc.open_stream}); a stream carries no
 *       statistics and its dictionaries come before the batches that use them</td><td>{@code file}</td></tr>
 *   <tr><td>{@value #DICTIONARY_DELTAS}</td><td>{@code true} | {@code false}, with {@code ipcFormat=stream}: when
 *       a later batch adds values to an encoded column, a delta dictionary batch of only the new values, instead
 *       of the whole dictionary again as a replacement (smaller streams; Polars and nanoarrow refuse deltas, as
 *       pyarrow's writer avoids them unless asked: {@code emit_dictionary_deltas}). A dictionary that outgrew
 *       memory always grows by deltas</td><td>{@code false}</td></tr>
 *   <tr><td>{@value #FILE_EXTENSION}</td><td>the written files' extension, letters, digits, {@code _} and
 *       {@code -}, with or without its dot</td><td>{@code arrow} for files, {@code arrows} for streams</td></tr>
 * </table>
 *
 * <p>Why 65536 rows: it amortizes the per-batch cost (a flatbuffer header, one compression frame per buffer,
 * one statistics entry) over enough rows that it is negligible, keeps compression effective, and is a multiple of
 * Spark's 4096-row vectorized reader batches, while 64 Ki rows of a typical row width stay well inside the
 * 64 MiB byte cap. Why 64 MiB and at most 1 GiB: a batch is buffered on the heap of an executor task, so it must
 * stay small next to executor memory; and keeping batches under 1 GiB keeps every 32-bit offset (Utf8, Binary,
 * List) far from overflow.
 */
public final class ArrowWriteOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  public static final String COMPRESSION = "compression";
  public static final String COMPRESSION_LEVEL = "compressionLevel";
  public static final String ROWS_PER_BATCH = "rowsPerBatch";
  public static final String MAX_BATCH_BYTES = "maxBatchBytes";
  public static final String STATISTICS = "statistics";
  public static final String DICTIONARY = "dictionary";
  public static final String CHECKSUM = "checksum";
  /**
   * Not {@code sortBy}: that is {@code DataFrameWriter.sortBy}, the bucket sort columns (only with
   * {@code bucketBy}); this option is named after {@code Dataset.sortWithinPartitions}, which it resembles.
   */
  public static final String SORT_WITHIN_FILES = "sortWithinFiles";
  /**
   * Not {@code format}, which reads as Spark's {@code DataFrameWriter.format} (the data source): the Arrow
   * specification calls the two layouts the IPC file format and the IPC streaming format.
   */
  public static final String IPC_FORMAT = "ipcFormat";
  public static final String FILE_EXTENSION = "fileExtension";
  /** pyarrow's {@code IpcWriteOptions.emit_dictionary_deltas}, in this source's option style. */
  public static final String DICTIONARY_DELTAS = "dictionaryDeltas";

  public static final int DEFAULT_ROWS_PER_BATCH = 65536;
  public static final long DEFAULT_MAX_BATCH_BYTES = 64L << 20;
  public static final long MIN_BATCH_BYTES = 1L << 10;
  public static final long MAX_MAX_BATCH_BYTES = 1L << 30;
  public static final int DEFAULT_ZSTD_LEVEL = WriteOptions.DEFAULT_ZSTD_LEVEL;
  /** zstd's lowest level ({@code ZSTD_minCLevel()}, -2^17): the negative levels trade size for speed. */
  public static final int MIN_ZSTD_LEVEL = -(1 << 17);

  /** The default codec: see {@link #DEFAULT} for why. */
  public static final CompressionCodec DEFAULT_COMPRESSION = CompressionCodec.ZSTD;
  public static final Dictionary DEFAULT_DICTIONARY = Dictionary.NEVER;

  /**
   * The options of a write that sets none. zstd, chosen by {@code TpcCodecStudy} at scale factor 1 (BENCHMARKS.md,
   * section tpc-codecs): files of 1.06 (TPC-H) and 0.90 (TPC-DS) of Parquet's (snappy) bytes, against 4.3 and 5.1
   * uncompressed; writes in about half of Parquet's time. Uncompressed files scan faster where a scan is all a
   * query does (TPC-H q6: 0.45 of Parquet's time, against 1.30 with zstd), but five times Parquet's bytes cost
   * storage, network and object-store reads, and make Spark size an Arrow table above the same table in Parquet,
   * so that it broadcasts less. lz4 gave larger files (1.36 to 1.76 of Parquet's) and no faster scans.
   *
   * <p>Not {@code dictionary=auto}, although it makes files smaller still (0.81 and 0.83 of Parquet's): in Arrow a
   * dictionary is part of a column's type, {@code auto} decides per file, and a directory whose files disagree is
   * refused by Polars' {@code scan_ipc} ("data type mismatch for column s: incoming: String != target:
   * Categorical"); pandas also reads an encoded column as a categorical.
   */
  public static final ArrowWriteOptions DEFAULT = new ArrowWriteOptions(DEFAULT_COMPRESSION, DEFAULT_ZSTD_LEVEL,
      DEFAULT_ROWS_PER_BATCH, DEFAULT_MAX_BATCH_BYTES, true, true, DEFAULT_DICTIONARY, List.of(), IpcFormat.FILE,
      IpcFormat.FILE.extension);

  /** The values of {@value #DICTIONARY}. */
  public enum Dictionary { NEVER, AUTO, ALWAYS }

  /** The values of {@value #IPC_FORMAT}, each with its default extension. */
  public enum IpcFormat {
    FILE(".arrow"),
    /** {@code .arrows}: the extension the Arrow project recommends for streams (its media type registration). */
    STREAM(".arrows");

    final String extension;

    IpcFormat(String extension) {
      this.extension = extension;
    }
  }

  private final CompressionCodec compression;
  private final int zstdLevel;
  private final int rowsPerBatch;
  private final long maxBatchBytes;
  private final boolean statistics;
  private final boolean checksum;
  private final Dictionary dictionary;
  private final List<String> sortWithinFiles;
  private final IpcFormat ipcFormat;
  private final String fileExtension;
  private final boolean dictionaryDeltas;

  ArrowWriteOptions(CompressionCodec compression, int zstdLevel, int rowsPerBatch, long maxBatchBytes,
      boolean statistics, boolean checksum) {
    this(compression, zstdLevel, rowsPerBatch, maxBatchBytes, statistics, checksum, Dictionary.NEVER, List.of(),
        IpcFormat.FILE, IpcFormat.FILE.extension);
  }

  ArrowWriteOptions(CompressionCodec compression, int zstdLevel, int rowsPerBatch, long maxBatchBytes,
      boolean statistics, boolean checksum, Dictionary dictionary, List<String> sortWithinFiles,
      IpcFormat ipcFormat, String fileExtension) {
    this(compression, zstdLevel, rowsPerBatch, maxBatchBytes, statistics, checksum, dictionary, sortWithinFiles,
        ipcFormat, fileExtension, false);
  }

  ArrowWriteOptions(CompressionCodec compression, int zstdLevel, int rowsPerBatch, long maxBatchBytes,
      boolean statistics, boolean checksum, Dictionary dictionary, List<String> sortWithinFiles,
      IpcFormat ipcFormat, String fileExtension, boolean dictionaryDeltas) {
    this.dictionaryDeltas = dictionaryDeltas;
    this.ipcFormat = ipcFormat;
    this.fileExtension = fileExtension;
    this.sortWithinFiles = List.copyOf(sortWithinFiles);
    this.dictionary = dictionary;
    this.checksum = checksum;
    this.compression = compression;
    this.zstdLevel = zstdLevel;
    this.rowsPerBatch = rowsPerBatch;
    this.maxBatchBytes = maxBatchBytes;
    this.statistics = statistics;
  }

  /** Parses {@code options} (names case-insensitive; names this class does not know are ignored). */
  public static ArrowWriteOptions parse(Map<String, String> options) {
    String compressionValue = get(options, COMPRESSION);
    CompressionCodec compression = DEFAULT_COMPRESSION;
    if (compressionValue != null) {
      switch (compressionValue.trim().toLowerCase(Locale.ROOT)) {
        case "none", "uncompressed" -> compression = null;
        case "lz4" -> compression = CompressionCodec.LZ4_FRAME;
        case "zstd" -> compression = CompressionCodec.ZSTD;
        default -> throw invalid(COMPRESSION, compressionValue, "none, uncompressed, lz4, zstd");
      }
    }
    int level = DEFAULT_ZSTD_LEVEL;
    String levelValue = get(options, COMPRESSION_LEVEL);
    if (levelValue != null) {
      String valid = "an integer from 1 to 22, or from -1 down to " + MIN_ZSTD_LEVEL + " (zstd's fast levels)";
      level = (int) parseLong(COMPRESSION_LEVEL, levelValue, MIN_ZSTD_LEVEL, 22, valid);
      if (level == 0) { // zstd reads 0 as its default level, which would hide what the writer asked for
        throw invalid(COMPRESSION_LEVEL, levelValue, valid);
      }
      if (compression != CompressionCodec.ZSTD) {
        throw new IllegalArgumentException("arrowfile write option " + COMPRESSION_LEVEL + "=" + levelValue
            + " needs " + COMPRESSION + "=zstd (the only codec with levels), not "
            + compressionValue);
      }
    }
    int rows = DEFAULT_ROWS_PER_BATCH;
    String rowsValue = get(options, ROWS_PER_BATCH);
    if (rowsValue != null) {
      rows = (int) parseLong(ROWS_PER_BATCH, rowsValue, 1, Integer.MAX_VALUE - 1,
          "an integer from 1 to " + (Integer.MAX_VALUE - 1));
    }
    long bytes = DEFAULT_MAX_BATCH_BYTES;
    String bytesValue = get(options, MAX_BATCH_BYTES);
    if (bytesValue != null) {
      bytes = parseBytes(bytesValue);
    }
    IpcFormat format = IpcFormat.FILE;
    String formatValue = get(options, IPC_FORMAT);
    if (formatValue != null) {
      format = switch (formatValue.trim().toLowerCase(Locale.ROOT)) {
        case "file" -> IpcFormat.FILE;
        case "stream" -> IpcFormat.STREAM;
        default -> throw invalid(IPC_FORMAT, formatValue, "file, stream");
      };
    }
    boolean statistics = bool(options, STATISTICS);
    if (format == IpcFormat.STREAM) {
      // A stream's schema comes before its batches and it has no footer: nowhere to put a file's statistics document
      // (docs/writing.md, "For Hugging Face datasets and other stream readers"). Each record batch message's own
      // custom_metadata could carry that batch's entry, for a reader that reads the headers before the bodies (one
      // that splits streams); until a reader uses it, nothing is written there.
      if (get(options, STATISTICS) != null && statistics) {
        throw new IllegalArgumentException("arrowfile write option " + STATISTICS + "=true needs " + IPC_FORMAT
            + "=file: the statistics live in the file format's footer, and a stream has none. Leave "
            + STATISTICS + " out (or false) to write a stream, or write files to keep batch skipping");
      }
      statistics = false;
    }
    String extension = format.extension;
    String extensionValue = get(options, FILE_EXTENSION);
    if (extensionValue != null) {
      String e = extensionValue.trim();
      e = e.startsWith(".") ? e.substring(1) : e;
      if (!e.matches("[A-Za-z0-9_-]{1,32}")) {
        throw invalid(FILE_EXTENSION, extensionValue,
            "an extension of 1 to 32 letters, digits, _ or -, with or without its dot, e.g. arrow or .arrows");
      }
      extension = "." + e;
    }
    boolean checksum = bool(options, CHECKSUM);
    String dictValue = get(options, DICTIONARY);
    Dictionary dictionary = DEFAULT_DICTIONARY;
    if (dictValue != null) {
      dictionary = switch (dictValue.trim().toLowerCase(Locale.ROOT)) {
        case "never" -> Dictionary.NEVER;
        case "auto" -> Dictionary.AUTO;
        case "always" -> Dictionary.ALWAYS;
        default -> throw invalid(DICTIONARY, dictValue, "never, auto, always");
      };
    }
    List<String> sort = List.of();
    String sortValue = get(options, SORT_WITHIN_FILES);
    if (sortValue != null) {
      sort = columnList(SORT_WITHIN_FILES, sortValue);
    }
    boolean deltas = get(options, DICTIONARY_DELTAS) != null && bool(options, DICTIONARY_DELTAS);
    if (deltas && format != IpcFormat.STREAM) {
      throw new IllegalArgumentException("arrowfile write option " + DICTIONARY_DELTAS + "=true needs " + IPC_FORMAT
          + "=stream: a file holds one complete dictionary per column, written after its batches, and no deltas");
    }
    return new ArrowWriteOptions(compression, level, rows, bytes, statistics, checksum, dictionary, sort, format,
        extension, deltas);
  }

  /**
   * A comma-separated list of column names, each trimmed; names are checked against the schema later, where it
   * is known. A name may be quoted in backticks (for a name with a comma or spaces at its ends).
   */
  private static List<String> columnList(String name, String value) {
    String valid = "comma-separated top-level column names, each at most once, e.g. 'ts, id'";
    List<String> names = new ArrayList<>();
    int i = 0;
    int n = value.length();
    while (true) {
      while (i < n && Character.isWhitespace(value.charAt(i))) {
        i++;
      }
      String col;
      if (i < n && value.charAt(i) == '`') {
        StringBuilder sb = new StringBuilder();
        i++;
        while (true) {
          if (i >= n) {
            throw invalid(name, value, valid + " (unclosed backtick)");
          }
          char c = value.charAt(i++);
          if (c == '`') {
            if (i < n && value.charAt(i) == '`') { // a doubled backtick is one backtick, as in Spark SQL
              sb.append('`');
              i++;
            } else {
              break;
            }
          } else {
            sb.append(c);
          }
        }
        col = sb.toString();
        while (i < n && Character.isWhitespace(value.charAt(i))) {
          i++;
        }
        if (i < n && value.charAt(i) != ',') {
          throw invalid(name, value, valid + " (text after a quoted name)");
        }
      } else {
        int comma = value.indexOf(',', i);
        int end = comma < 0 ? n : comma;
        col = value.substring(i, end).trim();
        i = end;
      }
      if (col.isEmpty()) {
        throw invalid(name, value, valid + " (an empty name)");
      }
      for (String seen : names) {
        if (seen.equals(col)) { // case-insensitive twins are caught against the schema, where the conf is known
          throw invalid(name, value, valid + " ('" + col + "' twice)");
        }
      }
      names.add(col);
      if (i >= n) {
        return names;
      }
      i++; // the comma
    }
  }

  /** A boolean option that defaults to true. */
  private static boolean bool(Map<String, String> options, String name) {
    String value = get(options, name);
    if (value == null) {
      return true;
    }
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw invalid(name, value, "true, false");
    };
  }

  private static String get(Map<String, String> options, String name) {
    return io.arrowfile.connector.options.ArrowOptions.get(options, name);
  }

  private static IllegalArgumentException invalid(String name, String value, String valid) {
    return new IllegalArgumentException("invalid arrowfile write option " + name + "='" + value
        + "'; valid values: " + valid);
  }

  private static long parseLong(String name, String value, long min, long max, String valid) {
    long v;
    try {
      v = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw invalid(name, value, valid);
    }
    if (v < min || v > max) {
      throw invalid(name, value, valid);
    }
    return v;
  }

  public static long parseBytes(String value) {
    String valid = "a size from 1k to 1g: bytes, or a number with suffix k, kb, m, mb, g, gb";
    String s = value.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    String[][] suffixes = {{"kb", "10"}, {"mb", "20"}, {"gb", "30"}, {"k", "10"}, {"m", "20"}, {"g", "30"},
        {"b", "0"}};
    for (String[] suffix : suffixes) {
      if (s.endsWith(suffix[0])) {
        unit = 1L << Integer.parseInt(suffix[1]);
        s = s.substring(0, s.length() - suffix[0].length()).trim();
        break;
      }
    }
    long n;
    try {
      n = Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw invalid(MAX_BATCH_BYTES, value, valid);
    }
    if (n <= 0 || n > MAX_MAX_BATCH_BYTES / unit || n * unit < MIN_BATCH_BYTES) {
      throw invalid(MAX_BATCH_BYTES, value, valid);
    }
    return n * unit;
  }

  /** The body compression, or null for none. */
  public CompressionCodec compression() {
    return compression;
  }

  public int zstdLevel() {
    return zstdLevel;
  }

  public int rowsPerBatch() {
    return rowsPerBatch;
  }

  public long maxBatchBytes() {
    return maxBatchBytes;
  }

  public boolean statistics() {
    return statistics;
  }

  /** How string columns are dictionary-encoded. */
  public Dictionary dictionary() {
    return dictionary;
  }

  /** The columns each file's rows are sorted by (names as given, or as resolved against the schema); may be empty. */
  public List<String> sortWithinFiles() {
    return sortWithinFiles;
  }

  /** These options with the sort columns replaced by {@code columns} (the names resolved against the schema). */
  public ArrowWriteOptions withSortWithinFiles(List<String> columns) {
    return new ArrowWriteOptions(compression, zstdLevel, rowsPerBatch, maxBatchBytes, statistics, checksum,
        dictionary, columns, ipcFormat, fileExtension, dictionaryDeltas);
  }

  /** The IPC format the files are written in. */
  public IpcFormat ipcFormat() {
    return ipcFormat;
  }

  /**
   * Whether a stream's encoded columns grow their dictionaries by delta batches of the new values (else each
   * change goes out as the whole dictionary, a replacement).
   */
  public boolean dictionaryDeltas() {
    return dictionaryDeltas;
  }

  /** The written files' extension, with its dot. */
  public String fileExtension() {
    return fileExtension;
  }

  /** Whether compressed buffers carry their frame's content checksum. */
  public boolean checksum() {
    return checksum;
  }

  /** The IPC writer options. */
  public WriteOptions ipcOptions() {
    return WriteOptions.DEFAULT.withCompression(compression).withZstdLevel(zstdLevel).withContentChecksum(checksum);
  }

  @Override
  public String toString() {
    return "ArrowWriteOptions[compression=" + compression + ", zstdLevel=" + zstdLevel + ", rowsPerBatch="
        + rowsPerBatch + ", maxBatchBytes=" + maxBatchBytes + ", statistics=" + statistics
        + ", checksum=" + checksum + ", dictionary=" + dictionary + ", sortWithinFiles=" + sortWithinFiles
        + ", ipcFormat=" + ipcFormat + ", fileExtension=" + fileExtension + ", dictionaryDeltas=" + dictionaryDeltas
        + "]";
  }
}
