"""UnregisterBroker (key 64) on the broker listener of an in-process combined node, which runs it on its own
controller: a registered broker is removed, an unknown id gets Kafka's error and message."""

import functools
import uuid

from kbroker.metadata.controller import SUPPORTED_FEATURES
from kbroker.protocol import errors
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.broker_registration_request import BrokerRegistrationRequest, Feature, Listener
from kbroker.protocol.messages.unregister_broker_request import UnregisterBrokerRequest
from kbroker.testing import broker_config, run_broker_in_thread

OTHER = 2


def test_a_registered_broker_is_removed_and_an_unknown_one_refused(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as broker:
        controller = broker.state.metadata.controller
        request = BrokerRegistrationRequest(
            broker_id=OTHER, cluster_id=broker.state.metadata.cluster_id, incarnation_id=uuid.uuid4(),
            listeners=[Listener(name="PLAINTEXT", host="127.0.0.1", port=1, security_protocol=0)],
            features=[Feature(name=name, min_supported_version=low, max_supported_version=high)
                      for name, low, high in SUPPORTED_FEATURES],
            log_dirs=[uuid.uuid4()])
        registered = broker.call(broker.state.run_controller,
                                 functools.partial(controller.broker_registration, api_version=4, now=0.0), request)
        assert registered.error_code == 0 and OTHER in broker.state.image.brokers
        with KafkaConnection(broker.bootstrap) as conn:
            removed = conn.send(UnregisterBrokerRequest(broker_id=OTHER), version=0)
            # Kafka leaves ErrorMessage at its generated default, the empty string.
            assert (removed.error_code, removed.error_message) == (0, "")
            assert OTHER not in broker.state.image.brokers
            again = conn.send(UnregisterBrokerRequest(broker_id=OTHER), version=0)
            assert (again.error_code, again.error_message) == (errors.BROKER_ID_NOT_REGISTERED.code,
                                                               f"Broker ID {OTHER} is not currently registered")
        assert 1 in broker.state.image.brokers
