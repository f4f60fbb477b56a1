# `make mixed-faults ROUNDS=n [SEED=n] [FAULTS=kill_leader,kill_two,...]`: the long fault run against the two mixed
# layouts (1 kbroker + 2 Apache Kafka nodes, 2 kbroker + 1 Kafka; compat_tests/test_mixed_cluster.py), rounds
# alternating between partitions led by kbroker and by Kafka nodes, every fault kind by default; `make test` runs 4
# rounds of kill_leader. The JSON reports go to tmp/cluster-faults/.
MIXED_ROUNDS := $(if $(filter command line environment,$(origin ROUNDS)),$(ROUNDS),100)
FAULTS ?= kill_leader,pause_leader,isolate_leader,cut_followers,kill_two,controlled_shutdown

.PHONY: mixed-faults

mixed-faults: install java
	MIXED_ROUNDS=$(MIXED_ROUNDS) MIXED_SEED=$(SEED) MIXED_FAULTS=$(FAULTS) \
	    CLUSTER_REPORT_DIR=$(CURDIR)/tmp/cluster-faults \
	    $(BIN)/python -m pytest compat_tests/test_mixed_cluster.py -k fault_rounds -s \
	    -o log_cli=true --log-cli-level=INFO $(PYTEST_ARGS)

# `make migration`: the rolling migration of issue #19 (compat_tests/test_rolling_migration.py), both directions:
# a three-node Apache Kafka cluster becomes a kbroker one node by node under produce and consume, and back; the
# seconds of each step go to bench/results/migration-<direction>-<stamp>.json.
.PHONY: migration

migration: install java
	MIGRATION_RESULTS_DIR=$(CURDIR)/bench/results \
	    $(BIN)/python -m pytest compat_tests/test_rolling_migration.py -s -o log_cli=true --log-cli-level=INFO \
	    $(PYTEST_ARGS)
