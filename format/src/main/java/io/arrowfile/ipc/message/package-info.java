/**
 * The IPC message layer, shaped like arrow-rs: {@link io.arrowfile.ipc.message.MessageReader} and
 * {@link io.arrowfile.ipc.message.MessageWriter} frame encapsulated messages,
 * {@link io.arrowfile.ipc.message.RecordBatchDecoder} and {@link io.arrowfile.ipc.message.RecordBatchEncoder}
 * turn record batch messages into arrays and back, {@link io.arrowfile.ipc.message.DictionaryReader} keeps a
 * reader's dictionaries. The file and stream readers and writers of {@code io.arrowfile.ipc} are thin
 * drivers over these.
 */
package io.arrowfile.ipc.message;
