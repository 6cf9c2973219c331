package io.arrowfile.columnar.type;

public enum TimeUnit {
  SECOND, MILLISECOND, MICROSECOND, NANOSECOND
}
