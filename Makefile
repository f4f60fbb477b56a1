# kbroker: `make run` starts a broker, `make test` runs everything. See README.md.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
KAFKA_VERSION := $(shell sed -n 's/^KAFKA_VERSION=//p' kbroker/protocol/schemas/VERSION)
CACHE := .cache
# pytest arguments for `make test`; override e.g. PYTEST_ARGS="-x tests/protocol"
PYTEST_ARGS ?=

.PHONY: install run test codegen codegen-check schemas lint clean

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@

install: $(BIN)/.installed

# With no config file kbroker applies the single-node settings of Kafka's config/server.properties itself
# (internal topics with one replica); the rebalance delay of 0 is for a laptop.
run: install
	$(BIN)/kbroker serve \
	    --override listeners=PLAINTEXT://127.0.0.1:9092 \
	    --override advertised.listeners=PLAINTEXT://127.0.0.1:9092 \
	    --override log.dirs=./data \
	    --override group.initial.rebalance.delay.ms=0

codegen: install
	$(BIN)/python -m kbroker.protocol.codegen

# Fails when the committed generated code differs from what the generator writes now.
codegen-check: codegen
	git diff --exit-code --stat -- kbroker/protocol/messages
	test -z "$$(git status --porcelain -- kbroker/protocol/messages)"

lint: install
	$(BIN)/ruff check kbroker tests compat_tests spark bench

clean:
	rm -rf $(VENV) $(CACHE) build *.egg-info

# Sub-makefiles add their own targets and extend TEST_DEPS (java jars, Kafka distribution, ...).
TEST_DEPS := install
include $(sort $(wildcard mk/*.mk))

# Two parts, each on TEST_WORKERS pytest-xdist workers with each module on one worker (--dist loadfile: a
# module's fixtures and its order stay together): the in-process tests (tests/), then the compat and Spark
# tests, which start JVMs and clusters of three (every worker its own shared brokers, and its own slice of
# listen ports). Both parts run even if the first fails; make fails if either did.
# PYTEST_ARGS replaces both with one serial run of what it names.
TEST_WORKERS ?= 2
XDIST := -n $(TEST_WORKERS) --dist loadfile
test: $(TEST_DEPS)
ifeq ($(strip $(PYTEST_ARGS)),)
	status=0; \
	$(BIN)/python -m pytest $(XDIST) tests || status=$$?; \
	$(BIN)/python -m pytest $(XDIST) compat_tests spark || status=$$?; \
	exit $$status
else
	$(BIN)/python -m pytest $(PYTEST_ARGS)
endif
