package io.arrowfile.columnar.type;

public enum DateUnit {
  /** Int32 days since the UNIX epoch. */
  DAY,
  /** Int64 milliseconds since the UNIX epoch, a multiple of 86400000. */
  MILLISECOND
}
