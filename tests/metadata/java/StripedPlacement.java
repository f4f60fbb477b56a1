// Runs Apache Kafka 4.3.1's StripedReplicaPlacer for tests/metadata/test_replica_placement.py.
// Launched as a single-file program (java -cp '<kafka libs>/*' StripedPlacement.java). Each stdin line is one
// case: "<seed> <replication factor> <partitions> <broker>..." with a broker written "<id>/<rack or ->/<0|1 fenced>".
// Each answer line is the placements, partitions separated by ';' and replicas by ',', or "ERROR <message>".

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.metadata.placement.ClusterDescriber;
import org.apache.kafka.metadata.placement.PartitionAssignment;
import org.apache.kafka.metadata.placement.PlacementSpec;
import org.apache.kafka.metadata.placement.StripedReplicaPlacer;
import org.apache.kafka.metadata.placement.TopicAssignment;
import org.apache.kafka.metadata.placement.UsableBroker;

public class StripedPlacement {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            String[] words = line.trim().split(" ");
            long seed = Long.parseLong(words[0]);
            short factor = Short.parseShort(words[1]);
            int partitions = Integer.parseInt(words[2]);
            List<UsableBroker> brokers = new ArrayList<>();
            for (int i = 3; i < words.length; i++) {
                String[] parts = words[i].split("/");
                Optional<String> rack = parts[1].equals("-") ? Optional.empty() : Optional.of(parts[1]);
                brokers.add(new UsableBroker(Integer.parseInt(parts[0]), rack, parts[2].equals("1")));
            }
            ClusterDescriber cluster = new ClusterDescriber() {
                @Override
                public Iterator<UsableBroker> usableBrokers() {
                    return brokers.iterator();
                }

                @Override
                public Uuid defaultDir(int brokerId) {
                    return Uuid.ZERO_UUID;
                }
            };
            StripedReplicaPlacer placer = new StripedReplicaPlacer(new Random(seed));
            try {
                TopicAssignment assignment = placer.place(new PlacementSpec(0, partitions, factor), cluster);
                List<String> placed = new ArrayList<>();
                for (PartitionAssignment partition : assignment.assignments()) {
                    placed.add(partition.replicas().stream().map(String::valueOf).collect(Collectors.joining(",")));
                }
                System.out.println(String.join(";", placed));
            } catch (InvalidReplicationFactorException e) {
                System.out.println("ERROR " + e.getMessage());
            }
        }
    }
}
