/**
 * The type mappings: Arrow to Spark ({@link io.arrowfile.connector.types.ArrowToSpark}) for reading and Spark to
 * Arrow ({@link io.arrowfile.connector.types.SparkToArrow}) for writing.
 */
package io.arrowfile.connector.types;
