package io.arrowfile.ipc.metadata;

/** The format's {@code Buffer} struct: where a buffer lies in the message body, in bytes. */
public record BodyBuffer(long offset, long length) {}
