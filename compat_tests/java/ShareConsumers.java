// Several KafkaShareConsumers (KIP-932) of one share group, one thread each, in explicit acknowledgement mode.
// Usage: java -cp <kafka libs> ShareConsumers.java BOOTSTRAP GROUP TOPIC THREADS EXPECTED DEADLINE_S [RULE...]
// Every delivery prints "DELIVERY <thread> <partition> <offset> <value> <deliveryCount> <action>". A record is
// accepted unless a rule says otherwise:
//   reject=V   reject the record whose value is V (it must never come back)
//   release=V  release V every time it comes (the broker archives it at its delivery count limit)
//   limit=N    V of release=V counts as done once delivered N times
//   hold=V     the first thread that gets V accepts the rest of its batch, then holds V unacknowledged (its
//              acquisition lock expires) and stops polling until another thread got V again
//   halt       the first poll that returns records prints them (action HOLD) and ends the JVM at once, as a
//              crashed consumer: nothing acknowledged, released or left (prints "HALTED")
// The run ends with "DONE" (exit 0) once EXPECTED distinct values are done (accepted, rejected, or released
// N times), or with "TIMEOUT" (exit 3) at DEADLINE_S seconds.
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

public class ShareConsumers {
    static final Set<String> done = ConcurrentHashMap.newKeySet();
    static final AtomicBoolean stop = new AtomicBoolean();
    static final AtomicBoolean holdTaken = new AtomicBoolean();
    static final CountDownLatch heldCameBack = new CountDownLatch(1);
    static String reject, release, hold;
    static int limit = Integer.MAX_VALUE;
    static int expected;
    static boolean halt;

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0], group = args[1], topic = args[2];
        int threads = Integer.parseInt(args[3]);
        expected = Integer.parseInt(args[4]);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[5]));
        for (int i = 6; i < args.length; i++) {
            String[] rule = args[i].split("=", 2);
            switch (rule[0]) {
                case "reject": reject = rule[1]; break;
                case "release": release = rule[1]; break;
                case "hold": hold = rule[1]; break;
                case "limit": limit = Integer.parseInt(rule[1]); break;
                case "halt": halt = true; break;
                default: throw new IllegalArgumentException("unknown rule " + args[i]);
            }
        }
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int id = t;
            workers[t] = new Thread(() -> run(id, bootstrap, group, topic));
            workers[t].start();
        }
        while (!stop.get() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        boolean finished = stop.get();
        stop.set(true);
        for (Thread worker : workers) worker.join(30_000);
        System.out.println(finished ? "DONE" : "TIMEOUT");
        System.out.flush();
        System.exit(finished ? 0 : 3);
    }

    static synchronized void print(String line) {
        System.out.println(line);
        System.out.flush();
    }

    static void finish(String value) {
        done.add(value);
        if (done.size() >= expected) stop.set(true);
    }

    static void run(int id, String bootstrap, String group, String topic) {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("group.id", group);
        props.put("client.id", "share-" + id);
        props.put("share.acknowledgement.mode", "explicit");
        props.put("key.deserializer", StringDeserializer.class.getName());
        props.put("value.deserializer", StringDeserializer.class.getName());
        try (KafkaShareConsumer<String, String> consumer = new KafkaShareConsumer<>(props)) {
            consumer.subscribe(List.of(topic));
            while (!stop.get()) {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
                ConsumerRecord<String, String> held = null;
                if (halt && !records.isEmpty()) {
                    for (ConsumerRecord<String, String> record : records) {
                        print("DELIVERY " + id + " " + record.partition() + " " + record.offset() + " " + record.value()
                              + " " + record.deliveryCount().map(Short::intValue).orElse(-1) + " HOLD");
                    }
                    print("HALTED");
                    Runtime.getRuntime().halt(0);
                }
                for (ConsumerRecord<String, String> record : records) {
                    String value = record.value();
                    int count = record.deliveryCount().map(Short::intValue).orElse(-1);
                    String action;
                    if (value.equals(hold) && count == 1 && holdTaken.compareAndSet(false, true)) {
                        held = record;
                        action = "HOLD";
                    } else if (value.equals(reject)) {
                        consumer.acknowledge(record, AcknowledgeType.REJECT);
                        action = "REJECT";
                    } else if (value.equals(release)) {
                        consumer.acknowledge(record, AcknowledgeType.RELEASE);
                        action = "RELEASE";
                    } else {
                        consumer.acknowledge(record, AcknowledgeType.ACCEPT);
                        action = "ACCEPT";
                    }
                    if (value.equals(hold) && count > 1) heldCameBack.countDown();
                    print("DELIVERY " + id + " " + record.partition() + " " + record.offset() + " " + value + " "
                          + count + " " + action);
                    if (!action.equals("HOLD") && !action.equals("RELEASE")) finish(value);
                    if (action.equals("RELEASE") && count >= limit) finish(value);
                }
                consumer.commitSync().forEach((partition, error) -> {
                    if (error.isPresent()) print("ACK_ERROR " + id + " " + partition + " " + error.get());
                });
                if (held != null) {
                    // Hold the record past its acquisition lock, polling nothing meanwhile.
                    while (!stop.get() && !heldCameBack.await(100, TimeUnit.MILLISECONDS)) { }
                    print("HELD_RECORD_CAME_BACK " + id);
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            print("ERROR " + id + " " + e);
            e.printStackTrace();
        }
    }
}
