package kbroker.golden;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.ObjectSerializationCache;

/**
 * Finds Kafka's generated message class and JSON converter for a schema (a directory under
 * kbroker/protocol/schemas/ plus the schema's "name") and encodes or decodes one message with them.
 */
final class MessageCodecs {

    /** Schema directory -> Java package of the classes Kafka generated from that directory's schemas. */
    private static final Map<String, String> PACKAGES = Map.of(
            "clients", "org.apache.kafka.common.message",
            "metadata", "org.apache.kafka.common.metadata",
            "group-coordinator", "org.apache.kafka.coordinator.group.generated",
            "transaction-coordinator", "org.apache.kafka.coordinator.transaction.generated",
            "share-coordinator", "org.apache.kafka.coordinator.share.generated",
            "raft", "org.apache.kafka.raft.generated",
            "storage", "org.apache.kafka.server.log.remote.metadata.storage.generated");

    private static final Pattern SCHEMA_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]*");

    /** One generated message class with the static read/write methods of its JsonConverter. */
    record Codec(Class<? extends Message> messageClass, Method readJson, Method writeJson) {

        byte[] encode(JsonNode json, short version) throws ReflectiveOperationException {
            checkVersion(messageClass.getConstructor().newInstance(), version);
            Message message = (Message) readJson.invoke(null, json, version);
            ObjectSerializationCache cache = new ObjectSerializationCache();
            ByteBuffer buffer = ByteBuffer.allocate(message.size(cache, version));
            message.write(new ByteBufferAccessor(buffer), cache, version);
            if (buffer.hasRemaining()) {
                throw new IllegalStateException("size() said " + buffer.capacity() + " bytes but write() left "
                        + buffer.remaining() + " unwritten");
            }
            return buffer.array();
        }

        /** Decodes a message from the start of the bytes; returns the JSON and how many bytes were left over. */
        Decoded decode(byte[] data, short version) throws ReflectiveOperationException {
            Message message = messageClass.getConstructor().newInstance();
            checkVersion(message, version);
            ByteBuffer buffer = ByteBuffer.wrap(data);
            message.read(new ByteBufferAccessor(buffer), version);
            JsonNode json = (JsonNode) writeJson.invoke(null, message, version, true);
            return new Decoded(json, buffer.remaining());
        }
    }

    record Decoded(JsonNode json, int remaining) {}

    private final Map<String, Codec> cache = new ConcurrentHashMap<>();

    Codec lookup(String schemaDir, String schemaName) throws ClassNotFoundException, NoSuchMethodException {
        String pkg = PACKAGES.get(schemaDir);
        if (pkg == null) {
            throw new IllegalArgumentException("unknown schema dir '" + schemaDir + "', expected one of "
                    + PACKAGES.keySet());
        }
        if (schemaName == null || !SCHEMA_NAME.matcher(schemaName).matches()) {
            throw new IllegalArgumentException("bad schema name '" + schemaName + "'");
        }
        String key = schemaDir + "/" + schemaName;
        Codec codec = cache.get(key);
        if (codec == null) {
            codec = load(pkg, schemaName);
            cache.put(key, codec);
        }
        return codec;
    }

    /** Requests, responses, headers and some data schemas get a "Data" suffix; records and other data do not. */
    private static Codec load(String pkg, String schemaName) throws ClassNotFoundException, NoSuchMethodException {
        ClassLoader loader = MessageCodecs.class.getClassLoader();
        for (String className : new String[] {schemaName + "Data", schemaName}) {
            Class<?> messageClass;
            Class<?> converter;
            try {
                messageClass = Class.forName(pkg + "." + className, false, loader);
                converter = Class.forName(pkg + "." + className + "JsonConverter", false, loader);
            } catch (ClassNotFoundException notThisName) {
                continue;
            }
            if (!Message.class.isAssignableFrom(messageClass)) {
                continue;
            }
            Method read = converter.getMethod("read", JsonNode.class, short.class);
            Method write = converter.getMethod("write", messageClass, short.class, boolean.class);
            return new Codec(messageClass.asSubclass(Message.class), read, write);
        }
        throw new ClassNotFoundException("no generated message class for schema " + schemaName + " in " + pkg);
    }

    private static void checkVersion(Message message, short version) {
        if (version < message.lowestSupportedVersion() || version > message.highestSupportedVersion()) {
            throw new UnsupportedVersionException(message.getClass().getSimpleName() + " has no version " + version
                    + " (supported " + message.lowestSupportedVersion() + ".."
                    + message.highestSupportedVersion() + ")");
        }
    }
}
