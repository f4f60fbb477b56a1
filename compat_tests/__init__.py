"""Compatibility tests: stock Kafka clients and tools against kbroker and against Apache Kafka."""
