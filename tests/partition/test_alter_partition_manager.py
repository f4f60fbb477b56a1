"""AlterPartitionManager: proposals queued while one request is in flight go out together, at most one per
partition; a lost answer or any top-level error sends the same proposals again (with those queued meanwhile), as
does an answer that leaves a partition out; each partition gets its own answer, and may propose again from it."""

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
    # the first proposal is sent again after the lost answer and after NOT_CONTROLLER, with the two queued meanwhile
    assert sent == [[0], [0, 1, 2], [0, 1, 2]]
    assert {p: (r.error_code, r.isr, r.partition_epoch) for p, r in outcomes.items()} == {
        0: (errors.NONE.code, (1, 2), 5), 1: (errors.NONE.code, (1, 2), 5), 2: (errors.NONE.code, (1, 2), 5)}


def run_manager(send, broker_epoch, proposals):
    """Runs a manager with `send` until every (partition, on_result) of `proposals`, submitted up front, is done:
    on_result(result, propose_again) returns True when it is."""
    async def main():
        manager = AlterPartitionManager(send, 1, broker_epoch)
        done = trio.Event()
        waiting = set(range(len(proposals)))

        def answered(index, partition, on_result):
            def callback(result):
                if on_result(result, lambda: manager.submit(item(partition), callback)):
                    waiting.discard(index)
                    if not waiting:
                        done.set()
            return callback

        async with trio.open_nursery() as nursery:
            await nursery.start(manager.run)
            for index, (partition, on_result) in enumerate(proposals):
                assert manager.submit(item(partition), answered(index, partition, on_result))
            await done.wait()
            nursery.cancel_scope.cancel()

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_stale_broker_epoch_is_sent_again_with_the_new_epoch():
    epochs = iter([41, 42])
    current = [next(epochs)]
    sent = []
    results = []

    async def send(request):
        sent.append(request.broker_epoch)
        if request.broker_epoch == 41:
            current[0] = next(epochs)  # the broker registered again meanwhile
            return AlterPartitionResponse(error_code=errors.STALE_BROKER_EPOCH.code)
        return answer(request)

    run_manager(send, lambda: current[0], [(0, lambda result, again: results.append(result) or True)])
    assert sent == [41, 42]
    assert [(r.error_code, r.isr) for r in results] == [(errors.NONE.code, (1, 2))]


def test_a_partition_the_answer_leaves_out_is_sent_again():
    sent = []
    results = {}

    async def send(request):
        sent.append(sorted(p.partition_index for t in request.topics for p in t.partitions))
        response = answer(request)
        if len(sent) == 1:
            response.topics[0].partitions = [p for p in response.topics[0].partitions if p.partition_index == 0]
        return response

    def record(partition):
        return lambda result, again: results.setdefault(partition, result) is result

    run_manager(send, lambda: 42, [(0, record(0)), (1, record(1))])
    assert sent == [[0, 1], [1]]
    assert {p: r.error_code for p, r in results.items()} == {0: errors.NONE.code, 1: errors.NONE.code}


def test_a_partition_may_propose_again_from_its_answer():
    sent = []
    codes = []

    async def send(request):
        sent.append(sorted(p.partition_index for t in request.topics for p in t.partitions))
        return answer(request, errors.UNKNOWN_SERVER_ERROR.code if len(sent) == 1 else errors.NONE.code)

    def retry_once(result, again):
        codes.append(result.error_code)
        if result.error_code != errors.NONE.code:
            assert again()
            return False
        return True

    run_manager(send, lambda: 42, [(0, retry_once), (1, lambda result, again: True)])
    assert sent == [[0, 1], [0]]
    assert codes == [errors.UNKNOWN_SERVER_ERROR.code, errors.NONE.code]
