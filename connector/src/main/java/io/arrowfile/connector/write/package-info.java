/**
 * Writing: Spark's output writer factory and writers, one Arrow IPC file per task, and the column writers that
 * turn Spark rows into Arrow builders.
 */
package io.arrowfile.connector.write;
