"""A metadata stack (single-voter quorum, loader, controller) over a temporary directory, and request builders."""

from __future__ import annotations

import uuid

from kbroker.metadata.controller import QuorumController, bootstrap_records
from kbroker.metadata.loader import MetadataLoader
from kbroker.protocol.messages.create_partitions_request import (
    CreatePartitionsAssignment,
    CreatePartitionsTopic,
)
from kbroker.protocol.messages.create_topics_request import (
    CreatableReplicaAssignment,
    CreatableTopic,
    CreatableTopicConfig,
)
from kbroker.protocol.messages.incremental_alter_configs_request import AlterableConfig, AlterConfigsResource
from kbroker.raft.single_voter import SingleVoterRaft

NODE_ID = 1
DIRECTORY_ID = uuid.UUID("5a3f6f3c-9f8b-4f57-9d0e-0c2d7b3c1a11")


class Stack:
    """raft + loader + controller; `reopen()` closes and replays from disk."""

    def __init__(self, directory, *, snapshot_max_bytes: int = 1 << 40, register: bool = True):
        self.directory = str(directory)
        self.snapshot_max_bytes = snapshot_max_bytes
        self._open(bootstrap=True, register=register)

    def _open(self, *, bootstrap: bool, register: bool) -> None:
        self.raft = SingleVoterRaft(self.directory, NODE_ID)
        self.loader = MetadataLoader(snapshot_max_bytes=self.snapshot_max_bytes)
        self.loader.bind(self.raft)
        self.raft.start()
        self.controller = QuorumController(self.raft, self.loader, node_id=NODE_ID)
        if bootstrap:
            self.controller.finalize_features(bootstrap_records())
        self.broker_epoch = None
        if register:
            self.broker_epoch = self.controller.register_broker(
                endpoints=[("PLAINTEXT", "127.0.0.1", 9092, 0)], incarnation_id=uuid.uuid4(),
                log_dirs=[DIRECTORY_ID])

    @property
    def image(self):
        return self.loader.image

    def reopen(self, *, register: bool = False) -> None:
        self.raft.close()
        self._open(bootstrap=False, register=register)

    def close(self) -> None:
        self.raft.close()


def topic(name, partitions=1, replication_factor=1, configs=None, assignments=None):
    return CreatableTopic(
        name=name, num_partitions=partitions, replication_factor=replication_factor,
        configs=[CreatableTopicConfig(name=k, value=v) for k, v in (configs or {}).items()],
        assignments=[CreatableReplicaAssignment(partition_index=p, broker_ids=list(b))
                     for p, b in (assignments or [])])


def new_partitions(name, count, assignments=None):
    return CreatePartitionsTopic(name=name, count=count, assignments=[
        CreatePartitionsAssignment(broker_ids=list(b)) for b in assignments] if assignments else None)


def resource(kind, name, *configs):
    """configs: (name, operation, value) for IncrementalAlterConfigs, (name, value) for AlterConfigs."""
    items = []
    for config in configs:
        if len(config) == 3:
            items.append(AlterableConfig(name=config[0], config_operation=config[1], value=config[2]))
        else:
            items.append(AlterableConfig(name=config[0], config_operation=0, value=config[1]))
    return AlterConfigsResource(resource_type=kind, resource_name=name, configs=items)
