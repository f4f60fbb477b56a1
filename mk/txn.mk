# `make txn-faults ROUNDS=N BROKER=kafka|kbroker [SEED=n]`: Kafka's TransactionalMessageCopier under kill -9 of
# coordinators and partition leaders on a three-node cluster (compat_tests/test_txn_faults.py); `make test` runs
# the same module with one round per kill target (4). ROUNDS defaults to 40 here (cluster.mk's 300 is for its
# own target); a round takes about 20-30 s.
TXN_FAULT_ROUNDS := $(if $(filter command line environment,$(origin ROUNDS)),$(ROUNDS),40)

.PHONY: txn-faults

txn-faults: install java
	TXN_FAULT_ROUNDS=$(TXN_FAULT_ROUNDS) TXN_FAULT_SEED=$(SEED) \
	    $(BIN)/python -m pytest compat_tests/test_txn_faults.py --broker=$(BROKER) -s \
	    -o log_cli=true --log-cli-level=INFO $(PYTEST_ARGS)
