/**
 * Every read and write option of arrowfile: their names and the checks every entry point runs ({@link
 * io.arrowfile.connector.options.ArrowOptions}), and each side's options parsed once into a record ({@link
 * io.arrowfile.connector.options.ArrowReadOptions}, {@link io.arrowfile.connector.options.ArrowWriteOptions}),
 * in one place that depends on nothing else of the connector.
 */
package io.arrowfile.connector.options;
