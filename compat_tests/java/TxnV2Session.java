// A Java 4.3.1 transactional producer's session against one broker, for compat_tests/test_txn_v2_java.py:
// commit, abort, commit again (with offsets sent to the transaction), then a zombie fenced by a second producer with
// the same transactional.id, then a read_committed consumer. After each step the coordinator's view of the
// transactional id (DescribeTransactions) and the partition's producer state (DescribeProducers) are printed, one
// line per step: `step <name> state=<state> epoch=<epoch> producerEpochs=<epoch of each producer on partition 0>`,
// then `fenced <exception class>` and `committed <values>`. Epochs are printed relative to the first one.
//
// Usage: java -cp <kafka libs> TxnV2Session.java <bootstrap> <topic> <transactional.id> <group>

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public class TxnV2Session {
    static String bootstrap, topic, txnId, group;
    static Admin admin;
    static int firstEpoch = -1;

    public static void main(String[] args) throws Exception {
        bootstrap = args[0];
        topic = args[1];
        txnId = args[2];
        group = args[3];
        Properties adminProps = new Properties();
        adminProps.put("bootstrap.servers", bootstrap);
        admin = Admin.create(adminProps);
        try (KafkaProducer<String, String> producer = producer()) {
            producer.initTransactions();
            report("init");
            producer.beginTransaction();
            send(producer, "c1", "c2");
            producer.commitTransaction();
            report("commit");
            producer.beginTransaction();
            send(producer, "a1", "a2");
            producer.abortTransaction();
            report("abort");
            producer.beginTransaction();
            send(producer, "c3");
            producer.sendOffsetsToTransaction(Map.of(new TopicPartition(topic, 0), new OffsetAndMetadata(7)),
                new ConsumerGroupMetadata(group));
            producer.commitTransaction();
            report("commit-with-offsets");
            producer.beginTransaction();
            producer.abortTransaction();
            report("empty-abort");
            producer.beginTransaction();
            send(producer, "zombie");
            try (KafkaProducer<String, String> second = producer()) {
                second.initTransactions();
                report("fenced-by-second");
                try {
                    producer.commitTransaction();
                    System.out.println("fenced none");
                } catch (KafkaException e) {
                    System.out.println("fenced " + e.getClass().getSimpleName());
                }
                second.beginTransaction();
                send(second, "c4");
                second.commitTransaction();
                report("second-commit");
            }
        }
        System.out.println("committed " + readCommitted());
        System.out.println("offset " + admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
            .get(new TopicPartition(topic, 0)).offset());
        admin.close();
    }

    static KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("transactional.id", txnId);
        props.put("key.serializer", StringSerializer.class.getName());
        props.put("value.serializer", StringSerializer.class.getName());
        return new KafkaProducer<>(props);
    }

    static void send(KafkaProducer<String, String> producer, String... values) throws Exception {
        for (String value : values)
            producer.send(new ProducerRecord<>(topic, 0, null, value)).get();
    }

    static void report(String step) throws Exception {
        // Kafka answers EndTxn once PrepareCommit/PrepareAbort is written: wait for the markers and completion.
        TransactionDescription txn = admin.describeTransactions(List.of(txnId)).description(txnId).get();
        long deadline = System.currentTimeMillis() + 30_000;
        while (txn.state().toString().startsWith("Prepare") && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            txn = admin.describeTransactions(List.of(txnId)).description(txnId).get();
        }
        if (firstEpoch < 0)
            firstEpoch = txn.producerEpoch();
        List<Integer> epochs = new ArrayList<>();
        for (ProducerState state : admin.describeProducers(List.of(new TopicPartition(topic, 0)))
                .partitionResult(new TopicPartition(topic, 0)).get().activeProducers())
            epochs.add(state.producerEpoch() - firstEpoch);
        epochs.sort(null);
        System.out.println("step " + step + " state=" + txn.state() + " epoch=" + (txn.producerEpoch() - firstEpoch)
            + " producerEpochs=" + epochs);
    }

    static List<String> readCommitted() {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("isolation.level", "read_committed");
        props.put("key.deserializer", StringDeserializer.class.getName());
        props.put("value.deserializer", StringDeserializer.class.getName());
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            long deadline = System.currentTimeMillis() + 30_000;
            while (consumer.position(tp) < end && System.currentTimeMillis() < deadline)
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500)))
                    values.add(record.value());
        }
        return values;
    }
}
