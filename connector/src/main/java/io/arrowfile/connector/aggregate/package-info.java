/**
 * What footers answer without a scan: aggregates pushed into the scan
 * ({@link io.arrowfile.connector.aggregate.PushedAggregate}; per file
 * {@link io.arrowfile.connector.aggregate.FileAggregates}, on the driver
 * {@link io.arrowfile.connector.aggregate.FooterAggregation}). What a footer holds comes from
 * {@code connector.footer}.
 */
package io.arrowfile.connector.aggregate;
