"""kbroker: a Kafka broker in Python that speaks Kafka's wire protocol and writes Kafka's on-disk formats."""

__version__ = "0.1.0"
