"""Replication for a broker of a multi-node cluster, in one call for the node's composition root: the replica
fetchers (their own ChannelManager, dialling leaders on the inter-broker listener, client id
`broker-<id>-fetcher`), the transaction markers and verifications on channel managers of their own
(`broker-<id>-txn-markers`, `broker-<id>-txn-verification`; network/channels.py's TxnChannels says why) and the
AlterPartition manager (over the `send_to_controller` callable the node gives,
its channel to the active controller), attached to the PartitionManager, and the directory assigner (its replicas'
log dirs told to the controller, AssignReplicasToDirs), all in one nursery that lives until cancelled. A single node does not run this: it is the whole ISR of every partition it hosts.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping

import attrs
import trio

from kbroker.network.channels import ChannelManager, TxnChannels
from kbroker.network.directory import NodeDirectory
from kbroker.network.settings import ClientSettings
from kbroker.partition.alter_partition import AlterPartitionManager, AlterPartitionSend
from kbroker.partition.dir_assignments import DirectoryAssigner
from kbroker.partition.manager import PartitionManager
from kbroker.partition.replica_fetcher import FetcherSettings, ReplicaFetcherManager
from kbroker.quorum_config import inter_broker_listener_name


async def run_replication(partitions: PartitionManager, config, *, broker_epoch: Callable[[], int],
                          send_to_controller: AlterPartitionSend, on_appended: Callable[[int], None] | None = None,
                          log_dir_ids: Mapping[str, uuid.UUID] | None = None,
                          task_status=trio.TASK_STATUS_IGNORED) -> None:
    settings = FetcherSettings.from_config(config)
    client = ClientSettings(client_id=f"broker-{config.node_id}-fetcher",
                            request_timeout_ms=settings.socket_timeout_ms + settings.max_wait_ms)
    async with trio.open_nursery() as nursery:
        directory = NodeDirectory()  # kept by the fetcher manager from the metadata, read by all three
        channels = await nursery.start(ChannelManager(directory, client).run)
        txn_channels = TxnChannels(*[
            await nursery.start(ChannelManager(directory, attrs.evolve(
                client, client_id=f"broker-{config.node_id}-{purpose}")).run)
            for purpose in ("txn-markers", "txn-verification")])
        try:
            fetchers = ReplicaFetcherManager(channels, settings, broker_epoch, inter_broker_listener_name(config),
                                             on_appended, partitions.replication_quotas.follower)
            await nursery.start(fetchers.run)
            alter_partition = AlterPartitionManager(send_to_controller, config.node_id, broker_epoch)
            await nursery.start(alter_partition.run)
            partitions.attach_replication(fetchers, alter_partition, txn_channels)
            if log_dir_ids:
                await nursery.start(DirectoryAssigner(partitions, log_dir_ids, send_to_controller, broker_epoch).run)
            task_status.started()
            await trio.sleep_forever()
        finally:
            partitions.replica_fetchers = None
            partitions.alter_partition = None
            partitions.txn_channels = None
            with trio.CancelScope(shield=True):
                for each in (channels, txn_channels.markers, txn_channels.verification):
                    await each.aclose()
