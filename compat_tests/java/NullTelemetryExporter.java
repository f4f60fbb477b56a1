// A broker metrics reporter that accepts client telemetry and drops it: with it configured (metric.reporters),
// Apache Kafka advertises GetTelemetrySubscriptions and PushTelemetry, so tests can compare its answers.
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricsReporter;
import org.apache.kafka.server.telemetry.ClientTelemetryExporter;
import org.apache.kafka.server.telemetry.ClientTelemetryExporterProvider;

public class NullTelemetryExporter implements MetricsReporter, ClientTelemetryExporterProvider {
  public void configure(Map<String, ?> configs) {}
  public void init(List<KafkaMetric> metrics) {}
  public void metricChange(KafkaMetric metric) {}
  public void metricRemoval(KafkaMetric metric) {}
  public void close() {}
  public ClientTelemetryExporter clientTelemetryExporter() { return (context, payload) -> {}; }
}
