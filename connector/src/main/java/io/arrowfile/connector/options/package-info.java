/**
 * Every read and write option of arrowfile, parsed and checked in one place that depends on nothing else of the
 * connector.
 */
package io.arrowfile.connector.options;
