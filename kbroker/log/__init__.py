"""Partition logs in Kafka's on-disk format: log > segments > segment (.log .index .timeindex), producer state,
recovery, retention. Synchronous code with an injectable clock; the broker runs slow calls in threads."""
