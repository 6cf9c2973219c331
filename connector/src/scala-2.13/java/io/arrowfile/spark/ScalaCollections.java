package io.arrowfile.spark;

import java.util.List;
import java.util.Map;
import java.util.Set;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Scala's collections to and from Java's, for Scala 2.13 (whose {@code scala.jdk.javaapi.CollectionConverters} and
 * {@code <:<} witness Scala 2.12 lacks: that line's copy goes through {@code JavaConverters}). The connector converts
 * only here. A Scala result is an immutable {@code List}, {@code Map} or {@code Set}: those are what Spark's
 * signatures take on both Scala versions ({@code immutable.List} is a {@code Seq} of either kind).
 */
public final class ScalaCollections {
  private ScalaCollections() {}

  public static <T> List<T> toJava(scala.collection.Seq<T> seq) {
    return CollectionConverters.asJava(seq);
  }

  public static <K, V> Map<K, V> toJava(scala.collection.Map<K, V> map) {
    return CollectionConverters.asJava(map);
  }

  public static <T> scala.collection.immutable.List<T> toList(List<T> list) {
    return CollectionConverters.asScala(list).toList();
  }

  public static <K, V> scala.collection.immutable.Map<K, V> toMap(Map<K, V> map) {
    return CollectionConverters.asScala(map).toMap(scala.$less$colon$less$.MODULE$.refl());
  }

  public static <T> scala.collection.immutable.Set<T> toSet(Set<T> set) {
    return CollectionConverters.asScala(set).toSet();
  }

  public static <T> scala.collection.Iterator<T> toIterator(java.util.Iterator<T> it) {
    return CollectionConverters.asScala(it);
  }
}
