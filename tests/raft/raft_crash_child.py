"""Child process for the crash test: creates topics one by one in the metadata log of argv[1] and prints each
name once its CreateTopics is committed, until it is killed."""

import sys
import uuid

from kbroker.metadata.controller import QuorumController, bootstrap_records
from kbroker.metadata.loader import MetadataLoader
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.raft.single_voter import SingleVoterRaft


def main(directory: str, snapshot_max_bytes: int) -> None:
    raft = SingleVoterRaft(directory, 1, segment_bytes=64 * 1024)
    loader = MetadataLoader(snapshot_max_bytes=snapshot_max_bytes)
    loader.bind(raft)
    raft.start()
    controller = QuorumController(raft, loader, node_id=1)
    controller.finalize_features(bootstrap_records())
    controller.register_broker(endpoints=[("PLAINTEXT", "127.0.0.1", 9092, 0)], incarnation_id=uuid.uuid4(),
                               log_dirs=[])
    i = 0
    while True:
        name = f"topic-{i}"
        [result] = controller.create_topics([CreatableTopic(name=name, num_partitions=2, replication_factor=1)])
        assert result.error.code == 0, result
        print(name, flush=True)
        i += 1


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
