# `make controller-failover ROUNDS=50 BROKER=kbroker|kafka|both`: issue #14's kill -9 of the active controller,
# ROUNDS times in a row, on three combined nodes while topics are created and configs altered
# (compat_tests/test_controller_failover.py; `make test` runs 3 rounds). The JSON report (acknowledged and
# missing changes, election time p50/p99/max, the timeouts) goes to tmp/controller-failover/.
FAILOVER_ROUNDS := $(if $(filter command line environment,$(origin ROUNDS)),$(ROUNDS),50)
FAILOVER_REPORT_DIR ?= $(CURDIR)/tmp/controller-failover

.PHONY: controller-failover

controller-failover: install java
	FAILOVER_ROUNDS=$(FAILOVER_ROUNDS) FAILOVER_REPORT_DIR=$(FAILOVER_REPORT_DIR) \
	    $(BIN)/python -m pytest compat_tests/test_controller_failover.py --broker=$(BROKER) -s \
	    -o log_cli=true --log-cli-level=INFO $(PYTEST_ARGS)
