package kbroker.golden;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * Serves encode/decode requests, one JSON object per line on stdin, one JSON answer per line on stdout:
 *
 * <pre>
 * {"op":"encode","dir":"clients","name":"ProduceRequest","version":9,"json":{...}} -> {"ok":true,"hex":"..."}
 * {"op":"decode","dir":"clients","name":"ProduceRequest","version":9,"hex":"..."}  -> {"ok":true,"json":{...},"remaining":0}
 * any failure -> {"ok":false,"error":"ExceptionClass: message"}
 * </pre>
 *
 * "remaining" counts the input bytes the decoder did not consume. The server stops at end of input.
 */
public final class GoldenServer {

    private static final HexFormat HEX = HexFormat.of();

    private final ObjectMapper mapper;
    private final MessageCodecs codecs = new MessageCodecs();

    private GoldenServer() {
        // Large messages (record batches as hex) exceed Jackson's default 20 MB string limit.
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(Integer.MAX_VALUE)
                        .maxNumberLength(Integer.MAX_VALUE)
                        .build())
                .build();
        mapper = new ObjectMapper(factory);
    }

    public static void main(String[] args) throws IOException {
        // Only answers may reach stdout; anything a library prints goes to stderr.
        Writer out = new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        new GoldenServer().serve(in, out);
    }

    private void serve(BufferedReader in, Writer out) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            out.write(mapper.writeValueAsString(answer(line)));
            out.write('\n');
            out.flush();
        }
    }

    private ObjectNode answer(String line) {
        ObjectNode answer = mapper.createObjectNode();
        try {
            JsonNode request = mapper.readTree(line);
            String op = requiredText(request, "op");
            MessageCodecs.Codec codec = codecs.lookup(requiredText(request, "dir"), requiredText(request, "name"));
            short version = version(request);
            switch (op) {
                case "encode" -> {
                    JsonNode json = request.get("json");
                    if (json == null || !json.isObject()) {
                        throw new IllegalArgumentException("encode needs a \"json\" object");
                    }
                    answer.put("hex", HEX.formatHex(codec.encode(json, version)));
                }
                case "decode" -> {
                    MessageCodecs.Decoded decoded = codec.decode(HEX.parseHex(requiredText(request, "hex")), version);
                    answer.set("json", decoded.json());
                    answer.put("remaining", decoded.remaining());
                }
                default -> throw new IllegalArgumentException("unknown op '" + op + "'");
            }
            answer.put("ok", true);
        } catch (Throwable failure) {
            Throwable cause = failure instanceof InvocationTargetException ? failure.getCause() : failure;
            answer.removeAll();
            answer.put("ok", false);
            answer.put("error", cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
        return answer;
    }

    private static String requiredText(JsonNode request, String field) {
        JsonNode node = request.get(field);
        if (node == null || !node.isTextual()) {
            throw new IllegalArgumentException("request needs a string \"" + field + "\"");
        }
        return node.asText();
    }

    private static short version(JsonNode request) {
        JsonNode node = request.get("version");
        if (node == null || !node.canConvertToInt() || !node.isIntegralNumber()
                || node.asInt() < Short.MIN_VALUE || node.asInt() > Short.MAX_VALUE) {
            throw new IllegalArgumentException("request needs an int16 \"version\"");
        }
        return (short) node.asInt();
    }
}
