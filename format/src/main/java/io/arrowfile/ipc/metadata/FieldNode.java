package io.arrowfile.ipc.metadata;

/** One array in a record batch, in pre-order: its logical length and null count. */
public record FieldNode(long length, long nullCount) {}
