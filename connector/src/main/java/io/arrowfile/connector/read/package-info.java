/**
 * Reading, as Spark sees it: thin DataSource V2 classes (the scan builder and {@link
 * io.arrowfile.connector.read.ArrowScan}, the partition reader factory) over one reader the V1 file format shares.
 *
 * <p>Planning, on the driver: the splits cut into tasks of equal cost ({@link
 * io.arrowfile.connector.read.TaskCutter}), the record batches a pushed limit or top-N needs ({@link
 * io.arrowfile.connector.read.BatchSelection}), size and row estimates ({@link
 * io.arrowfile.connector.read.ScanStatistics}), runtime filters ({@link io.arrowfile.connector.read.RuntimeFilter}),
 * and what every split reads ({@link io.arrowfile.connector.read.ReadRequest}), decided once.
 *
 * <p>Execution, on the executors: {@link io.arrowfile.connector.read.SplitReader}, the one entry point of V1 and V2,
 * opens a split and chooses its record batches; {@link io.arrowfile.connector.read.ArrowBatchIterator} hands them to
 * Spark as batches (sliced to the batch size) or rows, with the partition values and Spark's {@code _metadata}
 * column ({@link io.arrowfile.connector.read.FileMetadataColumn}); {@link io.arrowfile.connector.read.ScanMetrics}
 * counts what was read. Also schema inference. Files are opened and read through {@code connector.files}; what
 * footers tell comes from {@code connector.footer}; aggregates answered from footers from {@code
 * connector.aggregate}.
 */
package io.arrowfile.connector.read;
