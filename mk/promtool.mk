# `make promtool`: installs Debian's prometheus package for its promtool, which tests/web/test_metrics_endpoint.py
# runs over /metrics (`promtool check metrics`); a no-op when promtool is on PATH already.

.PHONY: promtool

promtool:
	@command -v promtool >/dev/null 2>&1 || { \
	    echo "apt-get install -y prometheus"; \
	    apt-get install -y -q prometheus >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q prometheus; }; }

TEST_DEPS += promtool
