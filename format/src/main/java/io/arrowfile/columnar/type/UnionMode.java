package io.arrowfile.columnar.type;

public enum UnionMode {
  SPARSE, DENSE
}
