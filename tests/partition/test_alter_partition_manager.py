"""AlterPartitionManager: proposals queued while one request is in flight go out together, at most one per
partition; a lost answer or NOT_CONTROLLER sends the same proposals again; each partition gets its own answer."""

import uuid

import trio
import trio.testing

from kbroker.network.errors import ConnectionLost
from kbroker.partition.alter_partition import AlterPartitionItem, AlterPartitionManager, build_request
from kbroker.protocol import errors, wire
from kbroker.protocol.messages.alter_partition_request import AlterPartitionRequest
from kbroker.protocol.messages.alter_partition_response import (
    AlterPartitionResponse,
    PartitionData,
    TopicData,
)

TOPIC = uuid.UUID(int=5)


def item(partition, isr=(1, 2), epochs=(-1, 7)):
    return AlterPartitionItem(TOPIC, partition, leader_epoch=3, partition_epoch=4, new_isr=isr, broker_epochs=epochs)


def answer(request, code=errors.NONE.code):
    return AlterPartitionResponse(topics=[TopicData(topic_id=t.topic_id, partitions=[PartitionData(
        partition_index=p.partition_index, error_code=code, leader_id=request.broker_id, leader_epoch=p.leader_epoch,
        isr=[b.broker_id for b in p.new_isr_with_epochs], partition_epoch=p.partition_epoch + 1)
        for p in t.partitions]) for t in request.topics])


def test_request_carries_the_leaders_own_broker_epoch():
    request = build_request(1, 42, [item(0)])
    (partition,) = request.topics[0].partitions
    assert (request.broker_id, request.broker_epoch) == (1, 42)
    assert [(b.broker_id, b.broker_epoch) for b in partition.new_isr_with_epochs] == [(1, 42), (2, 7)]
    assert (partition.leader_epoch, partition.partition_epoch) == (3, 4)
    # it encodes at v3, the version Kafka 4 controllers (and kbroker's) answer
    writer = wire.Writer()
    request.encode_into(writer, 3)
    decoded, _ = AlterPartitionRequest.decode(writer.getvalue(), 0, 3)
    assert decoded == request


def test_batches_retries_and_answers_each_partition():
    sent = []
    release = trio.Event()
    outcomes = {}
    all_answered = trio.Event()

    def on_result(partition):
        def record(result):
            outcomes[partition] = result
            if len(outcomes) == 3:
                all_answered.set()
        return record

    async def send(request):
        sent.append(sorted(p.partition_index for t in request.topics for p in t.partitions))
        if len(sent) == 1:
            await release.wait()
            raise ConnectionLost("the controller went away")
        if len(sent) == 2:
            return AlterPartitionResponse(error_code=errors.NOT_CONTROLLER.code)
        return answer(request)

    async def main():
        manager = AlterPartitionManager(send, 1, lambda: 42)
        async with trio.open_nursery() as nursery:
            await nursery.start(manager.run)
            assert manager.submit(item(0), on_result(0))
            await trio.testing.wait_all_tasks_blocked()
            assert not manager.submit(item(0), lambda r: None)  # one proposal per partition at a time
            assert manager.submit(item(1), on_result(1))
            assert manager.submit(item(2), on_result(2))
            release.set()
            await all_answered.wait()
            nursery.cancel_scope.cancel()

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    # the first request is sent again after the lost answer and NOT_CONTROLLER; the two queued meanwhile go next
    assert sent == [[0], [0], [0], [1, 2]]
    assert {p: (r.error_code, r.isr, r.partition_epoch) for p, r in outcomes.items()} == {
        0: (errors.NONE.code, (1, 2), 5), 1: (errors.NONE.code, (1, 2), 5), 2: (errors.NONE.code, (1, 2), 5)}
