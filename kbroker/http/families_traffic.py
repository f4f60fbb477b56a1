"""BrokerTopicMetrics and RequestMetrics families, from the counters produce, fetch and the server keep
(kbroker/metrics/), summed over the node's states (a combined node has a broker's and a controller's)."""

from __future__ import annotations

from kbroker.http.exposition import Family
from kbroker.metrics import histogram
from kbroker.metrics.request_stats import STAGES
from kbroker.metrics.topic_stats import TopicCounters
from kbroker.protocol.messages import API_KEYS

# Kafka's BrokerTopicMetrics meters (name=...PerSec) and the counter field each is read from.
_TOPIC_METERS = (
    ("messagesin", "messages_in", "Records appended by produce requests (MessagesInPerSec)."),
    ("bytesin", "bytes_in", "Bytes appended by produce requests, batch headers included (BytesInPerSec)."),
    ("bytesout", "bytes_out", "Record bytes sent to consumers in fetch responses (BytesOutPerSec)."),
    ("totalproducerequests", "total_produce", "Partitions of produce requests (TotalProduceRequestsPerSec)."),
    ("failedproducerequests", "failed_produce", "Failed partitions of produce requests "
                                                "(FailedProduceRequestsPerSec)."),
    ("totalfetchrequests", "total_fetch", "Partitions of fetch requests (TotalFetchRequestsPerSec)."),
    ("failedfetchrequests", "failed_fetch", "Failed partitions of fetch requests (FailedFetchRequestsPerSec)."),
)

# Kafka's all-topic replication meters and the BrokerTopicStats field each is read from.
_REPLICATION_METERS = (
    ("replicationbytesin", "replication_bytes_in", "Bytes appended from leaders by the replica fetchers "
                                                   "(ReplicationBytesInPerSec)."),
    ("replicationbytesout", "replication_bytes_out", "Record bytes sent to followers in fetch responses "
                                                     "(ReplicationBytesOutPerSec)."),
)

# Kafka's RequestMetrics histograms and the stage each is read from.
_REQUEST_TIMES = (
    ("requestqueuetimems", "request_queue", "Milliseconds from a request being read until its handler started."),
    ("localtimems", "local", "Milliseconds a request spent in its handler, less the remote time."),
    ("remotetimems", "remote", "Milliseconds a request waited on other replicas or for data."),
    ("responsesendtimems", "response_send", "Milliseconds spent sending a response."),
    ("totaltimems", "total", "Milliseconds from a request being read until its response was sent."),
)
# Yammer's percentiles, labelled as the JMX exporter labels NNthPercentile (quantile="0.NN").
QUANTILES = (("0.50", 0.50), ("0.75", 0.75), ("0.95", 0.95), ("0.98", 0.98), ("0.99", 0.99),
             ("0.999", 0.999))


def topic_counters(states, topics_in_image: set[str] | None) -> tuple[TopicCounters, dict[str, TopicCounters]]:
    """The BrokerTopicMetrics counters summed over `states`: for all topics, and per topic (those of
    `topics_in_image` only, when given: a deleted topic's counters are dropped)."""
    totals = TopicCounters()
    per_topic: dict[str, TopicCounters] = {}
    for state in states:
        stats = state.topic_stats
        if topics_in_image is not None:
            stats.forget_except(topics_in_image)
        _add(totals, stats.all_topics)
        for name, counters in stats.topics.items():
            _add(per_topic.setdefault(name, TopicCounters()), counters)
    return totals, per_topic


def topic_families(states, topics_in_image: set[str] | None) -> list[Family]:
    totals, per_topic = topic_counters(states, topics_in_image)
    families = []
    for meter, field, text in _REPLICATION_METERS:
        family = Family(f"kafka_server_brokertopicmetrics_{meter}_total", "counter", text)
        family.add(sum(getattr(state.topic_stats, field) for state in states))
        families.append(family)
    for meter, field, text in _TOPIC_METERS:
        family = Family(f"kafka_server_brokertopicmetrics_{meter}_total", "counter", text)
        family.add(getattr(totals, field))
        for name in sorted(per_topic):
            family.add(getattr(per_topic[name], field), topic=name)
        families.append(family)
    return families


def _add(into: TopicCounters, counters: TopicCounters) -> None:
    for field in TopicCounters.__slots__:
        setattr(into, field, getattr(into, field) + getattr(counters, field))


def request_families(states) -> list[Family]:
    requests = Family("kafka_network_requestmetrics_requests_total", "counter",
                      "Requests served, per API and version (RequestsPerSec).")
    times = [Family(f"kafka_network_requestmetrics_{name}", "summary", text) for name, _, text in _REQUEST_TIMES]
    keys = sorted({key for state in states for key in state.request_stats.apis}, key=lambda k: (isinstance(k, str), k))
    for key in keys:
        name = key if isinstance(key, str) else API_KEYS.get(key, str(key))
        apis = [state.request_stats.apis[key] for state in states if key in state.request_stats.apis]
        versions: dict[int, int] = {}
        for api in apis:
            for version, count in api.versions.items():
                versions[version] = versions.get(version, 0) + count
        for version in sorted(versions):
            requests.add(versions[version], request=name, version=version)
        for family, (_, stage, _) in zip(times, _REQUEST_TIMES, strict=True):
            i = STAGES.index(stage)
            kept = [value for api in apis for value in api.times.kept(i)]
            for (label, _), value in zip(QUANTILES, histogram.quantiles(kept, tuple(q for _, q in QUANTILES)),
                                         strict=True):
                family.add(value * 1000, request=name, quantile=label)
            family.add(sum(api.times.sums_s[i] for api in apis) * 1000, "_sum", request=name)
            family.add(sum(api.times.count for api in apis), "_count", request=name)
    return [requests, *times]
