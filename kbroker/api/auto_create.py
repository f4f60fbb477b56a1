"""Automatic topic creation (Kafka's DefaultAutoTopicCreationManager): what Metadata does for unknown topics
when the client allows it and `auto.create.topics.enable` is on, and what FindCoordinator does for the
internal topics (__consumer_offsets, __transaction_state).

`auto_create_topics(ctx, names)` returns, per name, the error the requester is told:
- an illegal name: INVALID_TOPIC_EXCEPTION, nothing is created;
- otherwise UNKNOWN_TOPIC_OR_PARTITION, Kafka 4.3's answer while the creation it sent to the controller is in
  flight (older Kafkas said LEADER_NOT_AVAILABLE). kbroker creates the topic before answering, so the next
  Metadata request finds it with its partitions (on a broker whose controller is remote, the CreateTopics goes to
  the active controller through kbroker.api.forwarding and is committed before the answer; the broker's image
  follows moments later); a creation the controller rejects (e.g. a replication factor above the broker count) is
  logged, as Kafka logs it, and the answer is the same.

A regular topic gets `num.partitions` and `default.replication.factor`; the internal topics get their
coordinator's partition count, replication factor and topic configs (`__share_group_state` is created like a
regular topic with the share coordinator's settings). `__cluster_metadata` is never created (Kafka's controller
refuses it; its partition directory would be the metadata log's): it is answered UNKNOWN_TOPIC_OR_PARTITION.

An internal topic whose replication factor is above the broker count (Kafka's default of 3 for
offsets.topic.replication.factor on one node) cannot be created: the client keeps getting Kafka's answer (COORDINATOR_NOT_AVAILABLE from
FindCoordinator), and the broker logs once, at ERROR, the reason and which config to lower.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from kbroker.api.context import RequestContext
from kbroker.api.forwarding import create_topics_on_controller
from kbroker.config import BrokerConfig
from kbroker.metadata import topic_names
from kbroker.protocol import errors
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreatableTopicConfig

log = logging.getLogger(__name__)

CLUSTER_METADATA_TOPIC = "__cluster_metadata"
REPLICATION_FACTOR_CONFIGS = {topic_names.GROUP_METADATA_TOPIC: "offsets.topic.replication.factor",
                              topic_names.TRANSACTION_STATE_TOPIC: "transaction.state.log.replication.factor",
                              topic_names.SHARE_GROUP_STATE_TOPIC: "share.coordinator.state.topic.replication.factor"}


def _internal_topic_configs(config: BrokerConfig, name: str) -> dict[str, str] | None:
    """GroupCoordinator.groupMetadataTopicConfigs / TransactionStateManager's topic configs."""
    if name == topic_names.GROUP_METADATA_TOPIC:
        return {"cleanup.policy": "compact", "compression.type": "producer",
                "segment.bytes": str(config["offsets.topic.segment.bytes"])}
    if name == topic_names.TRANSACTION_STATE_TOPIC:
        return {"compression.type": "uncompressed", "cleanup.policy": "compact",
                "min.insync.replicas": str(config["transaction.state.log.min.isr"]),
                "unclean.leader.election.enable": "false",
                "segment.bytes": str(config["transaction.state.log.segment.bytes"])}
    if name == topic_names.SHARE_GROUP_STATE_TOPIC:  # ShareCoordinatorService's topic configs
        return {"cleanup.policy": "delete", "compression.type": "producer", "retention.ms": "-1",
                "min.insync.replicas": str(config["share.coordinator.state.topic.min.isr"]),
                "segment.bytes": str(config["share.coordinator.state.topic.segment.bytes"])}
    return None


def creatable_topic(config: BrokerConfig, name: str) -> CreatableTopic:
    """The CreateTopics entry auto-creation sends for `name`."""
    if name == topic_names.GROUP_METADATA_TOPIC:
        partitions, replication = config["offsets.topic.num.partitions"], config["offsets.topic.replication.factor"]
    elif name == topic_names.TRANSACTION_STATE_TOPIC:
        partitions = config["transaction.state.log.num.partitions"]
        replication = config["transaction.state.log.replication.factor"]
    elif name == topic_names.SHARE_GROUP_STATE_TOPIC:
        partitions = config["share.coordinator.state.topic.num.partitions"]
        replication = config["share.coordinator.state.topic.replication.factor"]
    else:
        partitions, replication = config["num.partitions"], config["default.replication.factor"]
    configs = _internal_topic_configs(config, name) or {}
    return CreatableTopic(name=name, num_partitions=partitions, replication_factor=replication,
                          configs=[CreatableTopicConfig(name=k, value=v) for k, v in configs.items()])


async def auto_create_topics(ctx: RequestContext, names: Iterable[str]) -> dict[str, int]:
    """Create the (unknown) topics `names`; name -> the error code to answer for it (see the module doc), in
    the order Kafka answers them: refused names first."""
    unique = list(dict.fromkeys(names))
    invalid = [name for name in unique if topic_names.invalid_topic_name_reason(name) is not None]
    creatable = [name for name in unique if name not in invalid]
    wanted = [creatable_topic(ctx.config, name) for name in creatable if name != CLUSTER_METADATA_TOPIC]
    # Kafka lists the names it refused before the ones it sent to the controller.
    answers = {name: errors.INVALID_TOPIC_EXCEPTION.code for name in invalid}
    answers.update((name, errors.UNKNOWN_TOPIC_OR_PARTITION.code) for name in creatable)
    if wanted:
        for name, code, message, partitions, replication in await _create(ctx, wanted):
            if code == errors.NONE.code:
                log.info("auto-created topic %s (%d partitions, replication factor %d) for %s", name, partitions,
                         replication, ctx.describe())
            elif code == errors.INVALID_REPLICATION_FACTOR.code and name in REPLICATION_FACTOR_CONFIGS:
                _report_unplaceable_internal_topic(ctx, name, message)
            elif code != errors.TOPIC_ALREADY_EXISTS.code:
                log.warning("auto topic creation failed for %s with error %s: %s", name,
                            errors.for_code(code).name, message)
    return answers


async def _create(ctx: RequestContext, wanted: list[CreatableTopic]) -> list[tuple[str, int, str | None, int, int]]:
    """(name, error code, message, partitions, replication factor) per topic, from the local controller or, on
    a node whose controller is remote, from the active controller (kbroker.api.forwarding)."""
    if ctx.state.controller_channel is not None:
        return [(r.name, r.error_code, r.error_message, r.num_partitions, r.replication_factor)
                for r in await create_topics_on_controller(ctx, wanted)]
    controller = ctx.state.metadata.controller
    return [(r.name, r.error.code, r.error.message, r.num_partitions, r.replication_factor)
            for r in await ctx.state.run_controller(controller.create_topics, wanted)]


def _report_unplaceable_internal_topic(ctx: RequestContext, name: str, reason: str | None) -> None:
    config_name = REPLICATION_FACTOR_CONFIGS[name]
    if name in ctx.state.unplaceable_internal_topics:
        log.debug("auto topic creation of %s failed again: %s", name, reason)
        return
    ctx.state.unplaceable_internal_topics.add(name)
    log.error("cannot create the internal topic %s with %s=%d (%s); clients asking for its coordinator get "
              "COORDINATOR_NOT_AVAILABLE until %s is lowered (Kafka's config/server.properties sets 1 for a single "
              "node)", name, config_name, ctx.config[config_name], reason, config_name)


async def create_streams_internal_topics(ctx: RequestContext, topics: list[CreatableTopic]) -> None:
    """The internal topics (repartition, changelog) a streams group's topology needs, with the partition counts
    and configs the group coordinator derived (Kafka's AutoTopicCreationManager.createStreamsInternalTopics);
    the outcome is logged, the heartbeat answers MISSING_INTERNAL_TOPICS until they exist."""
    for name, code, message, partitions, replication in await _create(ctx, topics):
        if code == errors.NONE.code:
            log.info("created the streams internal topic %s (%d partitions, replication factor %d) for %s", name,
                     partitions, replication, ctx.describe())
        elif code != errors.TOPIC_ALREADY_EXISTS.code:
            log.warning("creating the streams internal topic %s failed with error %s: %s", name,
                        errors.for_code(code).name, message)
