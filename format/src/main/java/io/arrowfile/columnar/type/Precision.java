package io.arrowfile.columnar.type;

public enum Precision {
  HALF(2), SINGLE(4), DOUBLE(8);

  private final int byteWidth;

  Precision(int byteWidth) {
    this.byteWidth = byteWidth;
  }

  public int byteWidth() {
    return byteWidth;
  }
}
