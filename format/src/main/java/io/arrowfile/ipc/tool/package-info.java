/** The command-line tool ({@code bin/arrowfile}: inspect, cat, validate), over the IPC API. */
package io.arrowfile.ipc.tool;
