package io.arrowfile.ipc.tool;

import io.arrowfile.columnar.ArrayData;
import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.ValidationLevel;
import io.arrowfile.columnar.array.ArrowArray;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.columnar.type.Field;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.ArrowFileReader;
import io.arrowfile.ipc.BatchReader;
import io.arrowfile.ipc.BatchReaders;
import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.MessageReader;
import io.arrowfile.ipc.ReadMessage;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.CompressionCodec;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code arrowfile} command line: {@code inspect}, {@code cat} and {@code validate} for Arrow IPC
 * files and streams (the format is told by the file's first bytes, not its name).
 *
 * <p>Exit status: 0 when the command succeeded (for {@code validate}: the file is valid), 1 when the file
 * is not valid Arrow (the error on stderr names the file, the place in it and what is wrong), 2 for a
 * usage error or a file that can't be opened.
 */
public final class ArrowTool {
  static final int OK = 0;
  static final int INVALID = 1;
  static final int USAGE = 2;

  private static final String USAGE_TEXT = String.join("\n",
      "usage: arrowfile <command> [options] FILE|DIRECTORY",
      "",
      "commands:",
      "  inspect FILE            schema (with metadata), batch count, rows and body bytes per batch, compression",
      "  cat [--limit N] FILE    rows as JSON lines, at most N rows if given",
      "  validate FILE           full validation: every offset, UTF-8 string, dictionary and union index;",
      "                          exit 0 if valid, 1 with the error on stderr if not",
      "",
      "FILE may be in the Arrow IPC file format (.arrow, .feather) or the stream format. A DIRECTORY is read as",
      "Spark reads one (partition folders included; names starting with _ or . skipped): inspect and validate",
      "print one line per file, cat the rows of each file in turn with its partition values.");

  private final PrintStream out;
  private final PrintStream err;

  ArrowTool(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    int status = new ArrowTool(System.out, System.err).run(args);
    System.out.flush();
    System.exit(status);
  }

  /** Runs one command and returns the exit status. */
  int run(String... args) {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help") || args[0].equals("help")) {
      (args.length == 0 ? err : out).println(USAGE_TEXT);
      return args.length == 0 ? USAGE : OK;
    }
    String command = args[0];
    if (!command.equals("inspect") && !command.equals("cat") && !command.equals("validate")) {
      return usage("unknown command '" + command + "'");
    }
    long limit = Long.MAX_VALUE;
    Path file = null;
    for (int i = 1; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--limit") && command.equals("cat")) {
        if (i + 1 == args.length) {
          return usage("--limit needs a number");
        }
        try {
          limit = Long.parseLong(args[++i]);
        } catch (NumberFormatException e) {
          return usage("--limit needs a number, not '" + args[i] + "'");
        }
        if (limit < 0) {
          return usage("--limit must not be negative");
        }
      } else if (arg.startsWith("-")) {
        return usage("unknown option '" + arg + "' for " + command);
      } else if (file == null) {
        file = Path.of(arg);
      } else {
        return usage("one FILE only; also got '" + arg + "'");
      }
    }
    if (file == null) {
      return usage(command + " needs a FILE");
    }
    if (Files.isDirectory(file)) {
      return runDirectory(command, file, limit);
    }
    if (!Files.isRegularFile(file)) {
      err.println("arrowfile: " + file + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
      return USAGE;
    }
    return runFile(command, file, limit);
  }

  /** {@code command} on one file; the exit status. */
  private int runFile(String command, Path file, long limit) {
    try {
      switch (command) {
        case "inspect":
          inspect(file);
          return OK;
        case "cat":
          cat(file, limit);
          return OK;
        case "validate":
          validate(file);
          return OK;
        default:
          return usage("unknown command '" + command + "'");
      }
    } catch (ArrowFormatException e) {
      out.flush();
      err.println("arrowfile: " + e.in(file.toString()).getMessage());
      return INVALID;
    } catch (NoSuchFileException e) {
      err.println("arrowfile: " + file + ": no such file");
      return USAGE;
    } catch (IOException | UncheckedIOException e) {
      err.println("arrowfile: " + file + ": " + e.getMessage());
      return USAGE;
    }
  }

  /**
   * {@code command} on each file Spark would read under {@code dir}: {@code inspect} and {@code validate} print a
   * line per file and go on past a bad one (the exit status is the worst file's), {@code cat} prints the rows of
   * each file in turn, with the file's partition values, and stops at the first file it cannot read.
   */
  private int runDirectory(String command, Path dir, long limit) {
    List<Path> files;
    try {
      files = DataSetFiles.under(dir);
    } catch (IOException | UncheckedIOException e) {
      err.println("arrowfile: " + dir + ": " + e.getMessage());
      return USAGE;
    }
    if (files.isEmpty()) {
      err.println("arrowfile: no Arrow file under " + dir + " (names starting with _ or . are skipped, as Spark "
          + "skips them)");
      return USAGE;
    }
    int status = OK;
    long left = limit;
    for (Path file : files) {
      int one;
      switch (command) {
        case "inspect" -> one = fileLine(file, false);
        case "validate" -> one = fileLine(file, true);
        default -> {
          long[] printed = {0};
          one = catted(file, DataSetFiles.partitionValues(dir, file), left, printed);
          left -= printed[0];
        }
      }
      status = Math.max(status, one);
      if (command.equals("cat") && (one != OK || left == 0)) {
        break;
      }
    }
    return status;
  }

  /**
   * One line for {@code file}, on stdout, or its error on stderr: batches, rows, bytes and compression
   * ({@code inspect}), or whether it is valid ({@code validate}, the full check). The exit status for the file.
   */
  private int fileLine(Path file, boolean validate) {
    return eachFile(file, () -> {
      if (validate) {
        validate(file);
      } else {
        summary(file);
      }
    });
  }

  private int catted(Path file, Map<String, String> partition, long limit, long[] printed) {
    return eachFile(file, () -> printed[0] = cat(file, partition, limit));
  }

  /** One file of a directory: its failure is reported, naming the file, and the walk goes on. */
  private int eachFile(Path file, FileAction action) {
    try {
      action.run();
      return OK;
    } catch (ArrowFormatException e) {
      out.flush();
      err.println("arrowfile: " + e.in(file.toString()).getMessage());
      return INVALID;
    } catch (IOException | UncheckedIOException e) {
      out.flush();
      err.println("arrowfile: " + file + ": " + e.getMessage());
      return USAGE;
    }
  }

  private interface FileAction {
    void run() throws IOException;
  }

  /** {@code inspect}'s line for one file of a directory. */
  private void summary(Path file) throws IOException {
    try (BatchReader reader = BatchReaders.open(file, ReadOptions.DEFAULT)) {
      List<BatchInfo> infos = batchInfos(file, reader);
      long rows = 0;
      RecordBatch batch;
      while ((batch = reader.next()) != null) {
        rows += batch.length();
      }
      java.util.Set<String> codecs = new java.util.TreeSet<>();
      for (BatchInfo info : infos) {
        codecs.add(info.compression() == null ? "uncompressed"
            : info.compression().name().toLowerCase(Locale.ROOT) + " compressed");
      }
      out.println(file + ": Arrow IPC " + (reader instanceof ArrowFileReader ? "file" : "stream") + " format, "
          + Files.size(file) + " bytes, " + reader.schema().fields().size() + " columns, " + infos.size()
          + " record batches (" + rows + " rows)" + (codecs.isEmpty() ? "" : ", " + String.join(" and ", codecs)));
    }
  }

  private int usage(String problem) {
    err.println("arrowfile: " + problem);
    err.println(USAGE_TEXT);
    return USAGE;
  }

  private void inspect(Path file) throws IOException {
    try (BatchReader reader = BatchReaders.open(file, ReadOptions.DEFAULT)) {
      boolean fileFormat = reader instanceof ArrowFileReader;
      out.println("file: " + file + " (Arrow IPC " + (fileFormat ? "file" : "stream") + " format, "
          + Files.size(file) + " bytes)");
      Schema schema = reader.schema();
      out.println("schema:");
      for (Field field : schema.fields()) {
        printField(field, "  ");
      }
      printMetadata(schema.metadata(), "  ");
      if (fileFormat) {
        Map<String, String> footerMetadata = ((ArrowFileReader) reader).customMetadata();
        if (!footerMetadata.isEmpty()) {
          out.println("footer metadata:");
          printMetadata(footerMetadata, "  ");
        }
      }
      List<String> lines = new ArrayList<>();
      long rows = 0;
      int count = 0;
      List<BatchInfo> infos = batchInfos(file, reader);
      RecordBatch batch;
      while ((batch = reader.next()) != null) {
        BatchInfo info = count < infos.size() ? infos.get(count) : null;
        lines.add("  batch " + count + ": " + batch.length() + " rows, "
            + (info == null ? "?" : Long.toString(info.bytes())) + " body bytes"
            + (info == null || info.compression() == null ? ", uncompressed"
                : ", " + info.compression().name().toLowerCase(Locale.ROOT) + " compressed"));
        rows += batch.length();
        count++;
      }
      out.println("record batches: " + count + " (" + rows + " rows)");
      lines.forEach(out::println);
    }
  }

  /** Size of the body (the buffers, as stored) and body compression of one record batch. */
  private record BatchInfo(long bytes, CompressionCodec compression) {}

  /** The record batch messages' sizes and codecs: from the footer's blocks, or by walking the stream. */
  private static List<BatchInfo> batchInfos(Path file, BatchReader reader) throws IOException {
    List<BatchInfo> infos = new ArrayList<>();
    try (ByteSource source = ByteSource.map(file)) {
      if (reader instanceof ArrowFileReader fileReader) {
        List<Block> blocks = fileReader.footer().recordBatches();
        for (int k = 0; k < blocks.size(); k++) {
          Block block = blocks.get(k);
          ReadMessage message = MessageReader.readBlock(source, block, k, ReadOptions.DEFAULT);
          infos.add(new BatchInfo(block.bodyLength(), compression(message)));
        }
      } else {
        try (MessageReader messages = MessageReader.of(source, 0, ReadOptions.DEFAULT)) {
          ReadMessage message;
          while ((message = messages.next()) != null) {
            if (message.message().header() instanceof RecordBatchHeader) {
              infos.add(new BatchInfo(message.message().bodyLength(), compression(message)));
            }
          }
        }
      }
    }
    return infos;
  }

  private static CompressionCodec compression(ReadMessage message) {
    return message.message().header() instanceof RecordBatchHeader header ? header.compression() : null;
  }

  private void printField(Field field, String indent) {
    StringBuilder line = new StringBuilder(indent).append(field.name()).append(": ").append(field.type());
    if (field.isDictionaryEncoded()) {
      line.append(", ").append(field.dictionary());
    }
    if (!field.nullable()) {
      line.append(", not null");
    }
    out.println(line);
    printMetadata(field.metadata(), indent + "    ");
    for (Field child : field.children()) {
      printField(child, indent + "  ");
    }
  }

  private void printMetadata(Map<String, String> metadata, String indent) {
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      out.println(indent + "metadata " + e.getKey() + " = " + e.getValue());
    }
  }

  /** Bytes of every buffer of the array, its children and its dictionary, as held in memory. */
  private static long bufferBytes(ArrayData data) {
    long bytes = 0;
    for (int i = 0; i < data.bufferCount(); i++) {
      ArrowBuffer buffer = data.buffer(i);
      if (buffer != null) {
        bytes += buffer.length();
      }
    }
    for (ArrayData child : data.children()) {
      bytes += bufferBytes(child);
    }
    if (data.dictionary() != null) {
      bytes += bufferBytes(data.dictionary());
    }
    return bytes;
  }

  private void cat(Path file, long limit) throws IOException {
    cat(file, Map.of(), limit);
  }

  /**
   * Prints at most {@code limit} rows of {@code file} as JSON lines, each followed by the {@code partition} values
   * as strings (the folder names do not say their type); the number printed.
   */
  private long cat(Path file, Map<String, String> partition, long limit) throws IOException {
    try (BatchReader reader = BatchReaders.open(file, ReadOptions.DEFAULT)) {
      List<Field> fields = new ArrayList<>(reader.schema().fields());
      for (String key : partition.keySet()) {
        fields.add(Field.nullable(key, new io.arrowfile.columnar.type.ArrowType.Utf8()));
      }
      long printed = 0;
      RecordBatch batch;
      StringBuilder line = new StringBuilder();
      List<Object> row = new ArrayList<>(fields.size());
      while (printed < limit && (batch = reader.next()) != null) {
        List<ArrowArray> columns = new ArrayList<>(fields.size());
        for (ArrayData column : batch.columns()) {
          columns.add(ArrowArray.of(column));
        }
        for (long r = 0; r < batch.length() && printed < limit; r++, printed++) {
          row.clear();
          for (ArrowArray column : columns) {
            row.add(column.getObject(r));
          }
          row.addAll(partition.values());
          line.setLength(0);
          JsonValueWriter.writeRow(line, fields, row);
          out.println(line);
        }
      }
      return printed;
    }
  }

  private void validate(Path file) throws IOException {
    long rows = 0;
    int batches = 0;
    try (BatchReader reader = BatchReaders.open(file, ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL))) {
      RecordBatch batch;
      while ((batch = reader.next()) != null) {
        rows += batch.length();
        batches++;
      }
    }
    out.println(file + ": valid (" + batches + " record batches, " + rows + " rows)");
  }
}
