package io.arrowfile.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.metadata.Block;
import io.arrowfile.ipc.metadata.BodyBuffer;
import io.arrowfile.ipc.metadata.Message;
import io.arrowfile.ipc.metadata.MetadataVersion;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Framing with a stand-in metadata codec: the "flatbuffer" is 12 bytes, the body length (int64) and a
 * tag (int32), so these tests need nothing of the real codec.
 */
class FramingTest {
  static final Function<Message, ByteBuffer> WRITE = m -> {
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(m.bodyLength()).putInt((int) ((RecordBatchHeader) m.header()).length()).flip();
    return b;
  };
  static final Function<ByteBuffer, Message> READ = b -> {
    ByteBuffer le = b.slice().order(ByteOrder.LITTLE_ENDIAN);
    if (le.remaining() < 12) {
      throw new ArrowFormatException("short metadata");
    }
    return message(le.getInt(8), le.getLong(0));
  };

  static Message message(int tag, long bodyLength) {
    return new Message(MetadataVersion.V5, new RecordBatchHeader(tag, List.of(), List.of(), null, null),
        bodyLength, null);
  }

  static byte[] body(int n, int seed) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (seed + i);
    }
    return b;
  }

  /** Three messages with bodies of 0, 13 (padded to 16) and 100 bytes, then EOS if asked. */
  static byte[] threeMessages(boolean eos, List<Block> blocks) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    MessageWriter w = new MessageWriter(Channels.newChannel(out), 0, WRITE);
    blocks.add(w.write(message(1, 0)));
    blocks.add(w.write(message(2, 16), List.of(new BodyBuffer(0, 13)), List.of(ArrowBuffer.wrap(body(13, 2)))));
    blocks.add(w.write(message(3, 128), List.of(new BodyBuffer(0, 10), new BodyBuffer(64, 36)),
        List.of(ArrowBuffer.wrap(body(10, 3)), ArrowBuffer.wrap(body(36, 4)))));
    if (eos) {
      w.writeEndOfStream();
    }
    assertEquals(out.size(), w.position());
    return out.toByteArray();
  }

  static List<ReadMessage> readAll(MessageReader r) throws IOException {
    List<ReadMessage> out = new ArrayList<>();
    ReadMessage m;
    while ((m = r.next()) != null) {
      out.add(m);
    }
    assertNull(r.next());
    return out;
  }

  static MessageReader source(byte[] bytes) {
    return MessageReader.of(ByteSource.wrap(bytes, "mem"), 0, ReadOptions.DEFAULT, READ);
  }

  static MessageReader stream(byte[] bytes) {
    return MessageReader.of(new ByteArrayInputStream(bytes), "mem", ReadOptions.DEFAULT, READ);
  }

  private static void checkThree(List<ReadMessage> ms, List<Block> blocks) {
    assertEquals(3, ms.size());
    for (int i = 0; i < 3; i++) {
      assertEquals(i + 1, ((RecordBatchHeader) ms.get(i).message().header()).length());
      assertEquals(i, ms.get(i).index());
      assertEquals(blocks.get(i).offset(), ms.get(i).offset());
      assertEquals(0, blocks.get(i).offset() % 8);
      assertEquals(0, blocks.get(i).metaDataLength() % 8);
    }
    assertEquals(0, ms.get(0).body().length());
    byte[] b1 = ms.get(1).body().toByteArray();
    assertArrayEquals(body(13, 2), Arrays.copyOf(b1, 13));
    assertEquals(0, b1[13]);
    ArrowBuffer b2 = ms.get(2).body();
    assertEquals(128, b2.length());
    assertArrayEquals(body(36, 4), b2.getBytes(64, 36));
  }

  @Test
  void roundTripWithAndWithoutEos() throws IOException {
    for (boolean eos : new boolean[] {true, false}) {
      List<Block> blocks = new ArrayList<>();
      byte[] bytes = threeMessages(eos, blocks);
      checkThree(readAll(source(bytes)), blocks);
      checkThree(readAll(stream(bytes)), blocks);
    }
  }

  @Test
  void blocksReadAtRandom() throws IOException {
    List<Block> blocks = new ArrayList<>();
    byte[] bytes = threeMessages(true, blocks);
    ByteSource src = ByteSource.wrap(bytes, "mem");
    ReadMessage m = MessageReader.readBlock(src, blocks.get(2), 2, ReadOptions.DEFAULT, READ);
    assertEquals(3, ((RecordBatchHeader) m.message().header()).length());
    assertEquals(128, m.body().length());
    Block bad = new Block(blocks.get(2).offset(), blocks.get(2).metaDataLength(), bytes.length);
    ArrowFormatException e = assertThrows(ArrowFormatException.class,
        () -> MessageReader.readBlock(src, bad, 2, ReadOptions.DEFAULT, READ));
    assertTrue(e.getMessage().startsWith("mem: footer block"), e.getMessage());
    assertThrows(ArrowFormatException.class,
        () -> MessageReader.readBlock(src, new Block(-8, 24, 0), 0, ReadOptions.DEFAULT, READ));
    assertThrows(ArrowFormatException.class,
        () -> MessageReader.readBlock(src, new Block(0, 4, 0), 0, ReadOptions.DEFAULT, READ));
  }

  @Test
  void legacyFramingWithoutContinuation() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuffer b = ByteBuffer.allocate(4 + 16 + 8 + 4).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(16);
    ByteBuffer fb = WRITE.apply(message(7, 8));
    b.put(fb).putInt(0); // pad the 12 bytes to 16
    b.putLong(0x0102030405060708L);
    b.putInt(0); // legacy end of stream
    out.write(b.array());
    for (MessageReader r : new MessageReader[] {source(out.toByteArray()), stream(out.toByteArray())}) {
      List<ReadMessage> ms = readAll(r);
      assertEquals(1, ms.size());
      assertEquals(7, ((RecordBatchHeader) ms.get(0).message().header()).length());
      assertEquals(0x0102030405060708L, ms.get(0).body().getLong(0));
    }
  }

  @Test
  void truncationAnywhereIsAnErrorOrACleanEnd() throws IOException {
    List<Block> blocks = new ArrayList<>();
    byte[] bytes = threeMessages(true, blocks);
    List<Long> boundaries = new ArrayList<>();
    for (Block b : blocks) {
      boundaries.add(b.offset());
    }
    boundaries.add((long) bytes.length - 8); // before EOS
    for (int cut = 0; cut < bytes.length; cut++) {
      byte[] part = Arrays.copyOf(bytes, cut);
      for (boolean useStream : new boolean[] {false, true}) {
        MessageReader r = useStream ? stream(part) : source(part);
        if (boundaries.contains((long) cut)) {
          assertEquals(boundaries.indexOf((long) cut), readAll(r).size(), "cut " + cut);
        } else {
          ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> readAll(r), "cut " + cut);
          assertTrue(e.getMessage().contains("truncated") || e.getMessage().contains("short metadata"),
              e.getMessage());
          assertTrue(e.getMessage().startsWith("mem: message "), e.getMessage());
        }
      }
    }
  }

  /** A Feather version 1 file (magic FEA1, printable) is named as one, with the pyarrow line that rewrites it. */
  @Test
  void featherVersion1IsNamedWithItsRewrite() {
    byte[] bytes = "FEA1\u0000\u0000\u0000\u0000".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    for (MessageReader r : List.of(source(bytes), stream(bytes))) {
      ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> readAll(r));
      assertTrue(e.getMessage().endsWith("not an Arrow IPC file or stream: it starts with FEA1, as a Feather version 1"
          + " file does (version 2 is the Arrow IPC file format): rewrite it as version 2 with pyarrow, "
          + "pyarrow.feather.write_feather(pyarrow.feather.read_feather(path), path)"), e.getMessage());
    }
  }

  /** A file of another format, the most common mistake, is named as such instead of as an absurd length. */
  @Test
  void otherFormatsAreNamed() {
    String[][] cases = {
      {"PAR1\u0015\u0004\u0015\u0010", "as a Parquet file does"},
      {"ORC\u0012\u0000\u0000\u0000\u0000", "as an ORC file does"},
      {"id,name\n1,a\n", "as a CSV or JSON file does"},
      {"{\"a\": 1}\n", "as a CSV or JSON file does"},
      {"ARROW", "truncated?"},
      {"FEA1\u0000\u0000\u0000\u0000\u0001\u0002", "as a Feather version 1 file does"},
      {"\u001f\u008b\u0008\u0000\u0000\u0000", "gzip"},
    };
    for (String[] c : cases) {
      byte[] bytes = c[0].getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      for (MessageReader r : List.of(source(bytes), stream(bytes))) {
        ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> readAll(r), c[0]);
        assertTrue(e.getMessage().contains("not an Arrow IPC file or stream: ")
            && e.getMessage().contains(c[1]), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
      }
    }
    // Bytes that look like nothing known still say what an Arrow source starts with.
    byte[] noise = {(byte) 0x9A, 0x42, (byte) 0xE1, 0x7F, 0, 0, 0, 0};
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> readAll(source(noise)));
    assertTrue(e.getMessage().contains("an IPC file starts with ARROW1"), e.getMessage());
    // A real stream's oversized length (after the continuation marker) keeps its precise message.
    ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(-1).putInt(Integer.MAX_VALUE);
    e = assertThrows(ArrowFormatException.class, () -> readAll(source(b.array())));
    assertTrue(e.getMessage().contains("metadata length 2147483647"), e.getMessage());
  }

  @Test
  void hugeDeclaredLengthsAreRejectedWithoutAllocating() throws IOException {
    // metadata length beyond the cap
    ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(-1).putInt(Integer.MAX_VALUE);
    assertThrows(ArrowFormatException.class, () -> readAll(stream(b.array())));
    assertThrows(ArrowFormatException.class, () -> readAll(source(b.array())));
    ByteBuffer neg = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    neg.putInt(-1).putInt(-5);
    assertThrows(ArrowFormatException.class, () -> readAll(stream(neg.array())));
    // a body of 1 TiB declared, 8 bytes present
    ByteBuffer m = ByteBuffer.allocate(8 + 16 + 8).order(ByteOrder.LITTLE_ENDIAN);
    m.putInt(-1).putInt(16).put(WRITE.apply(message(1, 1L << 40))).putInt(0).putLong(0);
    ArrowFormatException e = assertThrows(ArrowFormatException.class, () -> readAll(source(m.array())));
    assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    InputStream slow = new ByteArrayInputStream(m.array());
    e = assertThrows(ArrowFormatException.class,
        () -> readAll(MessageReader.of(slow, "mem", ReadOptions.DEFAULT, READ)));
    assertTrue(e.getMessage().contains("truncated"), e.getMessage());
  }
}
