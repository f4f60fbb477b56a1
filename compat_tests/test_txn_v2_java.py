"""Transactions v2 (KIP-890 part 2) with Kafka 4.3.1's Java producer, against kbroker and Apache Kafka, both freshly
formatted (transaction.version 2 finalized): the producer uses Produce v12 and EndTxn / TxnOffsetCommit v5, so every
commit or abort bumps the producer epoch (seen through DescribeTransactions and DescribeProducers), partitions and
the group's offsets join the transaction without AddPartitionsToTxn / AddOffsetsToTxn, a zombie is fenced by a
second producer with the same transactional.id, and a read_committed consumer sees the committed records only.
The session is compat_tests/java/TxnV2Session.java; its output must be the same on both brokers."""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

import pytest

from compat_tests.kafka_dist import kafka_classpath
from compat_tests.py_clients import create_topic

pytestmark = [pytest.mark.java, pytest.mark.usefixtures("kafka_tools")]

SESSION = Path(__file__).parent / "java" / "TxnV2Session.java"
TIMEOUT_S = 180

# Epochs relative to the one InitProducerId gave (what Apache Kafka 4.3.1 shows): each end bumps it, the markers
# carry the bumped epoch; an abort with nothing sent is not sent to the broker; the second producer's
# InitProducerId fences the zombie's open transaction (its abort markers carry the fenced epoch, one above the
# zombie's) and bumps once more for itself.
EXPECTED = [
    "step init state=Empty epoch=0 producerEpochs=[]",
    "step commit state=CompleteCommit epoch=1 producerEpochs=[1]",
    "step abort state=CompleteAbort epoch=2 producerEpochs=[2]",
    "step commit-with-offsets state=CompleteCommit epoch=3 producerEpochs=[3]",
    "step empty-abort state=CompleteCommit epoch=3 producerEpochs=[3]",
    "step fenced-by-second state=Empty epoch=5 producerEpochs=[4]",
    "fenced ProducerFencedException",
    "step second-commit state=CompleteCommit epoch=6 producerEpochs=[6]",
    "committed [c1, c2, c3, c4]",
    "offset 7",
]


def run_session(bootstrap: str, topic: str) -> list[str]:
    """The session's report lines (TxnV2Session.java) on `topic` (which exists), through `bootstrap`."""
    result = subprocess.run(["java", "-cp", kafka_classpath(), str(SESSION), bootstrap, topic, f"{topic}-tx",
                             f"{topic}-group"], capture_output=True, text=True, timeout=TIMEOUT_S,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-4000:]
    return [line for line in result.stdout.splitlines() if line.split(" ", 1)[0] in
            ("step", "fenced", "committed", "offset")]


def test_java_producer_session_with_transaction_version_2(broker):
    topic = f"txn2-{uuid.uuid4().hex[:8]}"
    create_topic(broker.bootstrap, topic)
    assert run_session(broker.bootstrap, topic) == EXPECTED
