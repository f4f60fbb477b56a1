"""The KRaft side of a broker config: process roles, the controller quorum and the listeners each role needs,
checked with the rules and messages of Kafka 4.3.1's KafkaConfig.validateValues; and what kbroker can run today.

kbroker's own single-node default: when none of `process.roles`, `controller.quorum.voters` and
`controller.quorum.bootstrap.servers` is set, the node is a combined broker and controller and the only voter
of its quorum (`implicit_single_voter`); Kafka, which has no such default, would refuse the config. As soon as
one of them is set, Kafka's rules apply in full (`validate_kraft`).

`unsupported_quorum(config, bootstrap_voters)` and `unsupported_listener(config)` name what a valid config asks
for that kbroker cannot do yet (static voters over a log dir formatted for a dynamic quorum, a listener secured
in a way kbroker does not serve, e.g. GSSAPI or a JKS keystore); `kbroker serve` refuses such a config.
Controller-only (`process.roles=controller`) and combined nodes run in a static quorum of several voters or a
dynamic one (KIP-853: controller.quorum.bootstrap.servers, the voters in the log), and a broker-only node
(`process.roles=broker`) as the observer of either.
"""

from __future__ import annotations

import logging
import re
import socket
from collections.abc import Mapping

import attrs

log = logging.getLogger(__name__)

BROKER_ROLE, CONTROLLER_ROLE = "broker", "controller"
SKIPPED_FEATURES_POINTER = 'see SKIPPED_FEATURES.md, "Multi-node clusters"'


class KRaftConfigError(ValueError):
    """A KRaft config Kafka refuses; the message is Kafka's."""


@attrs.frozen
class VoterAddress:
    voter_id: int
    host: str
    port: int


def _host_and_port(text: str) -> tuple[str, int] | None:
    """Kafka's Utils.getHost / getPort: `host:port`, `[v6]:port`."""
    match = re.fullmatch(r"\[?([0-9a-zA-Z\-%._:]*)\]?:([0-9]+)", text.strip())
    if match is None:
        return None
    return match.group(1), int(match.group(2))


def parse_voters(entries: list[str]) -> dict[int, VoterAddress]:
    """controller.quorum.voters: `{id}@{host}:{port}` entries (QuorumConfig.parseVoterConnections)."""
    voters: dict[int, VoterAddress] = {}
    for entry in entries:
        if not entry:
            continue
        parts = entry.split("@")
        if len(parts) != 2:
            raise KRaftConfigError("Invalid configuration value for controller.quorum.voters. Each entry should be "
                                   "in the form `{id}@{host}:{port}`.")
        id_text, address = parts
        if not re.fullmatch(r"[+-]?[0-9]+", id_text.strip()):
            raise KRaftConfigError(f"Failed to parse voter ID as an integer from {id_text}")
        parsed = _host_and_port(address)
        if parsed is None:
            raise KRaftConfigError(f"Failed to parse host name or port from entry {entry} for the configuration "
                                   "controller.quorum.voters. Each entry should be in the form `{id}@{host}:{port}`.")
        voter_id = int(id_text)
        voters[voter_id] = VoterAddress(voter_id, *parsed)
    return voters


def parse_bootstrap_servers(entries: list[str]) -> list[tuple[str, int]]:
    """controller.quorum.bootstrap.servers: `host:port` entries (QuorumConfig.parseBootstrapServers)."""
    servers = []
    for entry in entries:
        if not entry:
            continue
        parsed = _host_and_port(entry)
        if parsed is None:
            raise KRaftConfigError(f"Invalid url in controller.quorum.bootstrap.servers: {entry}")
        servers.append(parsed)
    return servers


def implicit_single_voter(config) -> bool:
    """True when the config says nothing about KRaft: kbroker's one-node default."""
    return not ({"process.roles", "controller.quorum.voters", "controller.quorum.bootstrap.servers"}
                & config.explicit)


def process_roles(config) -> set[str]:
    return set(config["process.roles"])


def _controller_names(config) -> list[str]:
    return [name.upper() for name in config.controller_listener_names]


def served_controller_endpoints(config, bound_ports: Mapping[str, int]) -> tuple:
    """(name, host, port) of each advertised controller listener, at its bound port when it asked for any: what a
    voter tells its leader about itself (UpdateRaftVoter) and writes for itself in a VotersRecord."""
    return tuple((listener.name, listener.host or socket.getfqdn(), listener.port or bound_ports.get(listener.name, 0))
                 for listener in effective_advertised_controller_listeners(config))


def effective_advertised_controller_listeners(config) -> list:
    """KafkaConfig.effectiveAdvertisedControllerListeners: per controller listener name, its advertised.listeners
    entry, else its listeners entry."""
    advertised = {}
    if config["advertised.listeners"] is not None:
        advertised = {listener.name: listener for listener in config.advertised_listeners}
    bound = {listener.name: listener for listener in config.listeners}
    found = []
    for name in _controller_names(config):
        listener = advertised.get(name) or bound.get(name)
        if listener is not None:
            found.append(listener)
    return found


def inter_broker_listener_name(config) -> str:
    """inter.broker.listener.name, else the listener named after security.inter.broker.protocol (PLAINTEXT)."""
    name = config["inter.broker.listener.name"]
    return (name or config.get("security.inter.broker.protocol") or "PLAINTEXT").upper()


def check_required(config) -> None:
    """The configs Kafka has no default for, once the config is not kbroker's implicit single voter."""
    if implicit_single_voter(config):
        return
    for required in ("process.roles", "node.id", "controller.listener.names"):
        if required not in config.explicit:
            raise KRaftConfigError(f'Missing required configuration "{required}" which has no default value.')


def validate_kraft(config) -> None:
    """Kafka 4.3.1's KafkaConfig.validateValues, for the roles, quorum and listener configs."""
    roles = process_roles(config)
    if not roles:
        raise KRaftConfigError("Configuration 'process.roles' must not be empty. Valid values include: "
                               "[broker, controller]")
    voters = parse_voters(config["controller.quorum.voters"])
    bootstrap = parse_bootstrap_servers(config["controller.quorum.bootstrap.servers"])
    listener_names = {listener.name for listener in config.listeners}
    controller_names = _controller_names(config)
    if not implicit_single_voter(config):
        voter_ids = set(voters)
        node_id = config.node_id
        if not voters and not bootstrap:
            raise KRaftConfigError(
                "If using process.roles, either controller.quorum.bootstrap.servers must contain the set of bootstrap "
                "controllers or controller.quorum.voters must contain a parseable set of controllers.")
        if roles == {BROKER_ROLE}:
            _validate_broker_only(config, node_id, voter_ids, listener_names, controller_names)
        else:
            if roles == {CONTROLLER_ROLE}:
                _validate_controller_only(config, controller_names)
            if voter_ids and node_id not in voter_ids:
                raise KRaftConfigError(
                    f"If process.roles contains the 'controller' role, the node id {node_id} must be included in the "
                    f"set of voters controller.quorum.voters={_java_set(voter_ids)}")
            if not effective_advertised_controller_listeners(config):
                raise KRaftConfigError("controller.listener.names must contain at least one value appearing in the "
                                       "'listeners' configuration when running the KRaft controller role")
            if not set(controller_names) <= listener_names:
                raise KRaftConfigError("controller.listener.names must only contain values appearing in the "
                                       "'listeners' configuration when running the KRaft controller role")
    if BROKER_ROLE in roles:
        _validate_broker_listeners(config, listener_names)
    if any(listener.host == "0.0.0.0" for listener in config.advertised_listeners):
        raise KRaftConfigError("advertised.listeners cannot use the nonroutable meta-address 0.0.0.0. Use a "
                               "routable IP address.")


def _validate_broker_only(config, node_id: int, voter_ids: set[int], listener_names: set[str],
                          controller_names: list[str]) -> None:
    if node_id in voter_ids:
        raise KRaftConfigError(
            f"If process.roles contains just the 'broker' role, the node id {node_id} must not be included in the "
            f"set of voters controller.quorum.voters={_java_set(voter_ids)}")
    if not controller_names:
        raise KRaftConfigError("controller.listener.names must contain at least one value when running KRaft with "
                               "just the broker role")
    if set(controller_names) & listener_names:
        raise KRaftConfigError("controller.listener.names must not contain a value appearing in the 'listeners' "
                               "configuration when running KRaft with just the broker role")
    protocols = config.security_protocol_map
    for name in controller_names:
        if name not in protocols:
            raise KRaftConfigError(
                f"Controller listener with name {name} defined in controller.listener.names not found in "
                "listener.security.protocol.map  (an explicit security mapping for each controller listener is "
                "required if listener.security.protocol.map is non-empty, or if there are security protocols other "
                "than PLAINTEXT in use)")
    if len(controller_names) > 1:
        log.warning("controller.listener.names has multiple entries; only the first will be used since "
                    "process.roles=broker: %s", controller_names)


def _validate_controller_only(config, controller_names: list[str]) -> None:
    if len(effective_advertised_controller_listeners(config)) != len(config.listeners):
        raise KRaftConfigError("The listeners config must only contain KRaft controller listeners from "
                               "controller.listener.names when process.roles=controller")
    explicit_inter_broker = config["inter.broker.listener.name"]
    if explicit_inter_broker is not None and explicit_inter_broker.upper() in controller_names:
        raise KRaftConfigError("controller.listener.names must not contain an explicitly set "
                               "inter.broker.listener.name configuration value when process.roles=controller'")


def _validate_broker_listeners(config, listener_names: set[str]) -> None:
    advertised = {listener.name for listener in config.advertised_listeners} - set(_controller_names(config))
    if not advertised:
        raise KRaftConfigError("There must be at least one broker advertised listener. Perhaps all listeners appear "
                               "in controller.listener.names?")
    if inter_broker_listener_name(config) not in advertised:
        raise KRaftConfigError("inter.broker.listener.name must be a listener name defined in advertised.listeners. "
                               "The valid options based on currently configured listeners are "
                               f"{','.join(sorted(advertised))}")
    if not advertised <= listener_names:
        raise KRaftConfigError(
            "advertised.listeners listener names must be equal to or a subset of the ones defined in listeners. "
            f"Found {','.join(sorted(advertised))}. The valid options based on the current configuration are "
            f"{','.join(sorted(listener_names))}")


def _java_set(ids: set[int]) -> str:
    """Scala's Set.toString, as Kafka's messages print the voter ids."""
    return "Set(" + ", ".join(str(i) for i in sorted(ids)) + ")"


# --- what kbroker can run ------------------------------------------------------------------------------------

def unsupported_quorum(config, bootstrap_voters: set[int] | None = None) -> str | None:
    """Why kbroker cannot run `config` yet (one line, naming the config), or None. `bootstrap_voters` are the
    voter ids of the bootstrap checkpoint `kbroker format --standalone/--initial-controllers` (or kafka-storage)
    wrote, when there is one.

    What runs: a combined broker,controller node that is the only voter of its quorum, controller-only and
    combined nodes in a static quorum of any number of voters (controller.quorum.voters) or in a dynamic one
    (formatted with --standalone / --initial-controllers, or with --no-initial-controllers to be added later with
    AddRaftVoter), and a broker-only node (process.roles=broker) of either. Not: a combined node with static
    voters whose metadata log dir was formatted for a dynamic quorum (kafka-storage refuses to format it so)."""
    roles = process_roles(config)
    voters = parse_voters(config["controller.quorum.voters"])
    if roles == {BROKER_ROLE, CONTROLLER_ROLE} and voters and set(voters) != {config.node_id} \
            and bootstrap_voters is not None:
        return (f"the metadata log dir was formatted with the voters {_java_set(bootstrap_voters)} "
                "(--standalone / --initial-controllers, a dynamic quorum) but controller.quorum.voters is set; "
                "kbroker runs a combined node of a dynamic quorum with controller.quorum.bootstrap.servers only")
    return None


def runs_multi_voter_quorum(config) -> bool:
    """A controller-only node: the quorum runs over the network (kbroker.controller_node), not as a single voter."""
    return process_roles(config) == {CONTROLLER_ROLE}


def runs_combined_in_a_quorum(config, bootstrap_voters: set[int] | None = None) -> bool:
    """A combined broker,controller node whose quorum runs over the network (kbroker.combined_node): a static one
    with other voters, or a dynamic one (no controller.quorum.voters) that is not this node alone. Alone means
    bootstrap servers naming at most one controller and a bootstrap checkpoint (`bootstrap_voters`, from
    --standalone or the first start) naming only this node; with no checkpoint (--no-initial-controllers) the node
    joins the quorum of its bootstrap servers as an observer."""
    if _combined_of_several(config):
        return True
    return (process_roles(config) == {BROKER_ROLE, CONTROLLER_ROLE} and not config["controller.quorum.voters"]
            and bool(config["controller.quorum.bootstrap.servers"]) and bootstrap_voters != {config.node_id})


def _combined_of_several(config) -> bool:
    """A combined node whose config alone names other controllers: static voters besides this node, or (a
    dynamic quorum) no static voters and several bootstrap servers."""
    if process_roles(config) != {BROKER_ROLE, CONTROLLER_ROLE}:
        return False
    voters = parse_voters(config["controller.quorum.voters"])
    if voters:
        return set(voters) != {config.node_id}
    return len(parse_bootstrap_servers(config["controller.quorum.bootstrap.servers"])) > 1


def runs_broker_only(config) -> bool:
    """A broker-only node: an observer of a remote controller quorum (kbroker.broker_node)."""
    return process_roles(config) == {BROKER_ROLE}


def joins_a_cluster(config) -> bool:
    """A node of a cluster of several processes, whose log dirs must be formatted with the cluster's id first
    (known from the config alone: a combined node whose one bootstrap server is itself may be a single node)."""
    return runs_multi_voter_quorum(config) or runs_broker_only(config) or _combined_of_several(config)


def unsupported_listener(config) -> str | None:
    """A listener kbroker cannot secure as configured (kbroker.security.listener_security says which and why)."""
    from kbroker.security.listener_security import unsupported

    return unsupported(config)


def unsupported_config_line(reason: str) -> str:
    return f"kbroker cannot run this configuration yet: {reason} ({SKIPPED_FEATURES_POINTER})"
