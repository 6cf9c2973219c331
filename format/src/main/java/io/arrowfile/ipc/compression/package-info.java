/** Body buffer compression (LZ4 frame, zstd) of the IPC format. */
package io.arrowfile.ipc.compression;
