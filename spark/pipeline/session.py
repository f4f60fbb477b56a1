"""The SparkSession of the pipeline and the tests: local mode, the Kafka connector on the classpath, small
defaults that suit a two-core machine."""

from __future__ import annotations

import os
from collections.abc import Mapping

from pyspark.sql import SparkSession

from spark.pipeline.connector import connector_conf

LEAN_DEFAULTS = {
    # Loopback only: the driver would otherwise bind to the host's first non-loopback address.
    "spark.driver.host": "127.0.0.1",
    "spark.driver.bindAddress": "127.0.0.1",
    # Few, small tasks: the data sets here are thousands of rows, not millions.
    "spark.sql.shuffle.partitions": "2",
    "spark.default.parallelism": "2",
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.log.level": "WARN",
    "spark.driver.memory": "1g",
    "spark.sql.session.timeZone": "UTC",
    # The state store of the windowed aggregation: fewer files per micro-batch.
    "spark.sql.streaming.minBatchesToRetain": "10",
}


def create_session(app_name: str, master: str = "local[2]", conf: Mapping[str, str] | None = None) -> SparkSession:
    """A SparkSession with the Kafka connector. Spark keeps one session per JVM: stop it before asking for
    another with different jars."""
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    builder = SparkSession.builder.appName(app_name).master(master)
    for key, value in {**LEAN_DEFAULTS, **connector_conf(), **(conf or {})}.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()
