package io.arrowfile.connector.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.arrowfile.testing.SparkTesting;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;
import org.junit.jupiter.api.Test;

/** Scans share one broadcast of the Hadoop configuration while its properties stay the same. */
class HadoopConfBroadcastTest {

  @Test
  void equalPropertiesShareABroadcastAndAnyChangeMakesANewOne() {
    SparkSession spark = SparkTesting.local("hadoop-conf-broadcast");
    Configuration conf;
    Broadcast<SerializableConfiguration> first;
    try {
      SparkContext sc = spark.sparkContext();
      conf = new Configuration(sc.hadoopConfiguration());
      first = HadoopConfBroadcast.of(sc, conf);
      assertSame(first, HadoopConfBroadcast.of(sc, new Configuration(conf)));

      Configuration changed = new Configuration(conf);
      changed.set("arrowfile.test.key", "1");
      Broadcast<SerializableConfiguration> second = HadoopConfBroadcast.of(sc, changed);
      assertNotSame(first, second);
      assertEquals("1", second.value().value().get("arrowfile.test.key"));
      assertNull(first.value().value().get("arrowfile.test.key"));
      // the first is still among the recent ones: a query alternating two tables' options reuses both
      assertSame(first, HadoopConfBroadcast.of(sc, conf));
      assertSame(second, HadoopConfBroadcast.of(sc, changed));

      // a value changed back and forth is compared, not just the set of keys
      changed.set("arrowfile.test.key", "2");
      Broadcast<SerializableConfiguration> third = HadoopConfBroadcast.of(sc, changed);
      assertNotSame(second, third);
      assertEquals("2", third.value().value().get("arrowfile.test.key"));

      // five other configurations push the first one out
      for (int i = 0; i < 5; i++) {
        Configuration other = new Configuration(conf);
        other.set("arrowfile.test.other", Integer.toString(i));
        HadoopConfBroadcast.of(sc, other);
      }
      Broadcast<SerializableConfiguration> again = HadoopConfBroadcast.of(sc, conf);
      assertNotSame(first, again);
      assertEquals(conf.get("fs.defaultFS"), again.value().value().get("fs.defaultFS"));
    } finally {
      spark.stop();
    }
    // a new context never gets a broadcast of a stopped one
    SparkSession next = SparkTesting.local("hadoop-conf-broadcast-2");
    try {
      Broadcast<SerializableConfiguration> fresh = HadoopConfBroadcast.of(next.sparkContext(), conf);
      assertNotSame(first, fresh);
    } finally {
      next.stop();
    }
  }
}
