package io.arrowfile.ipc.metadata;

import io.arrowfile.ipc.metadata.Block;
/**
 * The footer's {@code Block}: where an encapsulated message starts in the file, the length of its
 * prefix-and-metadata part (continuation marker, length, flatbuffer, padding) and the length of its body.
 */
public record Block(long offset, int metaDataLength, long bodyLength) {}
