"""Cost curves of kbroker beside Apache Kafka 4.3.1 (issue #20): each module measures one axis (partitions,
idle connections, consumers, record size, retained data) for one broker kind and returns points; plot.py draws
both kinds on the same log-log axes. bench/curves_bench.py runs them and writes the JSON and PNGs."""
