# `make cluster-faults ROUNDS=300 BROKER=kafka|kbroker [SEED=n]`: the long fault run against a three-node cluster
# (compat_tests/test_cluster_faults.py); `make test` runs the same test with 20 rounds (MAKE_TEST_ROUNDS there).
# The JSON report (seed, schedule, checker figures, failover p50/p99 per fault kind) goes to tmp/cluster-faults/.
ROUNDS ?= 300
SEED ?=
CLUSTER_REPORT_DIR ?= $(CURDIR)/tmp/cluster-faults

.PHONY: cluster-faults

cluster-faults: install java
	CLUSTER_ROUNDS=$(ROUNDS) CLUSTER_SEED=$(SEED) CLUSTER_REPORT_DIR=$(CLUSTER_REPORT_DIR) \
	    $(BIN)/python -m pytest compat_tests/test_cluster_faults.py --broker=$(BROKER) -s \
	    -o log_cli=true --log-cli-level=INFO $(PYTEST_ARGS)

# `make cluster`: three combined kbroker nodes on 127.0.0.1, clients on 9092-9094 and controllers on
# 19092-19094, data under ./data/cluster/N; prints the addresses and runs until Ctrl-C, which stops all three.
.PHONY: cluster

cluster: install
	$(BIN)/python -m compat_tests.cluster.serve_local --base-dir data/cluster
