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
      "usage: arrowfile <command> [options] FILE",
      "",
      "commands:",
      "  inspect FILE            schema (with metadata), batch count, rows and body bytes per batch, compression",
      "  cat [--limit N] FILE    rows as JSON lines, at most N rows if given",
      "  validate FILE           full validation: every offset, UTF-8 string, dictionary and union index;",
      "                          exit 0 if valid, 1 with the error on stderr if not",
      "",
      "FILE may be in the Arrow IPC file format (.arrow, .feather) or the stream format.");

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
    if (!Files.isRegularFile(file)) {
      err.println("arrowfile: " + file + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
      return USAGE;
    }
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

  private int usage(String problem) {
    err.println("arrowfile: " + problem);
    err.println(USAGE_TEXT);
    return USAGE;
  }

  private void inspect(Path file) throws IOException {
    try (BatchReader reader = BatchReader.open(file, ReadOptions.DEFAULT)) {
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
    try (BatchReader reader = BatchReader.open(file, ReadOptions.DEFAULT)) {
      List<Field> fields = reader.schema().fields();
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
          line.setLength(0);
          JsonValueWriter.writeRow(line, fields, row);
          out.println(line);
        }
      }
    }
  }

  private void validate(Path file) throws IOException {
    long rows = 0;
    int batches = 0;
    try (BatchReader reader = BatchReader.open(file, ReadOptions.DEFAULT.withValidation(ValidationLevel.FULL))) {
      RecordBatch batch;
      while ((batch = reader.next()) != null) {
        rows += batch.length();
        batches++;
      }
    }
    out.println(file + ": valid (" + batches + " record batches, " + rows + " rows)");
  }
}
