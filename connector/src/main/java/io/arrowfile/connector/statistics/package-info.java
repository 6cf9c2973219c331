/**
 * Per-batch column statistics in the footer ({@code arrowfile.statistics.v1}): written as JSON by the writer,
 * read back per file, and used to skip record batches a filter rules out.
 */
package io.arrowfile.connector.statistics;
