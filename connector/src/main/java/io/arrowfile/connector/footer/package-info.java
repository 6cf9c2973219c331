/**
 * What a file's footer tells without its record batch bodies, for planning and for answers from the footer: the
 * per-file summary planning uses ({@link io.arrowfile.connector.footer.FooterSummary}: batch offsets and rows,
 * column bytes, statistics), the driver's cache of them ({@link io.arrowfile.connector.footer.FooterCache}), and
 * record batch row counts from their metadata messages alone ({@link io.arrowfile.connector.files.RowCounts}, in files: file access).
 */
package io.arrowfile.connector.footer;
