// A Java KafkaConsumer with group.protocol=consumer (KIP-848) that never subscribes: it is assigned partitions,
// commits offsets with metadata for them, and reads them back.
// Usage: java -cp <kafka classpath> UnsubscribedCommit.java <bootstrap> <group> <topic> <partition>=<offset>:<metadata>...
// Prints one line per partition: "committed <partition> <offset> <metadata>", or "error <exception>: <message>".

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

public class UnsubscribedCommit {
    public static void main(String[] args) {
        Properties props = new Properties();
        props.put("bootstrap.servers", args[0]);
        props.put("group.id", args[1]);
        props.put("group.protocol", "consumer");
        props.put("enable.auto.commit", "false");
        props.put("default.api.timeout.ms", "30000");
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int i = 3; i < args.length; i++) {
            String[] partitionRest = args[i].split("=", 2);
            String[] offsetMetadata = partitionRest[1].split(":", 2);
            offsets.put(new TopicPartition(args[2], Integer.parseInt(partitionRest[0])),
                        new OffsetAndMetadata(Long.parseLong(offsetMetadata[0]), offsetMetadata[1]));
        }
        try (KafkaConsumer<byte[], byte[]> consumer =
                 new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(offsets.keySet());
            consumer.commitSync(offsets, Duration.ofSeconds(30));
            Map<TopicPartition, OffsetAndMetadata> read = consumer.committed(offsets.keySet(), Duration.ofSeconds(30));
            read.entrySet().stream()
                .sorted(Map.Entry.comparingByKey((a, b) -> Integer.compare(a.partition(), b.partition())))
                .forEach(entry -> System.out.println("committed " + entry.getKey().partition() + " "
                    + entry.getValue().offset() + " " + entry.getValue().metadata()));
        } catch (RuntimeException e) {
            System.out.println("error " + e.getClass().getName() + ": " + e.getMessage());
        }
    }
}
