package io.arrowfile.ipc;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Makes view objects comparable with equals: byte arrays become hex strings, recursively. */
final class Values {
  private Values() {}

  static Object normalize(Object o) {
    if (o instanceof byte[] b) {
      return "0x" + HexFormat.of().formatHex(b);
    }
    if (o instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      for (Object e : list) {
        out.add(normalize(e));
      }
      return out;
    }
    if (o instanceof Map.Entry<?, ?> e) {
      return Map.entry(String.valueOf(normalize(e.getKey())), String.valueOf(normalize(e.getValue())));
    }
    if (o instanceof io.arrowfile.columnar.array.UnionValue u) {
      return List.of("union", u.typeId(), String.valueOf(normalize(u.value())));
    }
    if (o instanceof Float f && f.isNaN() || o instanceof Double d && d.isNaN()) {
      return "NaN";
    }
    return o;
  }
}
