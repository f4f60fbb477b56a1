// Runs Apache Kafka 4.3.1's FeatureControlManager.updateFeatures for tests/metadata/test_feature_control.py.
// Launched as a single-file program (java -cp '<kafka libs>/*' FeatureUpdates.java). The manager's builder and
// updateFeatures are package-private, so they are reached by reflection. Each stdin line is one case of
// space-separated fields:
//   node=<id> voters=<id,...> kraft=<level> finalized=<name:level,...|-> local=<name:min:max,...>
//   brokers=<id/name:min:max+...;...|-> controllers=<same|-> updates=<name:level:type,...> validate=<0|1>
// Each answer line is "<error code>|<error message or null>|<records>", the records being "name=level" for a
// FeatureLevelRecord and "noop" for a NoOpRecord, separated by ','.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.common.metadata.FeatureLevelRecord;
import org.apache.kafka.common.requests.ApiError;
import org.apache.kafka.controller.ClusterFeatureSupportDescriber;
import org.apache.kafka.controller.FeatureControlManager;
import org.apache.kafka.controller.QuorumFeatures;
import org.apache.kafka.metadata.VersionRange;
import org.apache.kafka.server.common.ApiMessageAndVersion;
import org.apache.kafka.server.common.KRaftVersion;

public class FeatureUpdates {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Map<String, String> fields = new HashMap<>();
            for (String word : line.trim().split(" ")) {
                int eq = word.indexOf('=');
                fields.put(word.substring(0, eq), word.substring(eq + 1));
            }
            System.out.println(run(fields));
        }
    }

    static Map<String, VersionRange> ranges(String text) {
        Map<String, VersionRange> result = new HashMap<>();
        if (text.equals("-") || text.isEmpty()) return result;
        for (String item : text.split("\\+|,")) {
            String[] parts = item.split(":");
            result.put(parts[0], VersionRange.of(Short.parseShort(parts[1]), Short.parseShort(parts[2])));
        }
        return result;
    }

    static Map<Integer, Map<String, VersionRange>> nodes(String text) {
        Map<Integer, Map<String, VersionRange>> result = new TreeMap<>();
        if (text.equals("-")) return result;
        for (String node : text.split(";")) {
            String[] parts = node.split("/", 2);
            result.put(Integer.parseInt(parts[0]), ranges(parts.length > 1 ? parts[1] : "-"));
        }
        return result;
    }

    static String run(Map<String, String> fields) throws Exception {
        int nodeId = Integer.parseInt(fields.get("node"));
        List<Integer> voters = new ArrayList<>();
        for (String id : fields.get("voters").split(",")) voters.add(Integer.parseInt(id));
        KRaftVersion kraft = KRaftVersion.fromFeatureLevel(Short.parseShort(fields.get("kraft")));
        Map<Integer, Map<String, VersionRange>> brokers = nodes(fields.get("brokers"));
        Map<Integer, Map<String, VersionRange>> controllers = nodes(fields.get("controllers"));

        ClusterFeatureSupportDescriber describer = new ClusterFeatureSupportDescriber() {
            public Iterator<Map.Entry<Integer, Map<String, VersionRange>>> brokerSupported() {
                return brokers.entrySet().iterator();
            }

            public Iterator<Map.Entry<Integer, Map<String, VersionRange>>> controllerSupported() {
                return controllers.entrySet().iterator();
            }
        };
        Class<?> accessorClass = Class.forName("org.apache.kafka.controller.KRaftVersionAccessor");
        Object accessor = Proxy.newProxyInstance(accessorClass.getClassLoader(), new Class<?>[] {accessorClass},
            (proxy, method, methodArgs) -> {
                if (method.getName().equals("kraftVersion")) return kraft;
                if (method.getName().equals("upgradeKRaftVersion")) {
                    // LeaderState.maybeAppendUpgradedKRaftVersion: an upgrade to the current version changes nothing;
                    // another is refused as by a quorum whose voters have not all reported their support
                    if (!methodArgs[1].equals(kraft)) {
                        throw new org.apache.kafka.common.errors.InvalidUpdateVersionException(
                            "Invalid upgrade of kraft.version to " + methodArgs[1] + " because not all of the voters "
                            + "support it");
                    }
                    return null;
                }
                return method.invoke(proxy, methodArgs);
            });

        FeatureControlManager.Builder builder = new FeatureControlManager.Builder();
        call(builder, "setQuorumFeatures", new QuorumFeatures(nodeId, ranges(fields.get("local")), voters));
        call(builder, "setClusterFeatureSupportDescriber", describer);
        Method setAccessor = FeatureControlManager.Builder.class.getDeclaredMethod("setKRaftVersionAccessor",
            accessorClass);
        setAccessor.setAccessible(true);
        setAccessor.invoke(builder, accessor);
        FeatureControlManager manager = builder.build();
        for (String item : fields.get("finalized").split(",")) {
            if (item.equals("-")) continue;
            String[] parts = item.split(":");
            manager.replay(new FeatureLevelRecord().setName(parts[0]).setFeatureLevel(Short.parseShort(parts[1])));
        }

        // As QuorumController.updateFeatures builds them: HashMaps filled in request order.
        Map<String, Short> updates = new HashMap<>();
        Map<String, FeatureUpdate.UpgradeType> types = new HashMap<>();
        for (String item : fields.get("updates").split(",")) {
            String[] parts = item.split(":");
            updates.put(parts[0], Short.parseShort(parts[1]));
            types.put(parts[0], FeatureUpdate.UpgradeType.fromCode(Integer.parseInt(parts[2])));
        }
        Method update = FeatureControlManager.class.getDeclaredMethod("updateFeatures", Map.class, Map.class,
            boolean.class, int.class);
        update.setAccessible(true);
        Object result = update.invoke(manager, updates, types, fields.get("validate").equals("1"), 1);
        ApiError error = (ApiError) call(result, "response");
        @SuppressWarnings("unchecked")
        List<ApiMessageAndVersion> records = (List<ApiMessageAndVersion>) call(result, "records");
        List<String> written = new ArrayList<>();
        for (ApiMessageAndVersion record : records) {
            if (record.message() instanceof FeatureLevelRecord featureLevel) {
                written.add(featureLevel.name() + "=" + featureLevel.featureLevel());
            } else {
                written.add("noop");
            }
        }
        return error.error().code() + "|" + error.message() + "|" + String.join(",", written);
    }

    static Object call(Object target, String name, Object... args) throws Exception {
        for (Method method : target.getClass().getDeclaredMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == args.length) {
                method.setAccessible(true);
                return method.invoke(target, args);
            }
        }
        throw new NoSuchMethodException(name);
    }
}
