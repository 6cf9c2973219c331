/**
 * The Spark DataSource V2 connector ({@code arrowfile}), built on {@code io.arrowfile.ipc}. It arrives with
 * its own issues; nothing in {@code columnar} or {@code ipc} may depend on it.
 */
package io.arrowfile.connector;
