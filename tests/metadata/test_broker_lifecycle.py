"""BrokerLifecycle (the broker's side of registration and heartbeats) with an explicit clock, alone and driven
against ClusterControl over the in-memory metadata log."""

from __future__ import annotations

import uuid

import pytest
from cluster_helpers import CLUSTER_ID, MetadataLog, dir_id, heartbeat

from kbroker.broker_lifecycle import BrokerLifecycle, BrokerState
from kbroker.config import BrokerConfig
from kbroker.metadata.controller import SUPPORTED_FEATURES
from kbroker.protocol import errors
from kbroker.protocol.messages.broker_heartbeat_request import BrokerHeartbeatRequest
from kbroker.protocol.messages.broker_heartbeat_response import BrokerHeartbeatResponse
from kbroker.protocol.messages.broker_registration_request import BrokerRegistrationRequest
from kbroker.protocol.messages.broker_registration_response import BrokerRegistrationResponse


def lifecycle(broker_id: int = 2, **kwargs) -> BrokerLifecycle:
    return BrokerLifecycle(node_id=broker_id, cluster_id=CLUSTER_ID,
                           listeners=[("PLAINTEXT", "127.0.0.1", 9090 + broker_id, 0)], features=SUPPORTED_FEATURES,
                           log_dirs=[dir_id(broker_id)], rack="r1", **kwargs)


def heartbeat_response(**fields) -> BrokerHeartbeatResponse:
    return BrokerHeartbeatResponse(**fields)


# --- alone -----------------------------------------------------------------------------------------------------

def test_registration_request_carries_identity_listeners_features_and_dirs():
    broker = lifecycle(previous_broker_epoch=17)
    assert broker.poll(0.0) is None  # not started
    broker.start(0.0, lambda: 5)
    assert broker.state is BrokerState.STARTING
    request = broker.poll(0.0)
    assert isinstance(request, BrokerRegistrationRequest)
    assert (request.broker_id, request.cluster_id, request.incarnation_id, request.rack) == (
        2, CLUSTER_ID, broker.incarnation_id, "r1")
    assert [(f.name, f.min_supported_version, f.max_supported_version) for f in request.features] == list(
        SUPPORTED_FEATURES)
    assert [(x.name, x.host, x.port, x.security_protocol) for x in request.listeners] == [
        ("PLAINTEXT", "127.0.0.1", 9092, 0)]
    assert request.log_dirs == [dir_id(2)] and request.previous_broker_epoch == 17
    assert not request.is_migrating_zk_broker
    assert broker.poll(0.0) is None  # one request in flight


def test_a_failed_registration_is_retried_after_the_heartbeat_interval_with_the_same_incarnation():
    broker = lifecycle()
    broker.start(0.0, lambda: 0)
    first = broker.poll(0.0)
    broker.handle_registration_response(BrokerRegistrationResponse(error_code=errors.DUPLICATE_BROKER_REGISTRATION.code),
                                        0.1)
    assert broker.deadline == pytest.approx(2.1)
    assert broker.poll(2.0) is None
    second = broker.poll(2.1)
    assert isinstance(second, BrokerRegistrationRequest)
    assert second.incarnation_id == first.incarnation_id
    broker.handle_registration_response(None, 2.2)  # no answer at all
    assert isinstance(broker.poll(4.2), BrokerRegistrationRequest)


def test_no_registration_within_the_initial_timeout_shuts_the_broker_down():
    broker = lifecycle(initial_registration_timeout_ms=5000)
    broker.start(0.0, lambda: 0)
    broker.poll(0.0)
    broker.handle_registration_response(None, 1.0)
    assert isinstance(broker.poll(3.0), BrokerRegistrationRequest)
    broker.handle_registration_response(None, 3.5)
    assert broker.poll(4.99) is None and broker.state is BrokerState.STARTING
    assert broker.poll(5.0) is None
    assert broker.state is BrokerState.SHUTTING_DOWN and broker.registration_failed
    assert broker.deadline is None


def test_heartbeats_report_the_metadata_offset_and_wants():
    offset = [40]
    broker = lifecycle()
    broker.start(0.0, lambda: offset[0])
    broker.poll(0.0)
    broker.handle_registration_response(BrokerRegistrationResponse(broker_epoch=33), 0.1)
    assert broker.broker_epoch == 33
    request = broker.poll(0.1)  # at once after registering
    assert isinstance(request, BrokerHeartbeatRequest)
    assert (request.broker_id, request.broker_epoch, request.current_metadata_offset) == (2, 33, 40)
    assert (request.want_fence, request.want_shut_down) == (True, False)
    broker.handle_heartbeat_response(heartbeat_response(is_caught_up=False), 0.2)
    assert broker.state is BrokerState.STARTING
    assert broker.deadline == pytest.approx(0.21)  # 10 ms while STARTING
    offset[0] = 45
    request = broker.poll(broker.deadline)
    assert request.current_metadata_offset == 45
    broker.handle_heartbeat_response(heartbeat_response(is_caught_up=True), 0.22)
    assert broker.state is BrokerState.RECOVERY and broker.caught_up
    broker.set_ready_to_unfence(0.23)
    request = broker.poll(0.23)
    assert request.want_fence is False
    broker.handle_heartbeat_response(heartbeat_response(is_caught_up=True, is_fenced=False), 0.24)
    assert broker.state is BrokerState.RUNNING and broker.unfenced
    assert broker.deadline == pytest.approx(2.24)


def test_a_send_that_falls_due_while_one_is_in_flight_goes_out_as_soon_as_the_answer_arrives():
    broker = lifecycle()
    broker.start(0.0, lambda: 0)
    broker.poll(0.0)
    broker.handle_registration_response(BrokerRegistrationResponse(broker_epoch=3), 0.0)
    broker.poll(0.0)  # heartbeat in flight
    broker.set_ready_to_unfence(0.5)
    assert broker.poll(0.5) is None
    broker.handle_heartbeat_response(heartbeat_response(is_caught_up=True), 0.6)
    assert broker.deadline == pytest.approx(0.6)
    assert broker.poll(0.6).want_fence is False


def test_a_heartbeat_error_is_retried_after_the_interval():
    broker = lifecycle()
    broker.start(0.0, lambda: 0)
    broker.poll(0.0)
    broker.handle_registration_response(BrokerRegistrationResponse(broker_epoch=3), 0.0)
    broker.poll(0.0)
    broker.handle_heartbeat_response(heartbeat_response(error_code=errors.STALE_BROKER_EPOCH.code), 0.1)
    assert broker.state is BrokerState.STARTING
    assert broker.deadline == pytest.approx(2.1)


def test_controlled_shutdown_from_a_state_other_than_running_shuts_down_at_once():
    broker = lifecycle()
    broker.start(0.0, lambda: 0)
    broker.begin_controlled_shutdown(0.0)
    assert broker.state is BrokerState.SHUTTING_DOWN and broker.shutdown_complete
    assert broker.poll(10.0) is None


def test_resend_registration_registers_again_with_the_same_incarnation():
    broker = lifecycle()
    broker.start(0.0, lambda: 0)
    first = broker.poll(0.0)
    broker.handle_registration_response(BrokerRegistrationResponse(broker_epoch=3), 0.0)
    assert isinstance(broker.poll(0.0), BrokerHeartbeatRequest)
    broker.handle_heartbeat_response(heartbeat_response(), 0.0)
    broker.resend_registration(1.0)
    again = broker.poll(1.0)
    assert isinstance(again, BrokerRegistrationRequest) and again.incarnation_id == first.incarnation_id


def test_from_config_registers_the_advertised_broker_listeners_only():
    config = BrokerConfig.from_properties({
        "node.id": "5", "process.roles": "broker,controller", "controller.listener.names": "CONTROLLER",
        "listeners": "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:9093",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "controller.quorum.voters": "5@127.0.0.1:9093", "broker.rack": "rack-a",
        "broker.heartbeat.interval.ms": "500"})
    broker = BrokerLifecycle.from_config(config, cluster_id=CLUSTER_ID, log_dir_ids=[dir_id(5, 1), dir_id(5, 0)],
                                         bound_ports={"PLAINTEXT": 40005})
    broker.start(0.0, lambda: 0)
    request = broker.poll(0.0)
    assert [(x.name, x.host, x.port) for x in request.listeners] == [("PLAINTEXT", "127.0.0.1", 40005)]
    assert (request.broker_id, request.rack, request.log_dirs) == (5, "rack-a", [dir_id(5, 0), dir_id(5, 1)])
    assert broker.heartbeat_interval == 0.5


# --- against the controller ------------------------------------------------------------------------------------

class Link:
    """Carries one broker's requests to the controller at once (no network)."""

    def __init__(self, log: MetadataLog, broker: BrokerLifecycle):
        self.log = log
        self.broker = broker
        self.now = 0.0

    def run(self, until: float, step: float = 0.01, deliver: bool = True) -> float:
        now = self.now
        while now < until:
            request = self.broker.poll(now)
            if isinstance(request, BrokerRegistrationRequest):
                response = self.log.register(request, now=now).response if deliver else None
                self.broker.handle_registration_response(response, now)
            elif request is not None:
                response = self.log.heartbeat(request, now=now).response if deliver else None
                self.broker.handle_heartbeat_response(response, now)
            self.log.fence_stale(now)
            now = round(now + step, 6)
        self.now = now
        return now


def test_a_broker_registers_catches_up_is_unfenced_and_runs():
    log = MetadataLog()
    broker = lifecycle()
    broker.start(0.0, lambda: log.image.offset)
    link = Link(log, broker)
    link.run(1.0)
    assert broker.state is BrokerState.RECOVERY  # caught up, but its logs are not open yet
    assert log.image.brokers[2].fenced
    broker.set_ready_to_unfence(link.now)
    link.run(2.0)
    assert broker.state is BrokerState.RUNNING
    assert not log.image.brokers[2].fenced
    assert log.image.brokers[2].epoch == broker.broker_epoch


def test_a_broker_that_stops_heartbeating_is_fenced_and_recovers_on_its_next_heartbeat():
    log = MetadataLog()
    log.join(3)
    broker = lifecycle()
    broker.start(0.0, lambda: log.image.offset)
    broker.set_ready_to_unfence(0.0)
    link = Link(log, broker)
    link.run(1.0)
    log.create_topic("t", {0: [2, 3]})
    link.run(2.0)
    assert log.partition("t", 0).leader == 2
    # Broker 3 keeps its session alive by hand; broker 2 goes silent.
    silent_until = 13.0
    now = link.now
    while now < silent_until:
        log.heartbeat(heartbeat(3, log.image.brokers[3].epoch, log.image.offset), now=now)
        log.fence_stale(now)
        now += 1.0
    assert log.image.brokers[2].fenced
    assert log.partition("t", 0).leader == 3 and log.partition("t", 0).isr == (3,)
    link.now = now
    link.run(now + 0.5)
    assert not log.image.brokers[2].fenced  # its next heartbeat unfences it (it is still caught up)
    assert broker.state is BrokerState.RUNNING


def test_controlled_shutdown_end_to_end():
    log = MetadataLog()
    other = log.join(3)
    broker = lifecycle()
    broker.start(0.0, lambda: log.image.offset)
    broker.set_ready_to_unfence(0.0)
    link = Link(log, broker)
    link.run(1.0)
    log.create_topic("t", {0: [2, 3], 1: [2]})
    log.heartbeat(heartbeat(3, other, log.image.offset + 10))  # broker 3 is ahead of anything written next
    broker.begin_controlled_shutdown(link.now)
    assert broker.state is BrokerState.PENDING_CONTROLLED_SHUTDOWN
    link.run(link.now + 1.0)
    assert broker.state is BrokerState.SHUTTING_DOWN
    assert log.partition("t", 0).leader == 3
    assert log.partition("t", 1).leader == -1 and log.partition("t", 1).isr == (2,)
    registration = log.image.brokers[2]
    assert registration.fenced and registration.in_controlled_shutdown
    # A new incarnation after the restart registers fenced and is unfenced, leading t-1 again.
    restarted = lifecycle(incarnation_id=uuid.uuid4(), previous_broker_epoch=registration.epoch)
    restarted.start(link.now, lambda: log.image.offset)
    restarted.set_ready_to_unfence(link.now)
    link2 = Link(log, restarted)
    link2.now = link.now
    link2.run(link.now + 1.0)
    # Kafka 4.3.1 keeps the old incarnation's session until it expires: DUPLICATE_BROKER_REGISTRATION till then.
    assert restarted.state is BrokerState.STARTING and restarted.broker_epoch == -1
    link2.run(link.now + 12.0)
    assert restarted.state is BrokerState.RUNNING
    assert log.image.brokers[2].incarnation_id == restarted.incarnation_id
    assert log.partition("t", 1).leader == 2
