/**
 * arrowfile-format: the Apache Arrow columnar format and its IPC file and stream formats, for any Java 17
 * program. Exported: the columnar arrays, builders, types and buffers; the IPC readers, writers and their
 * metadata records; the JSON value writer of the command-line tool. Not exported: the Flatbuffers reading and writing and the body
 * compression, which only the readers and writers use.
 */
module io.arrowfile.format {
  // flatbuffers-java names no module of its own: this is the name Java derives from its jar's file name
  requires flatbuffers.java;
  requires org.lz4.java;
  requires com.github.luben.zstd_jni;

  exports io.arrowfile.columnar;
  exports io.arrowfile.columnar.array;
  exports io.arrowfile.columnar.builder;
  exports io.arrowfile.columnar.memory;
  exports io.arrowfile.columnar.type;
  exports io.arrowfile.ipc;
  exports io.arrowfile.ipc.metadata;
  exports io.arrowfile.ipc.tool;
}
