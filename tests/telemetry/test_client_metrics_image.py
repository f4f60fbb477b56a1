"""CLIENT_METRICS ConfigRecords in the metadata image: replayed into `client_metrics_configs` (apart from broker
and topic configs), removed key by key, and written back by a snapshot of the image."""

from kbroker.metadata.image import MetadataImage, apply_records, image_records, same_content
from kbroker.protocol.messages.metadata.config_record import ConfigRecord


def test_replay_and_snapshot_keep_subscriptions():
    image = apply_records(MetadataImage(), [
        ConfigRecord(resource_type=16, resource_name="subs", name="metrics", value="org.apache.kafka."),
        ConfigRecord(resource_type=16, resource_name="subs", name="interval.ms", value="1000"),
        ConfigRecord(resource_type=16, resource_name="gone", name="match", value="client_id=x"),
        ConfigRecord(resource_type=16, resource_name="gone", name="match", value=None),
    ], offset=4, epoch=1)
    assert image.client_metrics_configs == {"subs": {"metrics": "org.apache.kafka.", "interval.ms": "1000"}}
    assert image.broker_configs == {} and image.topic_configs == {}
    replayed = apply_records(MetadataImage(), list(image_records(image)), offset=4, epoch=1)
    assert same_content(replayed, image)
