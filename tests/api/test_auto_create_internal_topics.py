"""An internal topic that cannot be created for lack of brokers: with Kafka's own default of 3 replicas for
__consumer_offsets on one node, FindCoordinator keeps answering COORDINATOR_NOT_AVAILABLE (as Kafka does) and the
broker logs once, at ERROR, the config to lower."""

from __future__ import annotations

import logging

from kbroker.config import BrokerConfig
from kbroker.protocol import errors
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.testing import run_broker_in_thread


def test_unplaceable_offsets_topic_is_one_error_line_naming_the_config(tmp_path, caplog):
    # Kafka's defaults, as with a config file: offsets.topic.replication.factor=3.
    config = BrokerConfig.from_properties({"listeners": "PLAINTEXT://127.0.0.1:0", "log.dirs": str(tmp_path)})
    assert config["offsets.topic.replication.factor"] == 3
    caplog.set_level(logging.INFO, logger="kbroker.api.auto_create")
    with run_broker_in_thread(config) as broker:
        conn = KafkaConnection(broker.bootstrap)
        try:
            for _ in range(3):
                answer = conn.send(FindCoordinatorRequest(key_type=0, coordinator_keys=["g"]), version=4)
                assert answer.coordinators[0].error_code == errors.COORDINATOR_NOT_AVAILABLE.code
        finally:
            conn.close()
    logged = [r for r in caplog.records if r.name == "kbroker.api.auto_create" and r.levelno >= logging.WARNING]
    assert len(logged) == 1 and logged[0].levelno == logging.ERROR
    assert "__consumer_offsets" in logged[0].getMessage()
    assert "offsets.topic.replication.factor=3" in logged[0].getMessage()


def test_single_node_defaults_create_the_offsets_topic(tmp_path):
    """With no config file kbroker serve starts from config.SINGLE_NODE_DEFAULTS: the coordinator is found."""
    config = BrokerConfig.load(None, ["listeners=PLAINTEXT://127.0.0.1:0", f"log.dirs={tmp_path}"])
    assert config.single_node_defaults["offsets.topic.replication.factor"] == "1"
    with run_broker_in_thread(config) as broker:
        conn = KafkaConnection(broker.bootstrap)
        try:
            codes = [conn.send(FindCoordinatorRequest(key_type=0, coordinator_keys=["g"]), version=4)
                     .coordinators[0].error_code for _ in range(2)]
        finally:
            conn.close()
    assert codes[-1] == errors.NONE.code
