package io.arrowfile.columnar;

/**
 * The one exception for Arrow data that breaks the format: a corrupt or truncated file, metadata that
 * does not describe what the body holds, offsets out of range, invalid UTF-8, an unsupported feature.
 *
 * <p>The message reads {@code source: location: field path: problem. advice}, each part present when known, for
 * example {@code data.arrow: record batch 3 (offset 4096): field 'tags.item': offset 17 (912) is beyond
 * the data buffer (800 bytes)}. The layer that finds the problem states it; outer layers add where it is
 * with {@link #inField}, {@link #at} and {@link #in}, and the layer that knows the user's remedies adds them with
 * {@link #withAdvice}.
 */
public class ArrowFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final String location;
  private final String fieldPath;
  private final String problem;
  private final String advice;

  public ArrowFormatException(String problem) {
    this(null, null, null, problem, null, null);
  }

  public ArrowFormatException(String problem, Throwable cause) {
    this(null, null, null, problem, null, cause);
  }

  private ArrowFormatException(String source, String location, String fieldPath, String problem, String advice,
      Throwable cause) {
    super(compose(source, location, fieldPath, problem, advice), cause);
    this.source = source;
    this.location = location;
    this.fieldPath = fieldPath;
    this.problem = problem;
    this.advice = advice;
  }

  private static String compose(String source, String location, String fieldPath, String problem, String advice) {
    StringBuilder sb = new StringBuilder();
    if (source != null) {
      sb.append(source).append(": ");
    }
    if (location != null) {
      sb.append(location).append(": ");
    }
    if (fieldPath != null) {
      sb.append("field '").append(fieldPath).append("': ");
    }
    sb.append(problem);
    if (advice != null) {
      sb.append(". ").append(advice);
    }
    return sb.toString();
  }

  /** The file or stream, when known. */
  public String source() {
    return source;
  }

  /** Where in the source, such as {@code record batch 2 (message 4, offset 1288)}, when known. */
  public String location() {
    return location;
  }

  /** The dotted path of the field, such as {@code points.item.x}, when known. */
  public String fieldPath() {
    return fieldPath;
  }

  /** What is wrong. */
  public String problem() {
    return problem;
  }

  /** What the reader can do about it, when known. */
  public String advice() {
    return advice;
  }

  /** The same problem with what to do about it, unless advice is already given. */
  public ArrowFormatException withAdvice(String newAdvice) {
    return advice != null ? this : copy(source, location, fieldPath, newAdvice);
  }

  /** The same problem inside field {@code name}: the path grows outward ({@code name.innerPath}). */
  public ArrowFormatException inField(String name) {
    String path = fieldPath == null ? name : name + "." + fieldPath;
    return copy(source, location, path);
  }

  /** The same problem at {@code newLocation}, unless a location is already known. */
  public ArrowFormatException at(String newLocation) {
    return location != null ? this : copy(source, newLocation, fieldPath);
  }

  /** The same problem in {@code newSource}, unless a source is already known. */
  public ArrowFormatException in(String newSource) {
    return source != null ? this : copy(newSource, location, fieldPath);
  }

  private ArrowFormatException copy(String s, String l, String f) {
    return copy(s, l, f, advice);
  }

  private ArrowFormatException copy(String s, String l, String f, String a) {
    ArrowFormatException e = new ArrowFormatException(s, l, f, problem, a, getCause());
    e.setStackTrace(getStackTrace());
    for (Throwable t : getSuppressed()) {
      e.addSuppressed(t);
    }
    return e;
  }
}
