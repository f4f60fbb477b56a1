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
