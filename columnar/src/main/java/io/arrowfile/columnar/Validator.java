package io.arrowfile.columnar;

/**
 * Checks that an {@link ArrayData} is what its field says, at a {@link ValidationLevel}, recursing into
 * children and dictionaries. Problems are reported as {@link ArrowFormatException} with the field path.
 */
public final class Validator {
  private Validator() {}

  public static void validate(ArrayData data, ValidationLevel level) {
    throw new UnsupportedOperationException("validator not written yet");
  }

  public static void validate(RecordBatch batch, ValidationLevel level) {
    for (ArrayData column : batch.columns()) {
      validate(column, level);
    }
  }
}
