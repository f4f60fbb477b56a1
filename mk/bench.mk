# Side-by-side benchmarks against Apache Kafka (bench/broker_bench.py, flood, cluster and the cost curves);
# QUICK=1 runs the short subset of each.
# bench-flood: 5,000 connections that claim 100 MiB requests and stall (bench/flood_bench.py).
# bench-cluster: RF=3 acks=all produce, three kbroker nodes beside three Kafka nodes (bench/cluster_bench.py).
# bench-quota: a producer held by a 1 MiB/s producer_byte_rate quota for 30 s (bench/quota_bench.py).
# bench-pinned: the broker-bound cells alone (bench/loadgen_bench.py; broker_bench.py ends with them).
# bench-ncore: one node on every core: one kbroker process, a process per core, Kafka (bench/ncore_bench.py).
# bench-cpu-profile: where each broker's CPU goes in the broker-bound cells, by perf (bench/cpu_profile.py; one
#   round of it in `make bench` where perf is installed).
# loadgen: the Go load generator (franz-go) those cells drive the brokers with, built into bench/loadgen/bin.
# bench-curves: cost curves beside Apache Kafka, log-log PNGs + JSON in bench/results (bench/curves_bench.py);
#   QUICK=1 for the small subset, CURVES=partitions,connections to pick curves.
.PHONY: bench bench-startup bench-flood bench-cluster bench-quota bench-pinned bench-cpu-profile bench-ncore loadgen bench-curves

LOADGEN := bench/loadgen/bin/loadgen

$(LOADGEN): $(wildcard bench/loadgen/*.go) bench/loadgen/go.mod bench/loadgen/go.sum
	cd bench/loadgen && go build -trimpath -o bin/loadgen .

loadgen: $(LOADGEN)

bench: install java $(LOADGEN)
	$(BIN)/python bench/broker_bench.py $(if $(QUICK),--quick,)
	@if command -v perf > /dev/null; then $(BIN)/python bench/cpu_profile.py $(if $(QUICK),--quick,); \
	else echo "bench: no CPU profile of the pinned cells: perf is not installed (Debian's linux-perf)"; fi
	$(BIN)/python bench/flood_bench.py $(if $(QUICK),--quick,)
	$(BIN)/python bench/cluster_bench.py $(if $(QUICK),--repeats 1 --records 100000,)
	$(BIN)/python bench/ncore_bench.py $(if $(QUICK),--repeats 1 --records 500000,)
	$(BIN)/python bench/curves_bench.py $(if $(QUICK),--quick,)

bench-cluster: install java
	$(BIN)/python bench/cluster_bench.py

bench-flood: install java
	$(BIN)/python bench/flood_bench.py $(if $(QUICK),--quick,)

bench-pinned: install java $(LOADGEN)
	$(BIN)/python bench/loadgen_bench.py $(if $(QUICK),--quick,)

bench-cpu-profile: install java $(LOADGEN)
	$(BIN)/python bench/cpu_profile.py $(if $(QUICK),--quick,) $(if $(REPEATS),--repeats $(REPEATS),)

bench-ncore: install java $(LOADGEN)
	$(BIN)/python bench/ncore_bench.py $(if $(QUICK),--repeats 1 --records 500000,)

bench-quota: install java
	$(BIN)/python bench/quota_bench.py

bench-startup: install
	$(BIN)/python bench/startup_bench.py

bench-curves: install java
	$(BIN)/python bench/curves_bench.py $(if $(QUICK),--quick,) $(if $(CURVES),--curves $(CURVES),)
