# Storage engine extras: the full crash loop (200 SIGKILL rounds) and the log benchmark.
.PHONY: log-crash-full log-bench

log-crash-full: install
	KBROKER_FULL=1 $(BIN)/python -m pytest -q tests/log/test_crash.py tests/log/test_corruption.py

log-bench: install
	$(BIN)/python bench/log_bench.py
