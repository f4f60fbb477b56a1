"""AddRaftVoter, RemoveRaftVoter and UpdateRaftVoter on the leader (KIP-853; Kafka's AddVoterHandler,
RemoveVoterHandler and UpdateVoterHandler).

One change at a time, on a leader that has committed an offset of its epoch, under kraft.version 1, once the
previous VotersRecord is committed. Adding asks the new voter for its ApiVersions (the kraft.version range it
supports) at the endpoint of the leader's listener, checks that it fetched and caught up as an observer, then
appends a VotersRecord with it. Removing appends a VotersRecord without the voter (id and directory id must
match). The response waits until the record is committed (an AddRaftVoter with AckWhenCommitted false is answered
once appended); a change not finished within the request timeout answers REQUEST_TIMED_OUT and one cut short by
the end of the leader's epoch NOT_LEADER_OR_FOLLOWER. After a removal commits, a leader that is no longer a voter
resigns. UpdateRaftVoter (a voter telling the leader its endpoints and kraft.version range) appends a VotersRecord
with the voter's new entry under kraft.version 1 and is answered at once; under kraft.version 0 the leader keeps
the update in memory only, as Kafka 4.3.1's does for a later kraft.version upgrade. The node (node.py) owns the
state; this module decides, and the node sends what it returns.
"""

from __future__ import annotations

import attrs

from kbroker.protocol import errors as E
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest
from kbroker.protocol.messages.add_raft_voter_response import AddRaftVoterResponse
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.protocol.messages.remove_raft_voter_response import RemoveRaftVoterResponse
from kbroker.protocol.messages.update_raft_voter_request import KRaftVersionFeature, UpdateRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_request import Listener as UpdateListener
from kbroker.protocol.messages.update_raft_voter_response import CurrentLeader, UpdateRaftVoterResponse
from kbroker.raft.epoch_states import Leader
from kbroker.raft.kraft_upgrade import MAX_KRAFT_VERSION, volatile_voters
from kbroker.raft.voter_set import ZERO_DIRECTORY, VoterNode, VoterSet

KRAFT_VERSION_FEATURE = "kraft.version"
CAUGHT_UP_WITHIN_MS = 60 * 60 * 1000  # Kafka's isReplicaCaughtUp: fetched within the last hour


@attrs.define
class VoterChange:
    source: int
    correlation_id: int
    deadline: int
    voter: VoterNode | None = None  # the voter to add
    last_offset: int | None = None  # of the appended VotersRecord
    ack_when_committed: bool = True
    is_add: bool = True

    def response(self, error: int, message: str | None = None):
        cls = AddRaftVoterResponse if self.is_add else RemoveRaftVoterResponse
        return cls(error_code=error, error_message=message)


def _java_optional(value) -> str:
    return "Optional.empty" if value is None else f"Optional[{value}]"


def _precondition_error(node, state: Leader, now: int, verb: str) -> tuple[int, str] | None:
    """The checks every change makes on the leader before it starts (Kafka's order)."""
    expire(node, state, now)
    if state.voter_change is not None:
        return E.REQUEST_TIMED_OUT.code, ("Request timed out waiting for leader to handle previous voter change "
                                          "request")
    hw = node._leader_hw()
    if hw is None:
        return E.REQUEST_TIMED_OUT.code, ("Request timed out waiting for leader to establish HWM and fence previous "
                                          "voter changes")
    if node.kraft_version < 1:
        return E.UNSUPPORTED_VERSION.code, (f"Cluster doesn't support {verb} voter because the "
                                            f"{KRAFT_VERSION_FEATURE} feature is {node.kraft_version}")
    latest = node.history.latest()
    if latest is None or latest[0] >= hw:
        return E.REQUEST_TIMED_OUT.code, ("Request timed out waiting for voters to commit the latest voter change "
                                          f"at {_java_optional(latest[0] if latest else None)} with HWM {hw}")
    return None


def _request_error(node, request, response_class, verb: str):
    """KafkaRaftClient's checks of an AddRaftVoter / RemoveRaftVoter before its handler: the error response, or
    None."""
    if not node._valid_cluster_id(request.cluster_id):
        return response_class(error_code=E.INCONSISTENT_CLUSTER_ID.code, error_message=(
            f'The given id "{request.cluster_id}" doesn\'t match the cluster id "{node.cluster_id}"'))
    error = node._validate_leader_only(node.epoch)
    if error != E.NONE.code:
        return response_class(error_code=error, error_message=None)
    if request.voter_id < 0 or request.voter_directory_id == ZERO_DIRECTORY:
        return response_class(error_code=E.INVALID_REQUEST.code,
                              error_message=f"{verb} voter request didn't include a valid voter")
    return None


def handle_add(node, source: int, correlation_id: int, request: AddRaftVoterRequest, now: int):
    """The response now, or None when the change started (the node answers later)."""
    refused = _request_error(node, request, AddRaftVoterResponse, "Add")
    if refused is not None:
        return refused
    voter = VoterNode(request.voter_id, request.voter_directory_id,
                      tuple((listener.name, listener.host, listener.port) for listener in request.listeners))
    if voter.address(node.listener_name) is None:
        # Kafka's Endpoints.toString of the request's (unresolved) addresses
        endpoints = ", ".join(f"ListenerName({name})={host}/<unresolved>:{port}" for name, host, port in voter.endpoints)
        return AddRaftVoterResponse(error_code=E.INVALID_REQUEST.code, error_message=(
            f"Add voter request didn't include the endpoint (Endpoints(endpoints={{{endpoints}}})) for the default "
            f"listener {node.listener_name}"))
    state = node.state
    refused = _precondition_error(node, state, now, "adding")
    if refused is not None:
        return AddRaftVoterResponse(error_code=refused[0], error_message=refused[1])
    voters = node.voter_set
    if request.voter_id in voters.ids:
        return AddRaftVoterResponse(error_code=E.DUPLICATE_VOTER.code, error_message=(
            f"The voter id for {voter.key_string()} is already part of the set of voters "
            f"{voters.keys_string()}."))
    state.voter_change = VoterChange(source, correlation_id, now + node.config.request_timeout_ms, voter,
                                     ack_when_committed=request.ack_when_committed)
    node._send_request(voter.voter_id, ApiVersionsRequest(client_software_name="apache-kafka-java",
                                                          client_software_version="4.3.1"), now)
    return None


def handle_api_versions(node, source: int, response, now: int) -> None:
    """The new voter's ApiVersions: check its kraft.version range and that it caught up, then append."""
    state = node.state
    change = state.voter_change if isinstance(state, Leader) else None
    if change is None or not change.is_add or change.voter.voter_id != source or change.last_offset is not None:
        return
    key = change.voter.key_string()
    if response.error_code != E.NONE.code:
        finish(node, state, E.REQUEST_TIMED_OUT.code, "Aborted add voter operation for since API_VERSIONS returned "
                                                      f"an error {E.for_code(response.error_code).name}")
        return
    supported = next((f for f in response.supported_features or () if f.name == KRAFT_VERSION_FEATURE), None)
    finalized = node.kraft_version
    if supported is None or not supported.min_version <= finalized <= supported.max_version:
        shown = f"(min: {supported.min_version}, max: {supported.max_version}" if supported else "(min: 0, max: 0)"
        finish(node, state, E.INVALID_REQUEST.code, f"Aborted add voter operation for {key} since the "
                                                    f"{KRAFT_VERSION_FEATURE} range {shown} doesn't support the "
                                                    f"finalized version {finalized}")
        return
    progress = state.replicas.get(source)
    if progress is None or progress.last_caught_up_ms <= 0 or progress.last_fetch_ms <= 0 \
            or progress.last_fetch_ms <= now - CAUGHT_UP_WITHIN_MS:
        finish(node, state, E.REQUEST_TIMED_OUT.code, f"Aborted add voter operation for {key} since it is lagging "
                                                      "behind")
        return
    change.voter = attrs.evolve(change.voter, min_kraft_version=supported.min_version,
                                max_kraft_version=supported.max_version)
    change.last_offset = node._append_voters(node.voter_set.add(change.voter), now)
    if not change.ack_when_committed:
        finish(node, state, E.NONE.code, None)


def handle_remove(node, source: int, correlation_id: int, request: RemoveRaftVoterRequest, now: int):
    refused = _request_error(node, request, RemoveRaftVoterResponse, "Remove")
    if refused is not None:
        return refused
    state = node.state
    refused = _precondition_error(node, state, now, "removing")
    if refused is not None:
        return RemoveRaftVoterResponse(error_code=refused[0], error_message=refused[1])
    voters = node.voter_set
    remaining = voters.remove(request.voter_id, request.voter_directory_id)
    if remaining is None:
        key = VoterNode(request.voter_id, request.voter_directory_id).key_string()
        return RemoveRaftVoterResponse(error_code=E.VOTER_NOT_FOUND.code, error_message=(
            f"Cannot remove voter {key} from the set of voters {voters.keys_string()}"))
    last_offset = node._append_voters(remaining, now)
    state.voter_change = VoterChange(source, correlation_id, now + node.config.request_timeout_ms,
                                     last_offset=last_offset, is_add=False)
    return None


def high_watermark_moved(node, state: Leader) -> None:
    """Answer the change whose VotersRecord is now committed; a leader left out of the voters resigns."""
    change = state.voter_change
    hw = node.high_watermark
    if change is None or change.last_offset is None or hw is None or hw <= change.last_offset:
        return
    finish(node, state, E.NONE.code, None)
    if not change.is_add and not node.is_voter:
        state.resign_requested = True


def expire(node, state: Leader, now: int) -> None:
    change = state.voter_change
    if change is not None and now >= change.deadline:
        finish(node, state, E.REQUEST_TIMED_OUT.code, None)


def finish(node, state: Leader, error: int, message: str | None) -> None:
    change, state.voter_change = state.voter_change, None
    if change is not None:
        node._respond(change.source, change.correlation_id, change.response(error, message))


def abandon(node, state: Leader) -> None:
    """The leader's epoch ended with a change in progress."""
    finish(node, state, E.NOT_LEADER_OR_FOLLOWER.code, None)


def handle_update(node, request: UpdateRaftVoterRequest, now: int) -> UpdateRaftVoterResponse:
    """Always answered at once (Kafka does not wait for the VotersRecord to commit)."""
    def answer(error) -> UpdateRaftVoterResponse:
        leader = node.leader_id
        address = node.address_of(leader) if leader >= 0 else None
        host, port = address if address is not None else ("", 0)
        return UpdateRaftVoterResponse(error_code=error.code, current_leader=CurrentLeader(
            leader_id=leader, leader_epoch=node.epoch, host=host, port=port))

    if not node._valid_cluster_id(request.cluster_id):
        return answer(E.INCONSISTENT_CLUSTER_ID)
    error = node._validate_leader_only(request.current_leader_epoch)
    if error != E.NONE.code:
        return answer(E.for_code(error))
    voter = VoterNode(request.voter_id, request.voter_directory_id,
                      tuple((listener.name, listener.host, listener.port) for listener in request.listeners),
                      request.k_raft_version_feature.min_supported_version,
                      request.k_raft_version_feature.max_supported_version)
    if request.voter_id < 0 or request.voter_directory_id == ZERO_DIRECTORY \
            or voter.address(node.listener_name) is None \
            or voter.min_kraft_version < 0 or voter.max_kraft_version < voter.min_kraft_version:
        return answer(E.INVALID_REQUEST)
    state = node.state
    expire(node, state, now)
    hw = node._leader_hw()
    if state.voter_change is not None or hw is None:
        return answer(E.REQUEST_TIMED_OUT)
    kraft_version = node.kraft_version
    if kraft_version >= 1:
        latest = node.history.latest()
        if latest is None or latest[0] >= hw:
            return answer(E.REQUEST_TIMED_OUT)
        voters = latest[1]
    else:
        voters = volatile_voters(node, state)
    if not voter.min_kraft_version <= kraft_version <= voter.max_kraft_version:
        return answer(E.INVALID_REQUEST)
    current = voters.get(voter.voter_id)
    if current is None or current.directory_id not in (ZERO_DIRECTORY, voter.directory_id):
        return answer(E.VOTER_NOT_FOUND)
    updated = VoterSet({**voters.voters, voter.voter_id: voter})
    if kraft_version >= 1:
        if updated != voters:
            node._append_voters(updated, now)
    else:
        state.volatile_voters = updated
    return answer(E.NONE)


def update_request(node, epoch: int) -> UpdateRaftVoterRequest:
    """What a voter sends its leader about itself: its endpoints and supported kraft.version range."""
    return UpdateRaftVoterRequest(
        cluster_id=node.cluster_id, current_leader_epoch=epoch, voter_id=node.node_id,
        voter_directory_id=node.directory_id,
        listeners=[UpdateListener(name=name, host=host, port=port) for name, host, port in node.local_endpoints],
        k_raft_version_feature=KRaftVersionFeature(min_supported_version=0, max_supported_version=MAX_KRAFT_VERSION))
