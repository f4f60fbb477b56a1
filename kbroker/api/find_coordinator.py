"""FindCoordinator (API key 10), v0-6: which node coordinates a group (key type 0), a transactional id (key
type 1) or, from v6, a share-partition's state (key type 2, "groupId:topicId:partition", asked by brokers: needs
CLUSTER_ACTION, else CLUSTER_AUTHORIZATION_FAILED; a malformed key is INVALID_REQUEST). v0-3 ask for one key,
v4+ for a batch (`coordinator_keys`), each answered on its own.

As Kafka 4.3's KafkaApis: the coordinator is the leader of the key's partition of the internal topic
(`__consumer_offsets`, `__transaction_state` or `__share_group_state`, partition abs(String.hashCode(key)) % partition count), answered
with its endpoint on the listener the request came in on. While the internal topic does not exist, the request
creates it (kbroker.api.auto_create: offsets.topic.* / transaction.state.log.* partitions, replication factor and
configs) and is answered COORDINATOR_NOT_AVAILABLE; a creation the controller refuses (a replication factor above
the number of brokers) leaves the answer COORDINATOR_NOT_AVAILABLE for good, as on Kafka. Another key type is
INVALID_REQUEST. The error message is Kafka's `Errors.message()`: the error's default message ("NONE" for
success before v4, empty from v4).
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.auto_create import auto_create_topics
from kbroker.api.context import RequestContext
from kbroker.coordinator_partitions import partition_for
from kbroker.kafka_uuid import parse_kafka_uuid
from kbroker.metadata import listener_view
from kbroker.metadata.topic_names import (
    GROUP_METADATA_TOPIC,
    SHARE_GROUP_STATE_TOPIC,
    TRANSACTION_STATE_TOPIC,
)
from kbroker.protocol import errors
from kbroker.protocol.messages.find_coordinator_response import Coordinator, FindCoordinatorResponse

API_KEY = 10
MIN_VERSION = 0
MAX_VERSION = 6
BATCHED_VERSION = 4
GROUP_KEY_TYPE, TRANSACTION_KEY_TYPE, SHARE_KEY_TYPE = 0, 1, 2
SHARE_KEY_VERSION = 6
_INTERNAL_TOPICS = {GROUP_KEY_TYPE: GROUP_METADATA_TOPIC, TRANSACTION_KEY_TYPE: TRANSACTION_STATE_TOPIC,
                    SHARE_KEY_TYPE: SHARE_GROUP_STATE_TOPIC}


def _valid_share_key(key: str) -> bool:
    """Kafka's SharePartitionKey.validate: "groupId:topicId:partition" with a non-empty group id."""
    parts = key.rsplit(":", 2)
    if len(parts) != 3 or not parts[0]:
        return False
    try:
        parse_kafka_uuid(parts[1])
        return int(parts[2]) >= 0
    except ValueError:
        return False


def _message(code: int, version: int) -> str:
    if code == errors.NONE.code:
        return "" if version >= BATCHED_VERSION else "NONE"
    return errors.for_code(code).message


def _no_node(key: str, code: int, version: int) -> Coordinator:
    return Coordinator(key=key, node_id=-1, host="", port=-1, error_code=code, error_message=_message(code, version))


async def _find(ctx: RequestContext, key_type: int, key: str) -> Coordinator:
    version = ctx.api_version
    topic_name = _INTERNAL_TOPICS.get(key_type)
    if topic_name is None or (key_type == SHARE_KEY_TYPE and (version < SHARE_KEY_VERSION
                                                              or not _valid_share_key(key))):
        return _no_node(key, errors.INVALID_REQUEST.code, version)
    if key_type == SHARE_KEY_TYPE and not authz.cluster_allowed(ctx, authz.CLUSTER_ACTION):
        return _no_node(key, errors.CLUSTER_AUTHORIZATION_FAILED.code, version)
    if key_type == GROUP_KEY_TYPE and not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, key):
        return _no_node(key, errors.GROUP_AUTHORIZATION_FAILED.code, version)
    if key_type == TRANSACTION_KEY_TYPE and not authz.allowed(ctx, authz.DESCRIBE, authz.TRANSACTIONAL_ID, key):
        return _no_node(key, errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code, version)
    image = ctx.state.image
    topic = image.topic(topic_name)
    if topic is None:
        await auto_create_topics(ctx, [topic_name])
        return _no_node(key, errors.COORDINATOR_NOT_AVAILABLE.code, version)
    registration = topic.partitions.get(partition_for(key, len(topic.partitions)))
    if registration is None or registration.leader < 0:
        return _no_node(key, errors.COORDINATOR_NOT_AVAILABLE.code, version)
    for node in listener_view.broker_nodes(image, ctx.listener_name):
        if node.node_id == registration.leader:
            return Coordinator(key=key, node_id=node.node_id, host=node.host, port=node.port,
                               error_code=errors.NONE.code, error_message=_message(errors.NONE.code, version))
    return _no_node(key, errors.COORDINATOR_NOT_AVAILABLE.code, version)


async def handle(ctx: RequestContext, request) -> FindCoordinatorResponse:
    if ctx.api_version >= BATCHED_VERSION:
        coordinators = [await _find(ctx, request.key_type, key) for key in request.coordinator_keys]
        return FindCoordinatorResponse(throttle_time_ms=0, coordinators=coordinators)
    found = await _find(ctx, request.key_type, request.key)
    return FindCoordinatorResponse(throttle_time_ms=0, error_code=found.error_code,
                                   error_message=found.error_message, node_id=found.node_id, host=found.host,
                                   port=found.port)
