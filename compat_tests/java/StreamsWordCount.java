// A Kafka Streams word count, one instance per process (compat_tests/streams_app.py starts and kills them):
// input lines -> words -> groupBy(word) (a repartition topic) -> count (a RocksDB store and its changelog) ->
// the output topic, with processing.guarantee=exactly_once_v2.
// Arguments: bootstrap application.id input-topic output-topic group.protocol state.dir instance-name
// It prints one line per state change ("STATE <new>"), so the test can wait for RUNNING.
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;

public class StreamsWordCount {
  public static void main(String[] args) throws Exception {
    String bootstrap = args[0], applicationId = args[1], input = args[2], output = args[3];
    String groupProtocol = args[4], stateDir = args[5], instance = args[6];

    Properties props = new Properties();
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
    props.put(StreamsConfig.CLIENT_ID_CONFIG, applicationId + "-" + instance);
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
    props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    props.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, groupProtocol);
    props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
    // A single-node broker: internal topics with one replica.
    props.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 200);
    props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
    props.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
    // A killed instance's tasks move once its session ends: keep that short (both brokers' minimum).
    props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 6000);
    props.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), 500);

    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(input, Consumed.with(Serdes.String(), Serdes.String()))
        .flatMapValues(line -> Arrays.asList(line.toLowerCase(Locale.ROOT).split("\\W+")))
        .filter((key, word) -> !word.isEmpty())
        .groupBy((key, word) -> word, Grouped.with("words", Serdes.String(), Serdes.String()))
        .count(Materialized.as("word-counts"))
        .toStream()
        .to(output, Produced.with(Serdes.String(), Serdes.Long()));

    KafkaStreams streams = new KafkaStreams(builder.build(), props);
    CountDownLatch stopped = new CountDownLatch(1);
    streams.setStateListener((newState, oldState) -> {
      System.out.println("STATE " + newState);
      System.out.flush();
      if (newState == KafkaStreams.State.NOT_RUNNING || newState == KafkaStreams.State.ERROR) {
        stopped.countDown();
      }
    });
    Runtime.getRuntime().addShutdownHook(new Thread(streams::close));
    streams.start();
    stopped.await();
  }
}
