/**
 * The Arrow IPC file and stream formats: what a program reads and writes with.
 *
 * <p>The API: {@link io.arrowfile.ipc.ArrowFileWriter}, {@link io.arrowfile.ipc.ArrowStreamWriter},
 * {@link io.arrowfile.ipc.ArrowFileReader}, {@link io.arrowfile.ipc.ArrowStreamReader} (both
 * {@link io.arrowfile.ipc.BatchReader}s), {@link io.arrowfile.ipc.ArrowFileDecoder} (a file reader that does no
 * I/O: it names the byte ranges it needs and is handed them), with {@link io.arrowfile.ipc.ReadOptions},
 * {@link io.arrowfile.ipc.WriteOptions} and {@link io.arrowfile.ipc.ByteSource} (where the bytes come from). For a
 * reader whose caller is done with a batch when it asks for the next (a scan): a
 * {@link io.arrowfile.ipc.DecompressionArena} that every batch is decompressed into, and a
 * {@link io.arrowfile.ipc.DeferredBatch} whose plain columns are decompressed when first read
 * ({@link io.arrowfile.ipc.DeferredColumn}).
 *
 * <p>Under them, in this package because the readers and writers are thin drivers over it, the message layer,
 * shaped like arrow-rs: {@link io.arrowfile.ipc.MessageReader} and {@link io.arrowfile.ipc.MessageWriter} frame
 * encapsulated messages, {@link io.arrowfile.ipc.RecordBatchDecoder} and {@link io.arrowfile.ipc.RecordBatchEncoder}
 * turn record batch messages into arrays and back, {@link io.arrowfile.ipc.DictionaryReader} keeps a reader's
 * dictionaries. What they share with the layers below (a footer's {@link io.arrowfile.ipc.metadata.Block}, the
 * body's {@link io.arrowfile.ipc.metadata.CompressionCodec}) is in {@code metadata}, so that the packages form no
 * cycle: this package uses {@code metadata}, {@code flatbuf} (metadata to and from Flatbuffers) and {@code compression}
 * (body compression); none of them uses it.
 */
package io.arrowfile.ipc;
