# `make compat`: the compatibility suite (compat_tests/) alone, against BROKER=kbroker|kafka|both (default both).
# `make kcat`: installs the Debian kcat package the suite drives; a no-op when kcat is on PATH already.
BROKER ?= both

.PHONY: compat kcat

kcat:
	@command -v kcat >/dev/null 2>&1 || { \
	    echo "apt-get install -y kcat"; \
	    apt-get install -y -q kcat >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q kcat; }; }

compat: install java kcat
	$(BIN)/python -m pytest compat_tests --broker=$(BROKER) $(PYTEST_ARGS)

TEST_DEPS += kcat
