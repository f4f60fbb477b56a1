"""UpdateFeatures on the controller (kbroker/metadata/feature_control.py): Kafka 4.3.1's verdicts and records, pinned
case by case and compared with Kafka's own FeatureControlManager on the same cases (tests/metadata/java)."""

from __future__ import annotations

import random
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
from cluster_helpers import ControllerOnDisk

from kbroker.metadata import record_versions as V
from kbroker.metadata.controller import SUPPORTED_FEATURES
from kbroker.metadata.feature_control import (
    SAFE_DOWNGRADE,
    UNSAFE_DOWNGRADE,
    UPGRADE,
    FeatureUpdate,
    Verdict,
    metadata_changed,
    update_features,
)
from kbroker.metadata.image import MetadataImage, apply_records
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.metadata.config_record import ConfigRecord
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.register_broker_record import BrokerFeature, RegisterBrokerRecord
from kbroker.protocol.messages.metadata.register_controller_record import (
    ControllerFeature,
    RegisterControllerRecord,
)
from kbroker.raft.kraft_upgrade import InvalidUpdateVersion

REPO = Path(__file__).resolve().parents[2]
KAFKA_LIBS = REPO / ".cache" / "kafka-4.3.1" / "libs"
HARNESS = Path(__file__).parent / "java" / "FeatureUpdates.java"
PREFIX = "The update failed for all features since the following feature had an error: "
LOCAL = {name: (low, high) for name, low, high in SUPPORTED_FEATURES}
KBROKER_NODE = tuple(SUPPORTED_FEATURES)


def image_of(finalized: dict[str, int], brokers=None, controllers=None) -> MetadataImage:
    records = [MetadataRecord(FeatureLevelRecord(name=name, feature_level=level), V.FEATURE_LEVEL_RECORD)
               for name, level in finalized.items()]
    for broker_id, features in (brokers or {}).items():
        records.append(MetadataRecord(RegisterBrokerRecord(
            broker_id=broker_id, incarnation_id=uuid.uuid4(), broker_epoch=broker_id,
            features=[BrokerFeature(name=n, min_supported_version=lo, max_supported_version=hi)
                      for n, lo, hi in features], log_dirs=[uuid.uuid4()]), V.REGISTER_BROKER_RECORD))
    for controller_id, features in (controllers or {}).items():
        records.append(MetadataRecord(RegisterControllerRecord(
            controller_id=controller_id, incarnation_id=uuid.uuid4(),
            features=[ControllerFeature(name=n, min_supported_version=lo, max_supported_version=hi)
                      for n, lo, hi in features]), V.REGISTER_CONTROLLER_RECORD))
    return apply_records(MetadataImage(), records, len(records) - 1, 1)


def run(updates, *, finalized=None, brokers=None, controllers=None, voters=(1,), kraft=0, validate=False):
    image = image_of(finalized if finalized is not None else {"metadata.version": 30}, brokers, controllers)
    verdict, records = update_features(image, [FeatureUpdate(*u) for u in updates], node_id=1, voter_ids=voters,
                                       local_supported=LOCAL, kraft_version=kraft, validate_only=validate,
                                       kraft_upgrade=lambda level, _: refuse_other_levels(kraft, level))
    return verdict, [_written(r.message) for r in records]


def refuse_other_levels(current: int, level: int) -> bool:
    """A quorum at `current` whose voters have not all reported their kraft.version support (as the Java harness)."""
    if level != current:
        raise InvalidUpdateVersion(f"Invalid upgrade of kraft.version to KRAFT_VERSION_{level} because not all of the "
                                   "voters support it")
    return False


def _written(message) -> str:
    return f"{message.name}={message.feature_level}" if isinstance(message, FeatureLevelRecord) else "noop"


def refused_verdict(message: str):
    return (errors.INVALID_UPDATE_VERSION.code, PREFIX + message), []


def refused(message: str):
    return errors.INVALID_UPDATE_VERSION.code, PREFIX + message


# --- pinned cases ----------------------------------------------------------------------------------------------

def test_an_upgrade_of_metadata_version_to_its_level_writes_the_record_unless_only_validated():
    verdict, records = run([("metadata.version", 30, UPGRADE)])
    assert (verdict.code, verdict.message, records) == (0, None, ["metadata.version=30"])
    verdict, records = run([("metadata.version", 30, UPGRADE)], validate=True)
    assert (verdict.code, records) == (0, [])


@pytest.mark.parametrize(("level", "kind", "message"), [
    (31, UPGRADE, "Invalid update version 31 for feature metadata.version. Local controller 1 only supports "
                  "versions 7-30"),
    (0, SAFE_DOWNGRADE, "Invalid update version 0 for feature metadata.version. Local controller 1 only supports "
                        "versions 7-30"),
    (29, UPGRADE, "Invalid update version 29 for feature metadata.version. Can't downgrade the version of this "
                  "feature without setting the upgrade type to either safe or unsafe downgrade."),
    (29, SAFE_DOWNGRADE, "Unsupported metadata.version downgrade from 30 to 29. Refusing to perform the requested "
                         "downgrade because it might delete metadata information."),
    (29, UNSAFE_DOWNGRADE, "Unsupported metadata.version downgrade from 30 to 29. Unsafe metadata downgrade is not "
                           "supported in this version."),
    (-1, UPGRADE, "Invalid update version -1 for feature metadata.version. A feature version cannot be less than 0."),
    (30, 0, "Invalid update version 30 for feature metadata.version. The controller does not support the given "
            "upgrade type."),
])
def test_metadata_version_refusals(level, kind, message):
    verdict, records = run([("metadata.version", level, kind)])
    assert (verdict.code, verdict.message, records) == (*refused(message), [])


def test_a_safe_downgrade_across_versions_that_kept_the_metadata_format_is_written():
    assert not metadata_changed(29, 24) and metadata_changed(29, 22)
    verdict, records = run([("metadata.version", 24, SAFE_DOWNGRADE)], finalized={"metadata.version": 29})
    assert (verdict.code, records) == (0, ["metadata.version=24"])
    verdict, _ = run([("metadata.version", 30, SAFE_DOWNGRADE)], finalized={"metadata.version": 29})
    assert verdict.message == PREFIX + ("Invalid update version 30 for feature metadata.version. Can't downgrade to "
                                        "a newer version.")


def test_features_kbroker_does_not_support_can_only_be_disabled():
    verdict, records = run([("test.feature.version", 0, SAFE_DOWNGRADE)])
    assert (verdict.code, records) == (0, ["test.feature.version=0"])
    verdict, _ = run([("test.feature.version", 1, UPGRADE)])
    assert verdict.message == PREFIX + ("Invalid update version 1 for feature test.feature.version. Local controller 1 does "
                                        "not support this feature.")
    verdict, _ = run([("no.such.feature", 0, SAFE_DOWNGRADE)])
    assert verdict.message == PREFIX + ("Invalid update version 0 for feature no.such.feature. Feature "
                                        "no.such.feature not found.")


def test_transaction_group_and_elr_versions_take_kafkas_ranges_and_dependencies():
    assert run([("transaction.version", 2, UPGRADE)]) == (Verdict(), ["transaction.version=2"])
    assert run([("group.version", 1, UPGRADE)]) == (Verdict(), ["group.version=1"])
    verdict, _ = run([("transaction.version", 3, UPGRADE)])
    assert verdict.message == PREFIX + ("Invalid update version 3 for feature transaction.version. Local controller 1 "
                                        "only supports versions 0-2")
    assert run([("eligible.leader.replicas.version", 1, UPGRADE)]) == (
        Verdict(), ["eligible.leader.replicas.version=1"])
    verdict, _ = run([("eligible.leader.replicas.version", 1, UPGRADE)], finalized={"metadata.version": 22})
    assert verdict.message == PREFIX + ("Invalid update version 1 for feature eligible.leader.replicas.version. "
                                        "eligible.leader.replicas.version could not be set to 1 because it depends "
                                        "on metadata.version level 23")


def test_kraft_version_is_the_quorums():
    assert run([("kraft.version", 0, UPGRADE)])[1] == ["noop"]
    assert run([("kraft.version", 1, UPGRADE)]) == refused_verdict(
        "Invalid upgrade of kraft.version to KRAFT_VERSION_1 because not all of the voters support it")
    assert run([("kraft.version", 1, UPGRADE)], kraft=1)[1] == ["noop"]
    assert run([("kraft.version", 2, UPGRADE)]) == refused_verdict(
        "Invalid update version 2 for feature kraft.version. Local controller 1 only supports versions 0-1")
    assert run([("kraft.version", 0, SAFE_DOWNGRADE)])[1] == []
    verdict, _ = run([("kraft.version", 0, SAFE_DOWNGRADE)], kraft=1)
    assert verdict.message == PREFIX + ("Invalid update version 0 for feature kraft.version. Can't downgrade the "
                                        "version of this feature.")


def test_every_registered_broker_and_voter_must_support_the_level():
    brokers = {2: (("metadata.version", 7, 29),)}
    verdict, _ = run([("metadata.version", 30, UPGRADE)], brokers=brokers)
    assert verdict.message == PREFIX + ("Invalid update version 30 for feature metadata.version. Broker 2 only "
                                        "supports versions 7-29")
    verdict, _ = run([("metadata.version", 30, UPGRADE)], voters=(1, 2, 3), controllers={2: KBROKER_NODE})
    assert verdict.message == PREFIX + ("Invalid update version 30 for feature metadata.version. controller 3 has not "
                                        "registered, and may not support this feature")


def test_one_failing_update_fails_them_all():
    verdict, records = run([("group.version", 0, SAFE_DOWNGRADE), ("metadata.version", 31, UPGRADE)])
    assert verdict.code == errors.INVALID_UPDATE_VERSION.code and records == []


# --- the same cases on Kafka's FeatureControlManager -----------------------------------------------------------

NAMES = ("metadata.version", "kraft.version", "group.version", "transaction.version", "no.such.feature",
         "unit.test.feature.version.7", "eligible.leader.replicas.version")


def _random_features(rng: random.Random) -> tuple[tuple[str, int, int], ...]:
    low = rng.choice((7, 7, 15, 24))
    features = [("metadata.version", low, rng.choice((29, 30, 30, 31)))]
    if rng.random() < 0.8:
        features.append(("kraft.version", 0, rng.choice((0, 1))))
    if rng.random() < 0.3:
        features.append(("group.version", 0, 1))
    if rng.random() < 0.3:
        features.append(("transaction.version", 0, rng.choice((1, 2))))
    if rng.random() < 0.3:
        features.append(("eligible.leader.replicas.version", 0, 1))
    return tuple(features)


def random_case(rng: random.Random) -> dict:
    voters = rng.choice(((1,), (1, 2, 3)))
    return {
        "finalized": {"metadata.version": rng.choice((7, 14, 15, 22, 24, 29, 30, 30, 30))},
        "brokers": {b: _random_features(rng) for b in rng.sample((1, 2, 3, 4), rng.randint(0, 3))},
        "controllers": {c: _random_features(rng) for c in voters if c != 1 and rng.random() < 0.8},
        "voters": voters,
        "kraft": rng.choice((0, 0, 1)),
        "updates": [(rng.choice(NAMES), rng.choice((-1, 0, 0, 1, 1, 2, 3, 7, 14, 22, 24, 29, 30, 30, 31)),
                     rng.choice((0, 1, 1, 2, 2, 3, 4))) for _ in range(rng.randint(1, 3))],
        "validate": rng.random() < 0.2,
    }


def _ranges(features) -> str:
    return "+".join(f"{n}:{lo}:{hi}" for n, lo, hi in features)


def _nodes(nodes: dict) -> str:
    return ";".join(f"{i}/{_ranges(f) or '-'}" for i, f in sorted(nodes.items())) or "-"


def harness_line(case: dict) -> str:
    return " ".join([
        "node=1", "voters=" + ",".join(map(str, case["voters"])), f"kraft={case['kraft']}",
        "finalized=" + ",".join(f"{n}:{level}" for n, level in case["finalized"].items()),
        "local=" + ",".join(f"{n}:{lo}:{hi}" for n, lo, hi in SUPPORTED_FEATURES),
        "brokers=" + _nodes(case["brokers"]), "controllers=" + _nodes(case["controllers"]),
        "updates=" + ",".join(f"{n}:{level}:{kind}" for n, level, kind in case["updates"]),
        f"validate={int(case['validate'])}"])


@pytest.mark.skipif(shutil.which("java") is None or not KAFKA_LIBS.is_dir(),
                    reason="needs java and Apache Kafka 4.3.1's jars in .cache/kafka-4.3.1/libs")
def test_verdicts_and_records_match_kafkas_feature_control_manager():
    rng = random.Random(57)
    cases = [random_case(rng) for _ in range(400)]
    lines = "".join(harness_line(case) + "\n" for case in cases)
    result = subprocess.run(["java", "-cp", f"{KAFKA_LIBS}/*", str(HARNESS)], input=lines, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    answers = result.stdout.splitlines()
    assert len(answers) == len(cases)
    outcomes = set()
    for case, answer in zip(cases, answers, strict=True):
        code, message, written = answer.split("|")
        verdict, records = run(case["updates"], finalized=case["finalized"], brokers=case["brokers"],
                               controllers=case["controllers"], voters=case["voters"], kraft=case["kraft"],
                               validate=case["validate"])
        expected_message = None if message == "null" else PREFIX + message
        assert (verdict.code, verdict.message, records) == (int(code), expected_message,
                                                            written.split(",") if written else []), case
        outcomes.add(message.split(". ", 1)[-1][:40])
    assert len(outcomes) >= 10  # the cases reach many of Kafka's answers, not one


# --- through the QuorumController ------------------------------------------------------------------------------

def test_an_upgrade_is_committed_and_followed_by_the_image(tmp_path):
    """A log whose bootstrap finalized an older metadata.version (`kafka-storage format --release-version 4.1`)."""
    node = ControllerOnDisk(tmp_path, bootstrap=False)
    try:
        node.controller.finalize_features([MetadataRecord(FeatureLevelRecord(name="metadata.version", feature_level=27),
                                                          V.FEATURE_LEVEL_RECORD)])
        offset = node.image.offset
        verdict = node.controller.update_features([FeatureUpdate("metadata.version", 30, UPGRADE)], validate_only=True)
        assert verdict.code == 0 and node.image.offset == offset and node.image.metadata_version == 27
        verdict = node.controller.update_features([FeatureUpdate("metadata.version", 30, UPGRADE)], validate_only=False)
        assert verdict.code == 0 and node.image.metadata_version == 30 and node.image.offset == offset + 1
        verdict = node.controller.update_features([FeatureUpdate("metadata.version", 27, SAFE_DOWNGRADE)],
                                                  validate_only=False)
        assert verdict.message == PREFIX + ("Unsupported metadata.version downgrade from 30 to 27. Refusing to "
                                            "perform the requested downgrade because it might delete metadata "
                                            "information.")
        assert node.image.metadata_version == 30
    finally:
        node.close()


def test_turning_elr_on_makes_the_cluster_min_isr_explicit(tmp_path):
    """Kafka's maybeGenerateElrSafetyRecords: a cluster-level min.insync.replicas (the controller's static value)
    when there is none, no broker-level one, in the batch that finalizes eligible.leader.replicas.version."""
    node = ControllerOnDisk(tmp_path, bootstrap=False)
    node.controller.min_insync_replicas = 2
    try:
        node.controller.finalize_features([
            MetadataRecord(FeatureLevelRecord(name="metadata.version", feature_level=30), V.FEATURE_LEVEL_RECORD),
            MetadataRecord(ConfigRecord(resource_type=4, resource_name="3", name="min.insync.replicas", value="3"),
                           V.CONFIG_RECORD)])
        assert node.image.configs_of_broker("") == {}
        offset = node.image.offset
        verdict = node.controller.update_features([FeatureUpdate("eligible.leader.replicas.version", 1, UPGRADE)],
                                                  validate_only=False)
        assert verdict.code == 0 and node.image.offset == offset + 3  # two config records ahead of the feature
        assert node.image.features["eligible.leader.replicas.version"] == 1
        assert node.image.configs_of_broker("") == {"min.insync.replicas": "2"}
        assert node.image.configs_of_broker("3") == {}
        # already safe: turning it off and on again writes the feature alone
        node.controller.update_features([FeatureUpdate("eligible.leader.replicas.version", 0, SAFE_DOWNGRADE)],
                                        validate_only=False)
        offset = node.image.offset
        node.controller.update_features([FeatureUpdate("eligible.leader.replicas.version", 1, UPGRADE)],
                                        validate_only=False)
        assert node.image.offset == offset + 1 and node.image.configs_of_broker("") == {"min.insync.replicas": "2"}
    finally:
        node.close()
