/**
 * The IPC metadata ({@code io.arrowfile.ipc.metadata}) to and from Flatbuffers, through {@code flatbuffers-java}
 * and with bounds checked on every read: a message's bytes are untrusted input. Internal to the format module.
 */
package io.arrowfile.ipc.flatbuf;
