"""The controller's validation (Kafka's error codes and messages) and the records it commits."""

from __future__ import annotations

import uuid

import pytest
from metadata_helpers import NODE_ID, new_partitions, resource, topic

from kbroker.metadata.controller import PRODUCER_ID_BLOCK_SIZE
from kbroker.metadata.image import BROKER_RESOURCE, TOPIC_RESOURCE
from kbroker.protocol import errors

SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3


def codes(results):
    return [r.error.code for r in results]


def test_create_topic_writes_topic_configs_and_partitions(stack):
    [result] = stack.controller.create_topics([topic("orders", 3, 1, {"retention.ms": "1000"})])
    assert result.error.code == 0 and result.num_partitions == 3 and result.replication_factor == 1
    image = stack.image
    orders = image.topic("orders")
    assert orders.topic_id == result.topic_id and image.topic_by_id(result.topic_id) is orders
    assert sorted(orders.partitions) == [0, 1, 2]
    p = orders.partitions[1]
    assert (p.leader, p.leader_epoch, p.partition_epoch, p.replicas, p.isr) == (NODE_ID, 0, 0, (1,), (1,))
    assert dict(image.configs_of_topic("orders")) == {"retention.ms": "1000"}


def test_create_topic_defaults(tmp_path):
    from metadata_helpers import Stack
    s = Stack(tmp_path)
    s.controller.default_num_partitions = 4
    [result] = s.controller.create_topics([topic("d", -1, -1)])
    assert (result.error.code, result.num_partitions, result.replication_factor) == (0, 4, 1)
    s.close()


# Messages as Apache Kafka 4.3.1 answers them (probed against a real broker).
@pytest.mark.parametrize("name, message", [
    ("", "Topic name is invalid: the empty string is not allowed"),
    ("..", "Topic name is invalid: '..' is not allowed"),
    ("a" * 250, f"Topic name is invalid: the length of '{'a' * 250}' is longer than the max allowed length 249"),
    ("bad/name", "Topic name is invalid: 'bad/name' contains one or more characters other than ASCII "
                 "alphanumerics, '.', '_' and '-'"),
])
def test_invalid_topic_names(stack, name, message):
    [result] = stack.controller.create_topics([topic(name)])
    assert result.error == (errors.INVALID_TOPIC_EXCEPTION.code, message)
    assert stack.image.topics_by_name == {}


def test_name_of_249_characters_is_legal(stack):
    assert codes(stack.controller.create_topics([topic("a" * 249)])) == [0]


def test_collision_and_existing_topic(stack):
    stack.controller.create_topics([topic("a.b")])
    results = stack.controller.create_topics([topic("a_b"), topic("a.b")])
    assert results[0].error == (errors.INVALID_TOPIC_EXCEPTION.code, "Topic 'a_b' collides with existing topic: a.b")
    assert results[1].error == (errors.TOPIC_ALREADY_EXISTS.code, "Topic 'a.b' already exists.")


def test_collision_within_one_request_is_not_checked_as_in_kafka(stack):
    # Apache Kafka 4.3.1 creates both (checked on a live broker): collisions are only with existing topics.
    results = stack.controller.create_topics([topic("x.y"), topic("x_y")])
    assert codes(results) == [0, 0]
    assert codes(stack.controller.create_topics([topic("x-y"), topic("x_y2")])) == [0, 0]


def test_duplicate_names_in_request(stack):
    results = stack.controller.create_topics([topic("t"), topic("t")])
    assert [r.error for r in results] == [(errors.INVALID_REQUEST.code, "Duplicate topic name.")] * 2


@pytest.mark.parametrize("partitions, factor, code, message", [
    (0, 1, errors.INVALID_PARTITIONS, "Number of partitions was set to an invalid non-positive value."),
    (-2, 1, errors.INVALID_PARTITIONS, "Number of partitions was set to an invalid non-positive value."),
    (1, 0, errors.INVALID_REPLICATION_FACTOR,
     "Replication factor must be larger than 0, or -1 to use the default value."),
    (1, 2, errors.INVALID_REPLICATION_FACTOR, "Unable to replicate the partition 2 time(s): The target "
     "replication factor of 2 cannot be reached because only 1 broker(s) are registered or some brokers have "
     "all their log directories cordoned."),
])
def test_partition_and_replication_checks(stack, partitions, factor, code, message):
    [result] = stack.controller.create_topics([topic("t", partitions, factor)])
    assert result.error == (code.code, message)


def test_manual_assignments(stack):
    c = stack.controller
    ok = c.create_topics([topic("m", -1, -1, assignments=[(0, [1]), (1, [1])])])
    assert codes(ok) == [0] and sorted(stack.image.topic("m").partitions) == [0, 1]
    cases = {
        "gap": [(0, [1]), (2, [1])],
        "twice": [(0, [1]), (0, [1])],
        "unknown": [(0, [7])],
        "dup": [(0, [1, 1])],
        "empty": [(0, [])],
    }
    results = c.create_topics([topic(name, -1, -1, assignments=a) for name, a in cases.items()])
    assert codes(results) == [errors.INVALID_REPLICA_ASSIGNMENT.code] * len(cases)
    assert results[1].error.message == "Found multiple manual partition assignments for partition 0"
    assert results[2].error.message == ("The manual partition assignment includes broker 7, but no such broker "
                                        "is registered.")
    [mixed] = c.create_topics([topic("mixed", 2, -1, assignments=[(0, [1])])])
    assert mixed.error == (errors.INVALID_REQUEST.code, "A manual partition assignment was specified, but "
                           "numPartitions was not set to -1.")


@pytest.mark.parametrize("configs, message", [
    ({"retention.ms": "abc"}, "Invalid value abc for configuration retention.ms: Not a number of type LONG"),
    ({"segment.bytes": "10"}, "Invalid value 10 for configuration segment.bytes: Value must be at least 1048576"),
    ({"no.such.config": "1"}, "Unknown topic config name: no.such.config"),
    ({"cleanup.policy": "shred"}, "Invalid value shred for configuration cleanup.policy: String must be one of: "
                                  "compact, delete"),
    ({"retention.ms": None}, "Null value not supported for topic configs: retention.ms"),
    ({"compression.gzip.level": "12"},
     "Invalid value 12 for configuration compression.gzip.level: Value must be between 1 and 9 or equal to -1"),
    ({"compression.lz4.level": "30"}, "Invalid value 30 for configuration compression.lz4.level: Value must be "
                                      "no more than 17"),
    ({"min.compaction.lag.ms": "10", "max.compaction.lag.ms": "5"},
     "conflict topic config setting min.compaction.lag.ms (10) > max.compaction.lag.ms (5)"),
    ({"remote.storage.enable": "true"}, "Tiered Storage functionality is disabled in the broker. Topic cannot be "
                                        "configured with remote log storage."),
    ({"leader.replication.throttled.replicas": "x"}, "Invalid value [x] for configuration "
     "leader.replication.throttled.replicas: leader.replication.throttled.replicas must be the literal '*' or a "
     "list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],..."),
])
def test_invalid_configs(stack, configs, message):
    [result] = stack.controller.create_topics([topic("c", configs=configs)])
    assert result.error == (errors.INVALID_CONFIG.code, message)
    assert stack.image.topic("c") is None


def test_validate_only_writes_nothing(stack):
    end = stack.raft.log_end_offset
    [result] = stack.controller.create_topics([topic("v", 2)], validate_only=True)
    assert result.error.code == 0 and result.num_partitions == 2
    assert stack.raft.log_end_offset == end and stack.image.topic("v") is None


def test_delete_topics_by_name_and_id(stack):
    created = stack.controller.create_topics([topic("a", configs={"retention.ms": "5"}), topic("b"), topic("c")])
    unknown = uuid.uuid4()
    results = stack.controller.delete_topics(["a", "missing", "c", "c"], [created[1].topic_id, unknown])
    assert [(r.name, r.error) for r in results] == [
        ("b", (0, None)),
        (None, (errors.UNKNOWN_TOPIC_ID.code, "This server does not host this topic ID.")),
        ("a", (0, None)),
        ("missing", (errors.UNKNOWN_TOPIC_OR_PARTITION.code, "This server does not host this topic-partition.")),
        ("c", (errors.INVALID_REQUEST.code, "Duplicate topic name.")),
    ]
    image = stack.image
    assert sorted(image.topics_by_name) == ["c"] and list(image.topics_by_id) == [created[2].topic_id]
    assert "a" not in image.topic_configs


def test_delete_disabled(stack):
    stack.controller.create_topics([topic("a")])
    stack.controller.delete_topic_enable = False
    [result] = stack.controller.delete_topics(["a"])
    assert result.error.code == errors.TOPIC_DELETION_DISABLED.code
    assert stack.image.topic("a") is not None


def test_create_partitions(stack):
    stack.controller.create_topics([topic("p", 2), topic("q", 4)])
    results = stack.controller.create_partitions([
        new_partitions("p", 5), new_partitions("q", 3), new_partitions("q2", 3), new_partitions("p", 2)])
    assert results[0][1].code == errors.INVALID_REQUEST.code  # "p" twice
    assert results[1][1] == (errors.INVALID_PARTITIONS.code,
                             "The topic q currently has 4 partition(s); 3 would not be an increase.")
    assert results[2][1] == (errors.UNKNOWN_TOPIC_OR_PARTITION.code, None)
    results = stack.controller.create_partitions([new_partitions("p", 5), new_partitions("q", 4)])
    assert results[0][1].code == 0
    assert results[1][1] == (errors.INVALID_PARTITIONS.code, "Topic already has 4 partition(s).")
    assert sorted(stack.image.topic("p").partitions) == [0, 1, 2, 3, 4]
    [(_, error)] = stack.controller.create_partitions([new_partitions("p", 7, [[1]])])
    assert error == (errors.INVALID_REPLICA_ASSIGNMENT.code,
                     "Attempted to add 2 additional partition(s), but only 1 assignment(s) were specified.")
    [(_, error)] = stack.controller.create_partitions([new_partitions("p", 6)], validate_only=True)
    assert error.code == 0 and len(stack.image.topic("p").partitions) == 5


def test_incremental_alter_topic_configs(stack):
    stack.controller.create_topics([topic("t", configs={"retention.ms": "1000"})])
    c = stack.controller
    assert c.incremental_alter_configs([resource(TOPIC_RESOURCE, "t", ("retention.ms", DELETE, None),
                                                 ("cleanup.policy", APPEND, "compact"),
                                                 ("segment.ms", SET, "60000"))]) == [(0, None)]
    # APPEND to an unset list starts from its default (cleanup.policy=delete), as Kafka's getParts does.
    assert dict(stack.image.configs_of_topic("t")) == {"cleanup.policy": "delete,compact", "segment.ms": "60000"}
    c.incremental_alter_configs([resource(TOPIC_RESOURCE, "t", ("cleanup.policy", SUBTRACT, "delete"))])
    assert stack.image.configs_of_topic("t")["cleanup.policy"] == "compact"
    c.incremental_alter_configs([resource(TOPIC_RESOURCE, "t", ("cleanup.policy", APPEND, "delete"))])
    assert stack.image.configs_of_topic("t")["cleanup.policy"] == "compact,delete"
    results = c.incremental_alter_configs([
        resource(TOPIC_RESOURCE, "nope", ("retention.ms", SET, "1")),
        resource(TOPIC_RESOURCE, "t", ("retention.ms", APPEND, "1")),
        resource(TOPIC_RESOURCE, "t", ("retention.ms", SET, "-7")),
        resource(TOPIC_RESOURCE, "t", ("bogus", SET, "1")),
    ])
    assert results == [
        (errors.UNKNOWN_TOPIC_OR_PARTITION.code, "The topic 'nope' does not exist."),
        (errors.INVALID_CONFIG.code, "Can't APPEND to key retention.ms because its type is not LIST."),
        (errors.INVALID_CONFIG.code, "Invalid value -7 for configuration retention.ms: Value must be at least -1"),
        (errors.INVALID_CONFIG.code, "Unknown topic config name: bogus"),
    ]
    end = stack.raft.log_end_offset
    c.incremental_alter_configs([resource(TOPIC_RESOURCE, "t", ("segment.ms", SET, "1"))], validate_only=True)
    assert stack.raft.log_end_offset == end


def test_legacy_alter_configs_replaces_the_set(stack):
    stack.controller.create_topics([topic("t", configs={"retention.ms": "1000", "segment.ms": "5000"})])
    assert stack.controller.legacy_alter_configs([resource(TOPIC_RESOURCE, "t", ("segment.ms", "6000"))]) == [(0, None)]
    assert dict(stack.image.configs_of_topic("t")) == {"segment.ms": "6000"}


def test_broker_configs(stack):
    c = stack.controller
    assert c.incremental_alter_configs([resource(BROKER_RESOURCE, "1", ("log.retention.bytes", SET, "100"))]) == \
        [(0, None)]
    assert c.incremental_alter_configs([resource(BROKER_RESOURCE, "", ("min.insync.replicas", SET, "1"))]) == \
        [(0, None)]
    assert dict(stack.image.configs_of_broker("1")) == {"log.retention.bytes": "100"}
    assert dict(stack.image.configs_of_broker("")) == {"min.insync.replicas": "1"}
    assert c.incremental_alter_configs([resource(BROKER_RESOURCE, "1", ("log.cleanup.policy", APPEND, "compact"),
                                                 ("custom.setting", SET, "x"))]) == [(0, None)]
    results = c.incremental_alter_configs([
        resource(BROKER_RESOURCE, "9", ("log.retention.bytes", SET, "1")),
        resource(BROKER_RESOURCE, "x", ("log.retention.bytes", SET, "1")),
        resource(BROKER_RESOURCE, "-2", ("log.retention.bytes", SET, "1")),
        resource(BROKER_RESOURCE, "1", ("min.insync.replicas", SET, "0")),
        resource(BROKER_RESOURCE, "", ("log.retention.bytes", SET, "abc")),
    ])
    assert results == [
        (0, None),  # any broker's configs: the broker that receives the request checks it names itself
        (errors.INVALID_REQUEST.code, "Unable to parse broker name as a base 10 number."),
        (errors.INVALID_REQUEST.code, "Invalid negative broker ID."),
        (errors.INVALID_REQUEST.code, "Invalid value 0 for configuration min.insync.replicas: Value must be at least 1"),
        (errors.INVALID_REQUEST.code, "Invalid value abc for configuration log.retention.bytes: Not a number of type LONG"),
    ]


def test_alter_configs_request_errors(stack):
    stack.controller.create_topics([topic("t")])
    results = stack.controller.incremental_alter_configs([
        resource(TOPIC_RESOURCE, "t", ("retention.ms", SET, "1"), ("retention.ms", SET, "2")),
        resource(TOPIC_RESOURCE, "t", ("cleanup.policy", SET, None)),
        resource(TOPIC_RESOURCE, "t", ("segment.ms", SUBTRACT, "5")),
        resource(TOPIC_RESOURCE, "bad/x", ("retention.ms", SET, "1")),
    ])
    assert results == [
        (errors.INVALID_REQUEST.code, "Error due to duplicate config keys"),
        (errors.INVALID_REQUEST.code, "Null value not supported for : cleanup.policy"),
        (errors.INVALID_CONFIG.code, "Can't SUBTRACT to key segment.ms because its type is not LIST."),
        (errors.INVALID_TOPIC_EXCEPTION.code, "Topic name is invalid: 'bad/x' contains one or more characters other "
                                              "than ASCII alphanumerics, '.', '_' and '-'"),
    ]
    assert stack.image.configs_of_topic("t") == {}


def test_producer_id_blocks(stack):
    c = stack.controller
    first = c.allocate_producer_ids(NODE_ID, stack.broker_epoch)
    second = c.allocate_producer_ids(NODE_ID, stack.broker_epoch)
    assert (first.error.code, first.first_producer_id, first.size) == (0, 0, PRODUCER_ID_BLOCK_SIZE)
    assert second.first_producer_id == PRODUCER_ID_BLOCK_SIZE
    assert stack.image.next_producer_id == 2 * PRODUCER_ID_BLOCK_SIZE
    stale = c.allocate_producer_ids(NODE_ID, stack.broker_epoch + 1)
    assert stale.error.code == errors.STALE_BROKER_EPOCH.code
    assert c.allocate_producer_ids(5, 0).error.code == errors.STALE_BROKER_EPOCH.code
    stack.reopen(register=True)
    third = stack.controller.allocate_producer_ids(NODE_ID, stack.broker_epoch)
    assert third.first_producer_id == 2 * PRODUCER_ID_BLOCK_SIZE


def test_broker_registration_and_features(stack):
    image = stack.image
    assert image.metadata_version == 30
    broker = image.brokers[NODE_ID]
    assert broker.epoch == stack.broker_epoch and not broker.fenced
    assert broker.endpoint("PLAINTEXT").port == 9092
    stack.reopen(register=True)
    assert stack.image.brokers[NODE_ID].epoch == stack.broker_epoch > broker.epoch
    assert stack.image.metadata_version == 30


def test_operations_run_in_a_worker_thread_from_trio(stack):
    import trio

    async def main():
        return await stack.controller.run(stack.controller.create_topics, [topic("async")], validate_only=False)

    [result] = trio.run(main)
    assert result.error.code == 0 and stack.image.topic("async").topic_id == result.topic_id


class RefusingLogs:
    """The node's storage as the controller sees it: refuses the logs of the topics in `refused` (as out of
    descriptors), records what it was asked to prepare and discard."""

    def __init__(self, *refused: str):
        self.refused = set(refused)
        self.prepared: list[tuple[str, dict, dict | None]] = []
        self.discarded: list[uuid.UUID] = []

    def prepare_logs(self, image, name, topic_id, assignment, config_overrides):
        if name in self.refused:
            raise OSError(24, f"Error while creating log for {name}-0 in dir /logs: [Errno 24] Too many open files")
        self.prepared.append((name, assignment, config_overrides))

    def discard_prepared(self, topic_id):
        self.discarded.append(topic_id)


def test_topics_whose_logs_cannot_be_made_are_refused_with_kafka_storage_error(stack):
    logs = stack.controller.partition_logs = RefusingLogs("b", "p")
    results = stack.controller.create_topics([topic("a", 2, 1, {"retention.ms": "5"}), topic("b", 3)])
    assert codes(results) == [0, errors.KAFKA_STORAGE_ERROR.code]
    assert results[1].error.message == "Error while creating log for b-0 in dir /logs: [Errno 24] Too many open files"
    assert sorted(stack.image.topics_by_name) == ["a"]
    assert logs.prepared == [("a", {0: [NODE_ID], 1: [NODE_ID]}, {"retention.ms": "5"})]
    # validate_only prepares nothing
    assert codes(stack.controller.create_topics([topic("c", 1)], validate_only=True)) == [0]
    assert len(logs.prepared) == 1

    stack.controller.partition_logs = None
    stack.controller.create_topics([topic("p", 1)])
    stack.controller.partition_logs = logs
    results = stack.controller.create_partitions([new_partitions("a", 4), new_partitions("p", 3)])
    assert [error.code for _name, error in results] == [0, errors.KAFKA_STORAGE_ERROR.code]
    assert sorted(stack.image.topic("a").partitions) == [0, 1, 2, 3]
    assert sorted(stack.image.topic("p").partitions) == [0]
    assert logs.prepared[-1] == ("a", {2: [NODE_ID], 3: [NODE_ID]}, None)
    assert logs.discarded == []


def test_prepared_logs_are_discarded_when_the_commit_fails(stack, monkeypatch):
    logs = stack.controller.partition_logs = RefusingLogs()

    def failing_append(records):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(stack.controller.raft, "append", failing_append)
    with pytest.raises(OSError):
        stack.controller.create_topics([topic("a", 1), topic("b", 1)])
    assert len(logs.discarded) == 2 and [name for name, _a, _c in logs.prepared] == ["a", "b"]
