# `make kafka-release-jars`: the kafka-clients and kafka-server-common jars of the releases that
# tests/protocol/test_kafka_releases_table.py re-derives from (2.8, 3.6, 4.3), from Maven Central into
# .cache/kafka-release-jars/ (a no-op once there). `make kafka-releases` rewrites kbroker/protocol/kafka_releases.json
# from every release's jars (2.8 to 4.3), which --emulate-kafka reads.

.PHONY: kafka-release-jars kafka-releases

kafka-release-jars: install
	$(BIN)/python -m kbroker.protocol.kafka_releases_gen --fetch 2.8 3.6 4.3

kafka-releases: install
	$(BIN)/python -m kbroker.protocol.kafka_releases_gen

TEST_DEPS += kafka-release-jars
