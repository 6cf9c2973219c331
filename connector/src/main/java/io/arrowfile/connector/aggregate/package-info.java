/**
 * What footers answer without a scan: aggregates pushed into the scan
 * ({@link io.arrowfile.connector.aggregate.PushedAggregate}; per file
 * {@link io.arrowfile.connector.aggregate.FileAggregates}, on the driver
 * {@link io.arrowfile.connector.aggregate.FooterAggregation}), row counts from record batch metadata, and the
 * per-file summary planning uses ({@link io.arrowfile.connector.aggregate.FooterSummary}, cached).
 */
package io.arrowfile.connector.aggregate;
