package io.arrowfile.ipc.metadata;

/** The union a {@link Message} carries. Tensor messages are outside the columnar format and rejected on read. */
public sealed interface MessageHeader
    permits SchemaMessage, RecordBatchHeader, DictionaryBatchHeader {

  /** What the message is, in the words of an error that met it where another was due ("a schema message"). */
  default String kind() {
    if (this instanceof SchemaMessage) {
      return "schema";
    } else if (this instanceof DictionaryBatchHeader) {
      return "dictionary batch";
    }
    return "record batch";
  }
}
