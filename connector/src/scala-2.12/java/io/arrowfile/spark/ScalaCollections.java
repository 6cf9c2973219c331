package io.arrowfile.spark;

import java.util.List;
import java.util.Map;
import java.util.Set;
import scala.collection.JavaConverters;

/**
 * Scala's collections to and from Java's, for Scala 2.12: {@code JavaConverters} and {@code Predef.$conforms}, as
 * 2.12 has no {@code scala.jdk.javaapi.CollectionConverters} nor {@code <:<.refl} (the 2.13 copy uses those). The
 * connector converts only here. A Scala result is an immutable {@code List}, {@code Map} or {@code Set}: those are
 * what Spark's signatures take on both Scala versions ({@code immutable.List} is a {@code Seq} of either kind).
 */
public final class ScalaCollections {
  private ScalaCollections() {}

  public static <T> List<T> toJava(scala.collection.Seq<T> seq) {
    return JavaConverters.seqAsJavaList(seq);
  }

  public static <K, V> Map<K, V> toJava(scala.collection.Map<K, V> map) {
    return JavaConverters.mapAsJavaMap(map);
  }

  public static <T> scala.collection.immutable.List<T> toList(List<T> list) {
    return JavaConverters.asScalaBuffer(list).toList();
  }

  public static <K, V> scala.collection.immutable.Map<K, V> toMap(Map<K, V> map) {
    return JavaConverters.mapAsScalaMap(map).toMap(scala.Predef.<scala.Tuple2<K, V>>$conforms());
  }

  public static <T> scala.collection.immutable.Set<T> toSet(Set<T> set) {
    return JavaConverters.asScalaSet(set).<T>toSet();
  }

  public static <T> scala.collection.Iterator<T> toIterator(java.util.Iterator<T> it) {
    return JavaConverters.asScalaIterator(it);
  }
}
