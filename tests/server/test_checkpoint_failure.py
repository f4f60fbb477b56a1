"""A log dir whose checkpoint files cannot be written goes offline (Kafka's LogDirFailureChannel) while the
broker's other log dir carries on; before, the error escaped the housekeeping task."""

import os
import shutil

from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.testing import broker_config, run_broker_in_thread


def test_a_dir_that_cannot_be_checkpointed_goes_offline(tmp_path):
    dirs = [str(tmp_path / "a"), str(tmp_path / "b")]
    with run_broker_in_thread(broker_config(dirs[0], {"log.dirs": ",".join(dirs)})) as broker:
        controller = broker.state.metadata.controller
        broker.call(broker.state.run_controller, controller.create_topics,
                    [CreatableTopic(name="t", num_partitions=4, replication_factor=1)])
        partitions = broker.state.partitions
        lost = dirs[1]
        assert any(os.path.dirname(p.log.directory) == lost for p in partitions)
        shutil.rmtree(lost)

        async def checkpoint():
            partitions.checkpoint_now()
        broker.call(checkpoint)
        assert partitions.offline_dirs == {lost}
        for partition in partitions:
            assert partition.log.closed == (os.path.dirname(partition.log.directory) == lost)
