/**
 * The IPC format's metadata as Java records, one per table of the specification's {@code Message.fbs},
 * {@code Schema.fbs} and {@code File.fbs}: a {@link io.arrowfile.ipc.metadata.Message} and its header, the
 * file's {@link io.arrowfile.ipc.metadata.Footer} and its {@link io.arrowfile.ipc.metadata.Block}s, a body's
 * {@link io.arrowfile.ipc.metadata.CompressionCodec}. Immutable, with no Flatbuffers in them ({@code flatbuf}
 * turns them into bytes and back).
 */
package io.arrowfile.ipc.metadata;
