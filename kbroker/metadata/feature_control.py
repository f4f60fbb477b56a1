"""UpdateFeatures on the active controller: which finalized feature levels may change, and the records that change
them (Kafka 4.3.1's FeatureControlManager.updateFeatures, QuorumFeatures and Feature.validateVersion).

Transport-free: `update_features(image, updates, ...)` takes the latest image and the request's (feature, level,
upgrade type) triples and returns one ApiError-like verdict and the records to append. The updates are checked in
the order Kafka's HashMap of them iterates (a feature named twice keeps its last level); the first failure fails
the whole request and nothing is written. Per feature, in Kafka's order:
- an upgrade type other than 1 (UPGRADE), 2 (SAFE_DOWNGRADE), 3 (UNSAFE_DOWNGRADE);
- a level below 0;
- the level must be in the range this controller supports ("Local controller N ..."), then in every registered
  broker's (a feature a broker does not list counts as [0, 0]), then, from metadata.version 3.7-IV0 on, in every
  other registered controller's, and every voter must have registered;
- a lower level needs a downgrade type, a higher one the upgrade type;
- metadata.version: a downgrade is refused when any version from the target (exclusive) up to the current one
  changed the metadata format (MetadataVersion.checkIfMetadataChanged), unsafe or not: Kafka 4.3.1 implements no
  metadata downgrade that loses information;
- kraft.version: an upgrade asks the quorum (`kraft_upgrade(level, validate_only)`, Kafka's
  KRaftVersionAccessor.upgradeKRaftVersion: kbroker/raft/kraft_upgrade.py) to append the KRaftVersionRecord and
  VotersRecord, or to refuse with InvalidUpdateVersion, whose message alone is the error's (ApiError.fromThrowable);
  either way (an upgrade to the current level changes nothing in the quorum) it then writes a NoOpRecord, so the
  request has an offset to wait for; any downgrade type to another level is refused, to the same level writes
  nothing;
- any other feature must be one Kafka 4.3.1 knows (Feature.featureFromName) and its level's dependencies must hold
  in the levels the request would leave finalized.
A level that passes writes a FeatureLevelRecord (v0); level 0 removes the feature from the image.

What a kbroker controller supports (kbroker.metadata.controller.SUPPORTED_FEATURES) is metadata.version 3.3-IV3 to
4.3-IV0, kraft.version 0-1 (0 only on a node whose quorum cannot upgrade), transaction.version 0-2, group.version 0-1
and eligible.leader.replicas.version 0-1 (kbroker.metadata.feature_levels, with Kafka 4.3.1's dependencies: ELR 1
needs metadata.version 4.0-IV1); every other feature's only acceptable level is 0, whose only dependency in Kafka
4.3.1 is that of a test feature (LEVEL_ZERO_DEPENDENCIES).

Turning eligible leader replicas on also makes the cluster's min.insync.replicas explicit, as Kafka's
QuorumController does around FeatureControlManager (ConfigurationControlManager.maybeGenerateElrSafetyRecords):
`elr_safety_records`, which the controller puts ahead of the FeatureLevelRecord in the same batch, write the
cluster-level min.insync.replicas (the controller's static value) when the image has none and delete every
broker-level one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

from kbroker.configs.java_order import hash_order
from kbroker.metadata import feature_levels
from kbroker.metadata import record_versions as V
from kbroker.metadata.image import BROKER_RESOURCE, KRAFT_VERSION, METADATA_VERSION, MetadataImage
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.metadata.config_record import ConfigRecord
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.no_op_record import NoOpRecord
from kbroker.raft.kraft_upgrade import InvalidUpdateVersion, StaleEpoch

UPGRADE, SAFE_DOWNGRADE, UNSAFE_DOWNGRADE = 1, 2, 3  # FeatureUpdate.UpgradeType codes
DISABLED = (0, 0)  # QuorumFeatures.DISABLED

# Kafka 4.3.1's MetadataVersion levels whose version changed the metadata format (didMetadataChange): a downgrade
# across any of them might lose information.
METADATA_CHANGED_LEVELS = frozenset({7, 8, 11, 13, 14, 15, 17, 23, 30})

# Feature.featureFromName in Kafka 4.3.1 (the test features included, as Kafka's enum has them).
KNOWN_FEATURES = frozenset({
    KRAFT_VERSION, "transaction.version", "group.version", "eligible.leader.replicas.version", "share.version",
    "streams.version", "test.feature.version", *(f"unit.test.feature.version.{i}" for i in range(8))})

# FeatureVersion.dependencies() of level 0 of each feature, where there are any.
LEVEL_ZERO_DEPENDENCIES: Mapping[str, Mapping[str, int]] = {"unit.test.feature.version.7": {METADATA_VERSION: 15}}

MIN_INSYNC_REPLICAS = "min.insync.replicas"
_TOP_LEVEL = "The update failed for all features since the following feature had an error: "


class Verdict(NamedTuple):
    """The request's outcome: Kafka's top-level ApiError (code 0 and no message on success)."""

    code: int = 0
    message: str | None = None


class FeatureUpdate(NamedTuple):
    name: str
    level: int
    upgrade_type: int


class _Refused(Exception):
    pass


def version_range(low: int, high: int) -> str:
    """VersionRange.toString: "7-30", or "0" when both ends are equal."""
    return str(low) if low == high else f"{low}-{high}"


def reason_not_supported(level: int, what: str, supported: tuple[int, int]) -> str | None:
    low, high = supported
    if low <= level <= high:
        return None
    if high == 0:
        return f"{what} does not support this feature."
    return f"{what} only supports versions {version_range(low, high)}"


def metadata_changed(current: int, target: int) -> bool:
    """MetadataVersion.checkIfMetadataChanged: a version in (low, high] changed the metadata format."""
    low, high = sorted((current, target))
    return any(level in METADATA_CHANGED_LEVELS for level in range(low + 1, high + 1))


def update_features(image: MetadataImage, updates: Sequence[FeatureUpdate], *, node_id: int,
                    voter_ids: Iterable[int], local_supported: Mapping[str, tuple[int, int]],
                    kraft_version: int, validate_only: bool,
                    kraft_upgrade: Callable[[int, bool], bool] | None = None,
                    ) -> tuple[Verdict, list[MetadataRecord]]:
    """The verdict on `updates` and, unless it fails or `validate_only`, the records to append as one batch.
    `kraft_upgrade(level, validate_only)`: the quorum's kraft.version upgrade (None: the quorum cannot)."""
    levels = {u.name: u.level for u in updates}
    types = {u.name: u.upgrade_type for u in updates}
    proposed = dict(image.features)
    proposed.update(levels)
    checker = _Checker(image, node_id, list(voter_ids), local_supported, kraft_version,
                       kraft_upgrade=kraft_upgrade, validate_only=validate_only)
    records: list[MetadataRecord] = []
    for name in hash_order(levels):
        try:
            records += checker.update(name, levels[name], types[name], proposed)
        except _Refused as refused:
            return Verdict(errors.INVALID_UPDATE_VERSION.code, _TOP_LEVEL + str(refused)), []
    return Verdict(), [] if validate_only else records


class _Checker:
    def __init__(self, image: MetadataImage, node_id: int, voter_ids: list[int],
                 local_supported: Mapping[str, tuple[int, int]], kraft_version: int, *,
                 kraft_upgrade: Callable[[int, bool], bool] | None = None, validate_only: bool = False):
        self.image = image
        self.kraft_upgrade = kraft_upgrade
        self.validate_only = validate_only
        self.node_id = node_id
        self.voter_ids = voter_ids
        self.local_supported = local_supported
        self.kraft_version = kraft_version

    def current(self, name: str) -> int:
        if name == KRAFT_VERSION:
            return self.kraft_version
        return self.image.features.get(name, 0)

    def update(self, name: str, level: int, upgrade_type: int, proposed: Mapping[str, int]) -> list[MetadataRecord]:
        if upgrade_type not in (UPGRADE, SAFE_DOWNGRADE, UNSAFE_DOWNGRADE):
            raise _invalid(name, level, "The controller does not support the given upgrade type.")
        current = self.current(name)
        if level < 0:
            raise _invalid(name, level, "A feature version cannot be less than 0.")
        reason = self.reason_not_supported(name, level)
        if reason is not None:
            raise _invalid(name, level, reason)
        if level < current and upgrade_type == UPGRADE:
            raise _invalid(name, level, "Can't downgrade the version of this feature without setting the upgrade "
                           "type to either safe or unsafe downgrade.")
        if level > current and upgrade_type != UPGRADE:
            raise _invalid(name, level, "Can't downgrade to a newer version.")
        if name == METADATA_VERSION:
            return self.metadata_version(level, current, unsafe=upgrade_type == UNSAFE_DOWNGRADE)
        if name == KRAFT_VERSION:
            return self.kraft(level, current, upgrade_type)
        if name not in KNOWN_FEATURES:
            raise _invalid(name, level, f"Feature {name} not found.")
        dependencies = (LEVEL_ZERO_DEPENDENCIES.get(name, {}) if level == 0
                        else feature_levels.DEPENDENCIES.get(name, {}).get(level, {}))
        for dependency, needed in dependencies.items():
            if proposed.get(dependency, 0) < needed:
                raise _invalid(name, level, f"{name} could not be set to {level} because it depends on "
                               f"{dependency} level {needed}")
        return [MetadataRecord(FeatureLevelRecord(name=name, feature_level=level), V.FEATURE_LEVEL_RECORD)]

    def reason_not_supported(self, name: str, level: int) -> str | None:
        """FeatureControlManager.reasonNotSupported: this controller, the registered brokers, the other
        registered controllers (Kafka's registration maps iterate small ids in ascending order)."""
        reason = reason_not_supported(level, f"Local controller {self.node_id}",
                                      self.local_supported.get(name, DISABLED))
        if reason is not None:
            return reason
        for broker_id, broker in sorted(self.image.brokers.items()):
            reason = reason_not_supported(level, f"Broker {broker_id}", _supported(broker.supported_features, name))
            if reason is not None:
                return reason
        if self.image.metadata_version < V.CONTROLLER_REGISTRATION_LEVEL:
            return None
        found = {self.node_id}
        for controller_id, controller in sorted(self.image.controllers.items()):
            if controller_id == self.node_id:
                continue
            reason = reason_not_supported(level, f"Controller {controller_id}",
                                          _supported(controller.supported_features, name))
            if reason is not None:
                return reason
            found.add(controller_id)
        for voter in self.voter_ids:
            if voter not in found:
                return f"controller {voter} has not registered, and may not support this feature"
        return None

    def metadata_version(self, level: int, current: int, *, unsafe: bool) -> list[MetadataRecord]:
        if level < current and metadata_changed(current, level):
            reason = ("Unsafe metadata downgrade is not supported in this version." if unsafe else
                      "Refusing to perform the requested downgrade because it might delete metadata information.")
            raise _Refused(f"Unsupported metadata.version downgrade from {current} to {level}. {reason}")
        return [MetadataRecord(FeatureLevelRecord(name=METADATA_VERSION, feature_level=level), V.FEATURE_LEVEL_RECORD)]

    def kraft(self, level: int, current: int, upgrade_type: int) -> list[MetadataRecord]:
        if upgrade_type == UPGRADE:
            if self.kraft_upgrade is not None:
                try:
                    self.kraft_upgrade(level, self.validate_only)
                except InvalidUpdateVersion as refused:
                    raise _Refused(str(refused)) from refused
                except StaleEpoch as refused:
                    raise _invalid(KRAFT_VERSION, level, str(refused)) from refused
            elif level != current:  # the local range check lets no other level through
                raise RuntimeError(f"kraft.version {level} passed the checks of a quorum that cannot upgrade")
            return [MetadataRecord(NoOpRecord(), V.NO_OP_RECORD)]
        if level != current:
            raise _invalid(KRAFT_VERSION, level, "Can't downgrade the version of this feature.")
        return []


def enables_elr(records: Iterable[MetadataRecord]) -> bool:
    """Whether the records an update writes set eligible.leader.replicas.version to 1 or more."""
    return any(isinstance(r.message, FeatureLevelRecord) and r.message.name == feature_levels.ELR_VERSION
               and r.message.feature_level >= 1 for r in records)


def elr_safety_records(image: MetadataImage, static_min_insync_replicas: int) -> list[MetadataRecord]:
    """The config records that make turning eligible leader replicas on safe (nothing when already so)."""
    records = []
    if MIN_INSYNC_REPLICAS not in image.configs_of_broker(""):
        records.append(MetadataRecord(ConfigRecord(resource_type=BROKER_RESOURCE, resource_name="",
                                                   name=MIN_INSYNC_REPLICAS, value=str(static_min_insync_replicas)),
                                      V.CONFIG_RECORD))
    for broker in sorted(name for name, configs in image.broker_configs.items()
                         if name and MIN_INSYNC_REPLICAS in configs):
        records.append(MetadataRecord(ConfigRecord(resource_type=BROKER_RESOURCE, resource_name=broker,
                                                   name=MIN_INSYNC_REPLICAS, value=None), V.CONFIG_RECORD))
    return records


def _supported(features: Iterable[tuple[str, int, int]], name: str) -> tuple[int, int]:
    return next(((low, high) for n, low, high in features if n == name), DISABLED)


def _invalid(name: str, level: int, message: str) -> _Refused:
    return _Refused(f"Invalid update version {level} for feature {name}. {message}")
