"""The pieces under /metrics: the reservoir's quantiles, the text format's escaping, the topic counters, and a
page built from an in-process broker's state after traffic."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from kbroker.http.exposition import Family, render
from kbroker.metrics import histogram
from kbroker.metrics.histogram import Reservoir
from kbroker.metrics.request_stats import STAGES, RequestStats
from kbroker.metrics.topic_stats import BrokerTopicStats


def test_quantiles_take_the_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert histogram.quantiles(values, (0.5, 0.75, 0.99, 0.999)) == [50.0, 75.0, 99.0, 100.0]
    assert histogram.quantiles([7.0], (0.5, 0.999)) == [7.0, 7.0]
    assert histogram.quantiles([], (0.5,)) == [0.0]


def test_the_reservoir_keeps_the_last_observations_and_sums_them_all():
    reservoir = Reservoir(2)
    for i in range(histogram.SIZE + 10):
        reservoir.observe((float(i), 1.0))
    assert reservoir.count == histogram.SIZE + 10
    assert sorted(reservoir.kept(0)) == [float(i) for i in range(10, histogram.SIZE + 10)]
    assert reservoir.kept(1) == [1.0] * histogram.SIZE
    assert reservoir.sums_s == [sum(range(histogram.SIZE + 10)), float(histogram.SIZE + 10)]


def test_request_stages_split_the_handler_time_into_local_and_remote():
    stats = RequestStats()
    stats.served(0, 9, received=10.0, started=10.5, answered=13.5, remote=2.0, sent=14.0)
    times = stats.apis[0].times
    assert dict(zip(STAGES, times.sums_s, strict=True)) == {
        "request_queue": 0.5, "local": 1.0, "remote": 2.0, "response_send": 0.5, "total": 4.0}
    assert stats.apis[0].versions == {9: 1}


def test_topic_counters_add_up_and_forget_deleted_topics():
    stats = BrokerTopicStats()
    stats.produced("a", 100, 3)
    stats.produced("b", 50, 1)
    stats.produce_failed("a")
    stats.fetched("a", 70, failed=False)
    stats.fetched("a", 0, failed=True)
    a = stats.topics["a"]
    assert (a.bytes_in, a.messages_in, a.total_produce, a.failed_produce) == (100, 3, 2, 1)
    assert (a.bytes_out, a.total_fetch, a.failed_fetch) == (70, 2, 1)
    assert (stats.all_topics.bytes_in, stats.all_topics.messages_in) == (150, 4)
    stats.forget_except({"b"})
    assert set(stats.topics) == {"b"}
    assert stats.all_topics.bytes_in == 150  # Kafka's all-topics meters keep what deleted topics counted


def test_label_values_and_help_are_escaped_so_the_parser_reads_them_back():
    family = Family("kbroker_test_things", "gauge", 'help with \\ and\nnewline')
    odd = 'quote " backslash \\ newline \n end'
    family.add(1, topic=odd)
    family.add(2.5, topic="plain")
    text = render([family, Family("kbroker_test_empty", "gauge", "no samples: left out")]).decode()
    assert "kbroker_test_empty" not in text
    (parsed,) = text_string_to_metric_families(text)
    assert parsed.documentation == 'help with \\ and\nnewline'
    assert [(s.labels["topic"], s.value) for s in parsed.samples] == [(odd, 1.0), ("plain", 2.5)]


def test_a_summary_renders_quantiles_sum_and_count():
    family = Family("kbroker_test_timems", "summary", "a summary")
    family.add(1.5, request="Produce", quantile="0.50")
    family.add(3.0, "_sum", request="Produce")
    family.add(2, "_count", request="Produce")
    (parsed,) = text_string_to_metric_families(render([family]).decode())
    assert parsed.type == "summary"
    assert {(s.name, s.labels.get("quantile"), s.value) for s in parsed.samples} == {
        ("kbroker_test_timems", "0.50", 1.5), ("kbroker_test_timems_sum", None, 3.0),
        ("kbroker_test_timems_count", None, 2.0)}


def test_a_page_from_an_in_process_broker_counts_a_produce(kafka_broker):
    from kafka import KafkaProducer

    from kbroker.http.metrics import MetricsPage

    producer = KafkaProducer(bootstrap_servers=kafka_broker.bootstrap)
    producer.send("in-process", b"x" * 10).get(timeout=30)
    producer.close()

    text = kafka_broker.call(MetricsPage([kafka_broker.state]).page).body.decode()
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for f in text_string_to_metric_families(text) for s in f.samples}
    assert samples[("kafka_server_brokertopicmetrics_messagesin_total", (("topic", "in-process"),))] == 1
    assert samples[("kafka_server_replicamanager_leadercount", ())] >= 1


def test_a_page_lets_other_tasks_run_between_chunks():
    import trio

    from kbroker.http import metrics

    seen: list = []

    async def other() -> None:
        seen.append("other task")

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(other)
            await metrics.each(range(20 * metrics.CHUNK), seen.append)

    trio.run(main)
    # the other task ran at one of the checkpoints (trio may run either task first after each one)
    where = seen.index("other task")
    assert where < 20 * metrics.CHUNK and where % metrics.CHUNK == 0


def _page_samples(broker) -> dict[tuple, float]:
    from kbroker.http.metrics import MetricsPage

    text = broker.call(MetricsPage([broker.state]).page).body.decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for f in text_string_to_metric_families(text) for s in f.samples}


def test_transactions_and_consumer_groups_are_counted_by_state(kafka_broker):
    import time

    import confluent_kafka

    bootstrap = kafka_broker.bootstrap
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "transactional.id": "metered-tx"})
    producer.init_transactions(30)
    producer.begin_transaction()
    producer.produce("metered-tx-topic", b"v")
    producer.commit_transaction(30)
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": "metered-848",
                                         "group.protocol": "consumer", "auto.offset.reset": "earliest"})
    consumer.subscribe(["metered-tx-topic"])
    deadline = time.monotonic() + 60
    message = None
    while message is None and time.monotonic() < deadline:
        message = consumer.poll(0.5)
    assert message is not None and message.error() is None
    groups = "kafka_server_group_coordinator_metrics_consumer_groups"
    # the member acknowledges its assignment with its next heartbeat: then the group is stable
    while (samples := _page_samples(kafka_broker))[(groups, (("state", "stable"),))] != 1 and \
            time.monotonic() < deadline:
        consumer.poll(0.2)
    consumer.close()
    txn = "kbroker_transaction_coordinator_transactional_ids"
    assert samples[(txn, (("state", "CompleteCommit"),))] == 1
    assert samples[(txn, (("state", "Ongoing"),))] == 0
    assert samples[(groups, (("state", "stable"),))] == 1
    assert samples[("kafka_coordinator_group_groupmetadatamanager_numgroups", ())] == 0  # classic groups only


def test_share_groups_are_counted_by_state_with_their_start_offsets_and_lag(kafka_broker):
    import time

    import confluent_kafka

    bootstrap, topic, group = kafka_broker.bootstrap, "metered-share", "metered-sharers"
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap})
    producer.produce(topic, b"created")  # auto-created, one partition
    producer.flush(30)
    consumer = confluent_kafka.ShareConsumer({"bootstrap.servers": bootstrap, "group.id": group})
    consumer.subscribe([topic])
    labels = (("partition", "0"), ("sharegroup", group), ("topic", topic))
    start = "kbroker_sharegroup_start_offset"
    deadline = time.monotonic() + 60
    # the share-partition starts at the high watermark when first fetched (share.auto.offset.reset latest)
    while (start, labels) not in (samples := _page_samples(kafka_broker)) and time.monotonic() < deadline:
        consumer.poll(0.2)
    assert samples[(start, labels)] == 1 and samples[("kbroker_sharegroup_lag", labels)] == 0
    for i in range(10):
        producer.produce(topic, f"v{i}".encode())
    producer.flush(30)
    received = 0
    while received < 10 and time.monotonic() < deadline:
        received += sum(1 for message in consumer.poll(0.2) if message.error() is None)
    assert received == 10
    consumer.commit_sync()  # accepts them
    for i in range(4):
        producer.produce(topic, f"later{i}".encode())
    producer.flush(30)
    samples = _page_samples(kafka_broker)
    groups = "kafka_server_group_coordinator_metrics_share_groups"
    assert samples[(groups, (("state", "stable"),))] == 1 and samples[(groups, (("state", "empty"),))] == 0
    assert (samples[(start, labels)], samples[("kbroker_sharegroup_lag", labels)]) == (11, 4)
    consumer.close()
    samples = _page_samples(kafka_broker)
    assert samples[(groups, (("state", "empty"),))] == 1 and samples[(groups, (("state", "stable"),))] == 0
