/**
 * File access: opening Arrow IPC files ({@link io.arrowfile.connector.files.ArrowFiles}) mapped, with local positioned
 * reads or through Hadoop (vectored reads on object stores), the memory bodies are read into, the version a scan
 * planned ({@link io.arrowfile.connector.files.FileVersion}), and the reader of a file's record batches that fetches
 * the byte ranges {@code ArrowFileDecoder} names ({@link io.arrowfile.connector.files.FileBatchReader}).
 */
package io.arrowfile.connector.files;
