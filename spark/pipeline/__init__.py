"""A page-view pipeline on Spark Structured Streaming over Kafka: events in, per-window counts out.

- connector: where the stock spark-sql-kafka jars come from and how Spark is told about them
- session: the SparkSession the jobs and tests use
- events: page-view events, their JSON form and a producer that writes them to Kafka
- admin: topic chores (create, add partitions, delete records) through Kafka's Admin API
- aggregation: the streaming job (Kafka -> windowed counts -> Kafka and Parquet)
- time_range: the batch job that reads a time range back by timestamp
- progress: a listener that prints streaming progress
- demo: `python -m spark.pipeline.demo`, the whole thing end to end
"""
