// Kafka's Java Admin client with `bootstrap.controllers` (KIP-919): it talks to the controllers only.
// Usage: java -cp <kafka classpath> ControllerAdmin.java <host:port,...> <call>...
// where a call is create:<topic>:<partitions> or alter:<topic>:<name>=<value>. One line per call:
// "<call> OK", or "<call> <exception class>: <message>".

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;

public class ControllerAdmin {
    public static void main(String[] args) throws InterruptedException {
        Properties props = new Properties();
        props.put("bootstrap.controllers", args[0]);
        props.put("default.api.timeout.ms", "60000");
        try (Admin admin = Admin.create(props)) {
            for (int i = 1; i < args.length; i++) {
                System.out.println(args[i] + " " + outcome(call(admin, args[i].split(":", 3))));
            }
        }
    }

    private static KafkaFuture<Void> call(Admin admin, String[] call) {
        if (call[0].equals("create")) {
            NewTopic topic = new NewTopic(call[1], Integer.parseInt(call[2]), (short) 1);
            return admin.createTopics(List.of(topic)).all();
        }
        String[] config = call[2].split("=", 2);
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, call[1]);
        AlterConfigOp op = new AlterConfigOp(new ConfigEntry(config[0], config[1]), AlterConfigOp.OpType.SET);
        return admin.incrementalAlterConfigs(Map.of(resource, List.of(op))).all();
    }

    private static String outcome(KafkaFuture<Void> future) throws InterruptedException {
        try {
            future.get();
            return "OK";
        } catch (ExecutionException e) {
            return e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage();
        }
    }
}
