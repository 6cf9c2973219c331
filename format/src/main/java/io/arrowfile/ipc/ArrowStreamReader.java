package io.arrowfile.ipc;

import io.arrowfile.columnar.ArrowFormatException;
import io.arrowfile.columnar.RecordBatch;
import io.arrowfile.columnar.type.Schema;
import io.arrowfile.ipc.metadata.DictionaryBatchHeader;
import io.arrowfile.ipc.metadata.MessageHeader;
import io.arrowfile.ipc.metadata.RecordBatchHeader;
import io.arrowfile.ipc.metadata.SchemaMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads the IPC stream format: a schema message, then dictionary batches and record batches in any order,
 * until the end-of-stream marker or the end of the input.
 */
public final class ArrowStreamReader implements BatchReader {
  private final MessageReader messages;
  private final ReadOptions options;
  private final SchemaMessage schemaMessage;
  private final DictionaryReader dictionaries;
  private int batchIndex;

  private ArrowStreamReader(MessageReader messages, ReadOptions options) throws IOException {
    this.messages = messages;
    this.options = options;
    ReadMessage first = messages.next();
    if (first == null) {
      throw new ArrowFormatException("stream is empty: it has no schema message").in(messages.name());
    }
    if (!(first.message().header() instanceof SchemaMessage schema)) {
      throw new ArrowFormatException("stream starts with a " + first.message().header().kind()
          + " message, not a schema").at(first.where()).in(messages.name());
    }
    this.schemaMessage = schema;
    try {
      this.dictionaries = new DictionaryReader(schema.schema(), schema.endianness(), false, options);
    } catch (ArrowFormatException e) {
      throw e.at(first.where()).in(messages.name());
    }
  }

  public static ArrowStreamReader open(Path path, ReadOptions options) throws IOException {
    ByteSource source = ByteSource.map(path);
    try {
      return open(source, options);
    } catch (IOException | RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /** A stream in {@code source} (closed with this reader). */
  public static ArrowStreamReader open(ByteSource source, ReadOptions options) throws IOException {
    return new ArrowStreamReader(MessageReader.of(source, 0, options), options);
  }

  /** A stream read from {@code in} (closed with this reader); {@code name} is for messages. */
  public static ArrowStreamReader open(InputStream in, String name, ReadOptions options) throws IOException {
    return new ArrowStreamReader(MessageReader.of(in, name, options), options);
  }

  @Override
  public Schema schema() {
    return schemaMessage.schema();
  }

  /** The schema message, with its byte order and features. */
  public SchemaMessage schemaMessage() {
    return schemaMessage;
  }

  @Override
  public RecordBatch next() throws IOException {
    while (true) {
      ReadMessage m = messages.next();
      if (m == null) {
        return null;
      }
      MessageHeader header = m.message().header();
      if (header instanceof RecordBatchHeader batch) {
        String where = "record batch " + batchIndex + " (message " + m.index() + ", offset " + m.offset() + ")";
        try {
          RecordBatch result = RecordBatchDecoder.decode(schema(), batch, m.body(),
              dictionaries.dictionaries(), schemaMessage.endianness(), m.message().version(), options);
          batchIndex++;
          return result;
        } catch (ArrowFormatException e) {
          throw e.at(where).in(messages.name());
        }
      } else if (header instanceof DictionaryBatchHeader dictionary) {
        try {
          dictionaries.read(dictionary, m.body(), m.message().version());
        } catch (ArrowFormatException e) {
          throw e.at("dictionary batch (" + m.where() + ")").in(messages.name());
        }
      } else {
        throw new ArrowFormatException("a second schema message in the stream").at(m.where())
            .in(messages.name());
      }
    }
  }

  @Override
  public int batchIndex() {
    return batchIndex;
  }

  @Override
  public String sourceName() {
    return messages.name();
  }

  @Override
  public void close() throws IOException {
    messages.close();
  }
}
