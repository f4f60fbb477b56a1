"""CLIENT_METRICS subscriptions: validation, selector matching, and the subscription id Kafka computes (golden
values from kafka-clients 4.3.1's Crc32C, HashSet and Uuid.hashCode, run once with java)."""

import uuid

import pytest

from kbroker.telemetry import subscriptions as s

ONE_TWO = uuid.UUID(int=(1 << 64) | 2)  # Uuid(1, 2), "AAAAAAAAAAEAAAAAAAAAAg"


def test_java_hash_set_order_matches_kafka():
    items = ["org.apache.kafka.producer.", "org.apache.kafka.consumer.", "x.y", "a", "bb",
             "org.apache.kafka.producer.node.request.latency"]
    assert s.java_set_order(items) == ["org.apache.kafka.producer.", "bb", "a", "org.apache.kafka.consumer.", "x.y",
                                       "org.apache.kafka.producer.node.request.latency"]


def test_subscription_id_matches_kafka():
    items = s.java_set_order(["org.apache.kafka.producer.", "org.apache.kafka.consumer.", "x.y", "a", "bb",
                              "org.apache.kafka.producer.node.request.latency"])
    assert s.subscription_id(items, 1000, ONE_TWO) == 1558196721
    assert s.subscription_id([], 300000, ONE_TWO) == -725132323


def test_uuid_hash_matches_kafka():
    assert s.uuid_hash(uuid.UUID("7fc3a4e9-a461-43bf-b998-f21571067cc9")) == 322726282


def _attrs(**over):
    base = {s.CLIENT_ID: "app-1", s.CLIENT_SOFTWARE_NAME: "apache-kafka-java", s.CLIENT_SOFTWARE_VERSION: "4.3.1",
            s.CLIENT_SOURCE_ADDRESS: "127.0.0.1", s.CLIENT_SOURCE_PORT: "50000",
            s.CLIENT_INSTANCE_ID: str(ONE_TWO)}
    return {**base, **over}


def test_selector_patterns_match_whole_attribute():
    sub = s.Subscription.from_configs("a", {"match": "client_id=app-.*,client_software_name=apache-kafka-java"})
    assert sub.matches(_attrs())
    assert not sub.matches(_attrs(client_id="my-app-1"))  # Matcher.matches: the whole value
    assert not sub.matches(_attrs(client_software_name="librdkafka"))
    assert s.Subscription.from_configs("b", {}).matches(_attrs())  # no pattern: every client
    port = s.Subscription.from_configs("c", {"match": "client_source_port=5000[0-9], client_instance_id=" +
                                        str(ONE_TWO)})
    assert port.matches(_attrs())
    assert not port.matches(_attrs(client_source_port="6000"))


def test_subscription_for_unions_matching_subscriptions():
    subs = [s.Subscription.from_configs("p", {"metrics": "org.apache.kafka.producer.", "interval.ms": "2000",
                                              "match": "client_id=app-.*"}),
            s.Subscription.from_configs("q", {"metrics": "org.apache.kafka.consumer.", "interval.ms": "500"}),
            s.Subscription.from_configs("r", {"metrics": "*", "match": "client_id=other"})]
    got = s.subscription_for(subs, _attrs(), ONE_TWO)
    assert got.interval_ms == 500
    assert set(got.metrics) == {"org.apache.kafka.producer.", "org.apache.kafka.consumer."}
    assert got.subscription_id == s.subscription_id(list(got.metrics), 500, ONE_TWO)
    everything = s.subscription_for(subs, _attrs(client_id="other"), ONE_TWO)
    assert everything.metrics == ("*",)
    assert everything.interval_ms == 500
    none = s.subscription_for(subs, _attrs(client_id="zzz"), ONE_TWO)
    assert none.metrics == ("org.apache.kafka.consumer.",)
    assert s.subscription_for([], _attrs(), ONE_TWO) == s.ClientSubscription((), 300000, -725132323)


@pytest.mark.parametrize("configs, kind, message", [
    ({"bogus": "1"}, "request", "Unknown client metrics configuration: bogus"),
    ({"interval.ms": "99"}, "request", "Invalid value 99 for interval.ms, interval must be between 100 and "
                                       "3600000 (1 hour)"),
    ({"interval.ms": "3600001"}, "request", None),
    ({"interval.ms": "soon"}, "config", None),
    ({"match": "client_id"}, "config", "Illegal client matching pattern: client_id"),
    ({"match": "client_id="}, "config", "Illegal client matching pattern: client_id="),
    ({"match": "host=a"}, "config", "Illegal client matching pattern: host=a"),
    ({"match": "client_id=a=b"}, "config", None),
    ({"match": "client_id=(unclosed"}, "config", None),
])
def test_validation_errors(configs, kind, message):
    with pytest.raises(s.SubscriptionError) as info:
        s.validate("sub", configs)
    assert info.value.kind == kind
    if message is not None:
        assert info.value.message == message


def test_validation_accepts_kafka_examples():
    s.validate("sub", {"metrics": "org.apache.kafka.producer., org.apache.kafka.consumer.", "interval.ms": "100",
                       "match": "client_software_name=kafka-python,client_software_version=1\\.2\\..*"})
    with pytest.raises(s.SubscriptionError, match="Subscription name can't be empty"):
        s.validate("", {})
