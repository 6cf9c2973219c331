/**
 * Reading, as Spark's DataSource V2 sees it: the scan (builder, scan, partition reader factory, runtime filter,
 * batch selection, statistics, metrics, the {@code _metadata} column), schema inference, and the reader core V1 and
 * V2 share ({@link io.arrowfile.connector.read.ArrowBatchIterator}). Files are opened and read through
 * {@code connector.files}; aggregates answered from footers come from {@code connector.aggregate}.
 */
package io.arrowfile.connector.read;
