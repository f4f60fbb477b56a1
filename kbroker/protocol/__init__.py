"""Kafka's wire protocol: vendored JSON schemas, the code generator, the generated message codecs (messages/),
the wire primitives they share (wire.py), record batches (records.py) and error codes (errors.py)."""
