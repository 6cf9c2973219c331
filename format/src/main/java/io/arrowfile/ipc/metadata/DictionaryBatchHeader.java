package io.arrowfile.ipc.metadata;

/**
 * A {@code DictionaryBatch} table: the dictionary's id, its values as a one-column record batch, and whether
 * they are appended to the dictionary so far ({@code isDelta}) or replace it.
 */
public record DictionaryBatchHeader(long id, RecordBatchHeader data, boolean isDelta) implements MessageHeader {}
