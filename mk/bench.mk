# Side-by-side benchmarks against Apache Kafka (bench/broker_bench.py); QUICK=1 runs the one-minute subset.
# bench-flood: 5,000 connections that claim 100 MiB requests and stall (bench/flood_bench.py).
.PHONY: bench bench-startup bench-flood

bench: install java
	$(BIN)/python bench/broker_bench.py $(if $(QUICK),--quick,)
	$(BIN)/python bench/flood_bench.py $(if $(QUICK),--quick,)

bench-flood: install java
	$(BIN)/python bench/flood_bench.py $(if $(QUICK),--quick,)

bench-startup: install
	$(BIN)/python bench/startup_bench.py
