"""The project's data pipeline on PySpark and the stock Kafka connector (pipeline/), and its tests (tests/)."""
