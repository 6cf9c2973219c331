package io.arrowfile.ipc;

import io.arrowfile.columnar.memory.ArrowBuffer;
import io.arrowfile.ipc.metadata.Message;

/**
 * One encapsulated message as read: its metadata, its body, where it starts in the source and its index
 * among the messages read (0 for the first).
 */
public record ReadMessage(Message message, ArrowBuffer body, long offset, int index) {
  /** For error messages: {@code message 3 (offset 1288)}. */
  public String where() {
    return "message " + index + " (offset " + offset + ")";
  }
}
