"""The committed table of what each Kafka release served (kbroker/protocol/kafka_releases.json): its shape, a few
facts each release is known for, and (when the jar is in .cache) that the generator derives the same entry."""

from __future__ import annotations

import json
import shutil

import pytest

from kbroker.protocol import kafka_releases, kafka_releases_gen
from kbroker.protocol.kafka_releases import releases

EXPECTED = ["2.8", "3.0", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4.0", "4.1", "4.2",
            "4.3"]


def test_every_release_from_2_8_to_4_3_has_an_entry_from_its_latest_patch_jar():
    assert list(releases()) == EXPECTED
    for name, entry in releases().items():
        assert entry.kafka_clients.startswith(name + ".")
        assert entry.kafka_clients == kafka_releases_gen.RELEASES[name]
        assert entry.listener == ("zkBroker" if name in ("2.8", "3.0", "3.1", "3.2") else "broker")
        assert entry.apis, name
        for key, (low, high) in entry.apis.items():
            assert 0 <= key < 100 and 0 <= low <= high, (name, key, low, high)
        for feature, (low, high) in entry.features.items():
            assert feature in ("metadata.version", "kraft.version") and 0 <= low <= high, (name, feature)


def test_max_versions_never_shrink_from_one_release_to_the_next():
    names = list(releases())
    for older, newer in zip(names, names[1:], strict=False):
        old, new = releases()[older].apis, releases()[newer].apis
        for key in old.keys() & new.keys():
            assert new[key][1] >= old[key][1], (older, newer, key)


def test_known_facts_of_releases():
    table = releases()
    # ApiVersions v4 was first served by 3.9; ConsumerGroupHeartbeat was all unstable in 3.6.
    assert table["3.6"].apis[18] == (0, 3) and table["3.9"].apis[18] == (0, 4)
    assert 68 not in table["3.6"].apis and table["4.0"].apis[68] == (0, 1)
    # 3.6's OffsetCommit v9 was marked latestVersionUnstable: hidden.
    assert table["3.6"].apis[8] == (0, 8)
    # Kafka 4.0 removed Produce v0-v2 and Fetch v0-v3 (KIP-896).
    assert table["4.0"].apis[0][0] == 3 and table["4.0"].apis[1][0] == 4
    # A ZooKeeper broker served LeaderAndIsr; a KRaft broker's client listener does not.
    assert 4 in table["3.2"].apis and 4 not in table["3.3"].apis
    assert table["2.8"].features == {} and table["3.6"].features == {"metadata.version": (1, 14)}
    # KIP-848's APIs were advertised but off by default from 3.7 to 3.9 (ConsumerGroupDescribe from 3.8).
    assert {name: set(entry.refused) for name, entry in table.items() if entry.refused} == {
        "3.7": {68}, "3.8": {68, 69}, "3.9": {68, 69}}


def test_an_unknown_release_is_refused_naming_the_accepted_ones():
    with pytest.raises(KeyError, match="accepted: 2.8, 3.0, .*, 4.3"):
        kafka_releases.release("2.7")


def test_table_file_is_what_render_writes():
    text = kafka_releases.TABLE_PATH.read_text()
    assert kafka_releases_gen.render(json.loads(text)) == text


@pytest.mark.parametrize("name", ["2.8", "3.6", "4.3"])
def test_generator_rederives_the_committed_entry_from_the_jars_in_cache(name):
    clients = kafka_releases_gen.jar_path(name)
    server_common = kafka_releases_gen.jar_path(name, "kafka-server-common") if name != "2.8" else None
    for jar in (clients, server_common):
        if jar is not None and not jar.exists():
            pytest.skip(f"{jar} not downloaded (python -m kbroker.protocol.kafka_releases_gen fetches it)")
    if server_common is not None and shutil.which("javap") is None:
        pytest.skip("no javap (the JDK's) to read kafka-server-common's feature enums")
    committed = json.loads(kafka_releases.TABLE_PATH.read_text())["releases"][name]
    assert kafka_releases_gen.release_entry(name, clients, server_common) == committed
