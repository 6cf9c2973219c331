package io.arrowfile.ipc.metadata;

/** The union a {@link Message} carries. Tensor messages are outside the columnar format and rejected on read. */
public sealed interface MessageHeader
    permits SchemaMessage, RecordBatchHeader, DictionaryBatchHeader {}
