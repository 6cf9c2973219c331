package io.arrowfile.connector.write;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** Parses the statistics JSON in tests (integers as Long, other numbers as Double). */
final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(DeserializationFeature.USE_LONG_FOR_INTS);

  private Json() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> parseObject(String json) {
    try {
      return MAPPER.readValue(json, Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException(json, e);
    }
  }
}
