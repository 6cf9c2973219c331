package io.arrowfile.ipc.metadata;

import java.util.List;

/**
 * A {@code RecordBatch} table: row count, one node per array in pre-order, the body's buffers in the same
 * order, the body compression (null when uncompressed) and, for each binary-view array in pre-order, how
 * many variadic data buffers it has.
 */
public record RecordBatchHeader(long length, List<FieldNode> nodes, List<BodyBuffer> buffers,
    CompressionCodec compression, List<Long> variadicBufferCounts) implements MessageHeader {
  public RecordBatchHeader {
    nodes = List.copyOf(nodes);
    buffers = List.copyOf(buffers);
    variadicBufferCounts = variadicBufferCounts == null ? List.of() : List.copyOf(variadicBufferCounts);
  }
}
