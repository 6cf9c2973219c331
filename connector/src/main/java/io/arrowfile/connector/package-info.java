/**
 * The Spark connector ({@code arrowfile}), built on {@code io.arrowfile.ipc}; nothing in {@code columnar} or
 * {@code ipc} may depend on it.
 *
 * <p>Packages, each depending only on those listed after it (LayeringTest checks it): this package, what Spark
 * calls first (the data source, its table, the V1 file format); {@code read} (planning, the one description of a
 * split and the one executor entry point of V1 and V2 reads, the batch iterator, schema inference); {@code write}
 * (output writers, column writers); {@code aggregate} (aggregates answered from footers); {@code footer} (what a
 * file's footer says, cached); {@code files} (file access); {@code vector} (the Spark column vectors over Arrow
 * buffers); {@code statistics} (footer statistics: written, read, used to skip batches); {@code types} (the
 * Arrow-Spark type mappings both ways); {@code options} (every read and write option, each parsed once). Spark's
 * Scala internals are implemented only in {@code io.arrowfile.spark}.
 *
 * <p>Routing, as Spark's own Parquet does it: {@link io.arrowfile.connector.ArrowFileDataSource} is the
 * registered {@code FileDataSourceV2} (short name {@code arrowfile}) whose path reads are a V2 {@code BatchScan}
 * ({@link io.arrowfile.connector.ArrowTable}, {@link io.arrowfile.connector.read.ArrowScanBuilder},
 * {@link io.arrowfile.connector.read.ArrowScan}, {@link io.arrowfile.connector.read.ArrowPartitionReaderFactory}); its
 * fallback {@link io.arrowfile.connector.ArrowFileFormat} (V1) serves catalog tables, SQL on paths and writes (but
 * those of a V2 catalog, which reach {@link io.arrowfile.connector.write.ArrowWrite}; both write through
 * {@link io.arrowfile.connector.write.ArrowWriteSupport}).
 * Both read through one core: what each split reads is decided once on the driver
 * ({@link io.arrowfile.connector.read.ReadRequest}, read options in
 * {@link io.arrowfile.connector.options.ArrowReadOptions}) and each split is read by
 * {@link io.arrowfile.connector.read.SplitReader}: one {@code ColumnarBatch} per record batch
 * ({@link io.arrowfile.connector.read.ArrowBatchIterator}), its column vectors ({@code io.arrowfile.connector.vector})
 * reading the Arrow buffers in place. Types map as {@link io.arrowfile.connector.types.ArrowToSpark} documents.
 *
 * <p>Files ({@link io.arrowfile.connector.files.ReadMode}): {@code file:} paths are read with positioned reads
 * ({@link io.arrowfile.connector.files.LocalFile}), other file systems through Hadoop
 * ({@link io.arrowfile.connector.files.HadoopByteSource}), in both cases fetching only the wanted columns' buffers
 * ({@link io.arrowfile.connector.files.FileBatchReader}); with {@code arrowfile.mmap=true} local files are
 * memory-mapped instead; stream-format files are read sequentially.
 * Options: read options in {@link io.arrowfile.connector.options.ArrowReadOptions} ({@code mergeSchema} unites
 * disagreeing file schemas, {@code arrowfile.mmap}, {@code arrowfile.forceHadoopRead}, ...); write options
 * in {@link io.arrowfile.connector.options.ArrowWriteOptions}. Every entry point checks them first
 * ({@link io.arrowfile.connector.options.ArrowOptions}): invalid values and misspelled names fail fast.
 *
 * <p>Spark lines: this code is compiled and tested once per Spark line, into a jar of its own, by the modules
 * {@code connector/spark-<line>_<scala>} (4.0, 4.1 and 4.2 today; docs/installing.md). What only some lines have goes
 * through one compatibility point each, resolved once per JVM: Spark's TIME type (4.1+) in
 * {@link io.arrowfile.connector.types.ArrowToSpark#hasTimeType()} and {@code types.SparkToArrow.isTimeType}.
 * Spark's Scala traits ({@code FileDataSourceV2}, {@code FileScan}, {@code FileWrite}) are implemented by their
 * generated member names only in {@code io.arrowfile.spark}, whose base classes the data source, scan and write
 * extend.
 */
package io.arrowfile.connector;
