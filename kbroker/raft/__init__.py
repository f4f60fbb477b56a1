"""The quorum that holds the metadata log (`__cluster_metadata-0`): the interface in client.py, the one-voter
implementation in single_voter.py, its quorum-state file, control records and snapshots."""
