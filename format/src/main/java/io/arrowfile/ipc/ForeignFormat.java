package io.arrowfile.ipc;

import java.nio.charset.StandardCharsets;

/**
 * Names the format a source that is not Arrow IPC appears to be, from its first bytes, for the error that
 * refuses it. A Parquet, ORC or CSV file handed to an Arrow reader is the most common mistake, and without this
 * its first four bytes read as an absurd message length.
 */
final class ForeignFormat {
  private ForeignFormat() {}

  /**
   * What {@code head} (the first {@code n} bytes of a source that is neither an IPC file nor a stream) looks
   * like and what to do, as the end of a sentence; null when it looks like nothing known.
   */
  static String describe(byte[] head, int n) {
    if (startsWith(head, n, "PAR1")) {
      return "it starts with PAR1, as a Parquet file does: read it with Spark's parquet source";
    }
    if (startsWith(head, n, "ORC")) {
      return "it starts with ORC, as an ORC file does: read it with Spark's orc source";
    }
    if (startsWith(head, n, "Obj\u0001")) {
      return "it starts as an Avro container file does";
    }
    if (n >= 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B) {
      return "it starts as a gzip file does: decompress it first";
    }
    if (startsWith(head, n, "PK\u0003\u0004")) {
      return "it starts as a zip archive does: extract it first";
    }
    if (startsWith(head, n, "FEA1")) {
      // Feather version 1 predates the IPC file format (pandas before 1.0; write_feather(..., version=1)); its
      // magic is printable, so without this it read as a CSV file.
      return "it starts with FEA1, as a Feather version 1 file does (version 2 is the Arrow IPC file format): "
          + "rewrite it as version 2 with pyarrow, pyarrow.feather.write_feather(pyarrow.feather.read_feather(path), "
          + "path)";
    }
    if (startsWith(head, n, "ARRO")) {
      return "it starts like ARROW1, the magic of an Arrow IPC file, but is shorter than one: truncated?";
    }
    if (n > 0 && text(head, n)) {
      // Most often a sidecar beside Arrow files (a Hugging Face datasets directory's dataset_info.json and
      // state.json), read because its directory was: reading only the Arrow files is then what the user wants.
      return "it starts with text (\"" + quoted(head, n) + "\"), as a CSV or JSON file does. To read only the "
          + "Arrow files of a directory that holds other files too (such as a Hugging Face datasets directory's "
          + "dataset_info.json and state.json), set the read option pathGlobFilter, e.g. "
          + ".option(\"pathGlobFilter\", \"*.arrow\"); a CSV or JSON data set reads with Spark's csv or json "
          + "source";
    }
    return null;
  }

  private static boolean startsWith(byte[] head, int n, String magic) {
    if (n < magic.length()) {
      return false;
    }
    for (int i = 0; i < magic.length(); i++) {
      if (head[i] != (byte) magic.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** The text on one line, as a Java literal would show it: a message must not break where the file's lines do. */
  private static String quoted(byte[] head, int n) {
    return new String(head, 0, n, StandardCharsets.US_ASCII).replace("\\", "\\\\").replace("\"", "\\\"")
        .replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
  }

  private static boolean text(byte[] head, int n) {
    for (int i = 0; i < n; i++) {
      int b = head[i] & 0xFF;
      if (!(b >= 0x20 && b < 0x7F || b == '\t' || b == '\n' || b == '\r')) {
        return false;
      }
    }
    return true;
  }
}
