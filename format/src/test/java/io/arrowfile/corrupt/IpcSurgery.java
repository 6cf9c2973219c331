package io.arrowfile.corrupt;

import io.arrowfile.ipc.ByteSource;
import io.arrowfile.ipc.ReadOptions;
import io.arrowfile.ipc.flatbuf.MetadataFlatbuffers;
import io.arrowfile.ipc.MessageReader;
import io.arrowfile.ipc.ReadMessage;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.Footer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Takes valid IPC files and streams apart into their messages (decoded metadata and raw body) and puts
 * them back together after an edit, with correct framing and footer blocks, so that a test damages exactly
 * one structure. Also finds where things are (offsets of messages, the footer length).
 */
final class IpcSurgery {
  private IpcSurgery() {}

  /** One encapsulated message: its metadata and its body bytes. */
  record Part(Message message, byte[] body) {
    Part withMessage(Message m) {
      return new Part(m, body);
    }

    Part withBody(byte[] b) {
      return new Part(message, b);
    }
  }

  /** The messages of a stream (or of a file's message section, from {@code start} = 8). */
  static List<Part> parse(byte[] bytes, long start) {
    List<Part> parts = new ArrayList<>();
    try (MessageReader r = MessageReader.of(ByteSource.wrap(bytes, "valid"), start, ReadOptions.DEFAULT)) {
      ReadMessage m;
      while ((m = r.next()) != null) {
        parts.add(new Part(m.message(), m.body().toByteArray()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return parts;
  }

  /** The messages of a file (the footer is rebuilt on {@link #file}). */
  static List<Part> parseFile(byte[] bytes) {
    // The file's messages end where the footer starts: parse up to there.
    int footerLength = footerLength(bytes);
    byte[] messages = java.util.Arrays.copyOfRange(bytes, 0, bytes.length - 10 - footerLength);
    return parse(messages, 8);
  }

  static int footerLength(byte[] file) {
    return ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(file.length - 10);
  }

  static Footer footer(byte[] file) {
    int length = footerLength(file);
    ByteBuffer fb = ByteBuffer.wrap(file, file.length - 10 - length, length).slice().order(ByteOrder.LITTLE_ENDIAN);
    return MetadataFlatbuffers.readFooter(fb);
  }

  /** The encapsulated form: continuation marker, padded length, flatbuffer, padding, body. */
  static byte[] frame(Message message, byte[] body) {
    ByteBuffer fb = MetadataFlatbuffers.writeMessage(message);
    byte[] meta = new byte[fb.remaining()];
    fb.duplicate().get(meta);
    return frame(meta, body);
  }

  static byte[] frame(byte[] flatbuffer, byte[] body) {
    int padded = (flatbuffer.length + 8 + 7) / 8 * 8 - 8;
    ByteBuffer out = ByteBuffer.allocate(8 + padded + body.length).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(-1).putInt(padded).put(flatbuffer);
    out.position(8 + padded);
    out.put(body);
    return out.array();
  }

  static byte[] stream(List<Part> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Part p : parts) {
      out.writeBytes(frame(p.message(), p.body()));
    }
    out.writeBytes(new byte[] {-1, -1, -1, -1, 0, 0, 0, 0});
    return out.toByteArray();
  }

  /** A file of {@code parts} (the first a schema), its footer built from where they land, then edited. */
  static byte[] file(List<Part> parts, UnaryOperator<Footer> footerEdit) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {'A', 'R', 'R', 'O', 'W', '1', 0, 0});
    List<Block> dictionaries = new ArrayList<>();
    List<Block> batches = new ArrayList<>();
    SchemaMessage schema = null;
    for (Part p : parts) {
      long offset = out.size();
      byte[] framed = frame(p.message(), p.body());
      out.writeBytes(framed);
      Block block = new Block(offset, framed.length - p.body().length, p.body().length);
      if (p.message().header() instanceof SchemaMessage s) {
        schema = s;
      } else if (p.message().header() instanceof DictionaryBatchHeader) {
        dictionaries.add(block);
      } else if (p.message().header() instanceof RecordBatchHeader) {
        batches.add(block);
      }
    }
    Footer footer = footerEdit.apply(new Footer(MetadataVersion.V5, schema, dictionaries, batches, Map.of()));
    ByteBuffer fb = MetadataFlatbuffers.writeFooter(footer);
    byte[] f = new byte[fb.remaining()];
    fb.duplicate().get(f);
    out.writeBytes(f);
    ByteBuffer tail = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    tail.putInt(f.length).put(new byte[] {'A', 'R', 'R', 'O', 'W', '1'});
    out.writeBytes(tail.array());
    return out.toByteArray();
  }

  static byte[] file(List<Part> parts) {
    return file(parts, f -> f);
  }

  /** {@code parts} with the {@code index}-th part whose header is a {@code type} replaced by {@code edit}. */
  static <H> List<Part> editNth(List<Part> parts, Class<H> type, int index, UnaryOperator<Part> edit) {
    List<Part> out = new ArrayList<>(parts);
    int seen = 0;
    for (int i = 0; i < out.size(); i++) {
      if (type.isInstance(out.get(i).message().header()) && seen++ == index) {
        out.set(i, edit.apply(out.get(i)));
        return out;
      }
    }
    throw new IllegalArgumentException("no " + type.getSimpleName() + " number " + index);
  }

  /** The same message with another header. */
  static Message withHeader(Message m, io.arrowfile.ipc.metadata.MessageHeader header) {
    return new Message(m.version(), header, m.bodyLength(), m.customMetadata());
  }

  static Message withBodyLength(Message m, long bodyLength) {
    return new Message(m.version(), m.header(), bodyLength, m.customMetadata());
  }

  static RecordBatchHeader batch(Part p) {
    return (RecordBatchHeader) p.message().header();
  }

  static void putLong(byte[] b, int at, long v) {
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(at, v);
  }

  static void putInt(byte[] b, int at, int v) {
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, v);
  }
}
