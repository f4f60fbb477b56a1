"""The wiring the broker uses: first start formats, restarts replay and re-register with a new epoch."""

from __future__ import annotations

from kbroker.config import BrokerConfig
from kbroker.metadata.service import MetadataService, listener_endpoints
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.storage_format import load_or_format, read_meta_properties


def test_start_restart_and_registration(tmp_path):
    config = BrokerConfig.from_properties({"log.dirs": str(tmp_path), "listeners": "PLAINTEXT://127.0.0.1:0",
                                           "num.partitions": "3"})
    endpoints = listener_endpoints(config.advertised_listeners, {"PLAINTEXT": 40001})
    service = MetadataService.start(config, load_or_format(config), endpoints=endpoints)
    try:
        [result] = service.controller.create_topics([CreatableTopic(name="t", num_partitions=-1,
                                                                    replication_factor=-1)])
        assert result.num_partitions == 3
        first_epoch = service.broker_epoch
        broker = service.image.brokers[1]
        assert broker.endpoint("PLAINTEXT").port == 40001 and broker.epoch == first_epoch
        assert broker.log_dirs == (read_meta_properties(str(tmp_path)).directory_id,)
        assert service.image.topic("t").partitions[0].directories == broker.log_dirs
    finally:
        service.close()
    storage = load_or_format(config)
    service = MetadataService.start(config, storage, endpoints=endpoints)
    try:
        assert service.cluster_id == storage.cluster_id
        assert service.broker_epoch > first_epoch and service.image.brokers[1].epoch == service.broker_epoch
        assert sorted(service.image.topic("t").partitions) == [0, 1, 2]
        assert service.image.metadata_version == 30
    finally:
        service.close()
