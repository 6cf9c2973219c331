/**
 * Reading: the V2 scan (builder, scan, partition reader factory), the reader core both V1 and V2 share
 * ({@link io.arrowfile.connector.read.ArrowBatchIterator}), schema inference, and file access (mapped local files,
 * Hadoop positioned reads, column-pruned fetches).
 */
package io.arrowfile.connector.read;
