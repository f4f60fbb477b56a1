# KRaft quorum extras: the long deterministic simulation (10,000 seeds; `make test` runs 500).
.PHONY: raft-sim

raft-sim: install
	KBROKER_RAFT_SIM_SEEDS=10000 $(BIN)/python -m pytest -q tests/raft/test_simulation.py
