"""The quorum that holds the metadata log (`__cluster_metadata-0`).

client.py is the interface the controller and the metadata loader use. node.py is KRaft itself (Kafka's
KafkaRaftClient and QuorumState) as a transport-free state machine over the generated Vote, BeginQuorumEpoch,
EndQuorumEpoch, Fetch and FetchSnapshot messages; epoch_states.py holds its states, raft_messages.py builds its
messages, request_manager.py paces its requests, raft_log.py is the log interface it replicates, with memory_log.py (simulation, tests) and
disk_log.py (the partition directory: Log segments, snapshots.py, quorum_state.py). single_voter.py runs the
node for a one-voter quorum behind client.py; control_records.py encodes LeaderChange and snapshot markers.
"""
