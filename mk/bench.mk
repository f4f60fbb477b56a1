# Side-by-side benchmarks against Apache Kafka (bench/broker_bench.py); QUICK=1 runs the one-minute subset.
.PHONY: bench bench-startup

bench: install java
	$(BIN)/python bench/broker_bench.py $(if $(QUICK),--quick,)

bench-startup: install
	$(BIN)/python bench/startup_bench.py
