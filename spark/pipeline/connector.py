"""Spark's Kafka connector: the stock org.apache.spark:spark-sql-kafka-0-10_2.13 jar of exactly the installed
pyspark's version, plus the runtime jars it needs that pyspark does not ship (kafka-clients, commons-pool2,
spark-token-provider-kafka-0-10).

Two ways to hand it to Spark:
- `jars_conf()`: spark.jars pointing at the jars `make spark-jars` resolved with Maven into .cache/spark-jars
  (spark/connector/pom.xml). Works offline once resolved; the default.
- `packages_conf()`: spark.jars.packages, letting Spark resolve the connector from Maven Central itself with
  Ivy at session start, from Maven Central only (spark/connector/ivysettings.xml). Chosen by setting
  KBROKER_SPARK_CONNECTOR=packages.
"""

from __future__ import annotations

import os
from pathlib import Path

import pyspark

REPO_ROOT = Path(__file__).resolve().parents[2]
JARS_DIR = Path(os.environ.get("KBROKER_SPARK_JARS_DIR", REPO_ROOT / ".cache" / "spark-jars"))
SCALA_BINARY_VERSION = "2.13"
CONNECTOR_ARTIFACT = f"spark-sql-kafka-0-10_{SCALA_BINARY_VERSION}"
IVY_SETTINGS = REPO_ROOT / "spark" / "connector" / "ivysettings.xml"
BUILD_COMMAND = "make spark-jars"
MODE_VARIABLE = "KBROKER_SPARK_CONNECTOR"


class ConnectorUnavailable(RuntimeError):
    """The connector jars of the installed pyspark's version are not resolved."""


def spark_version() -> str:
    return pyspark.__version__


def maven_coordinates() -> str:
    return f"org.apache.spark:{CONNECTOR_ARTIFACT}:{spark_version()}"


def connector_jars() -> list[Path]:
    """The resolved jars; raises ConnectorUnavailable unless the connector jar matches pyspark's version."""
    expected = JARS_DIR / f"{CONNECTOR_ARTIFACT}-{spark_version()}.jar"
    if not expected.is_file():
        found = sorted(path.name for path in JARS_DIR.glob(f"{CONNECTOR_ARTIFACT}-*.jar"))
        raise ConnectorUnavailable(
            f"{expected.name} (pyspark is {spark_version()}) is not in {JARS_DIR}"
            + (f" (found {', '.join(found)})" if found else "")
            + f"; run `{BUILD_COMMAND}`"
        )
    return sorted(JARS_DIR.glob("*.jar"))


def connector_is_resolved() -> bool:
    try:
        connector_jars()
    except ConnectorUnavailable:
        return False
    return True


def jars_conf() -> dict[str, str]:
    return {"spark.jars": ",".join(str(jar) for jar in connector_jars())}


def packages_conf() -> dict[str, str]:
    return {"spark.jars.packages": maven_coordinates(), "spark.jars.ivySettings": str(IVY_SETTINGS)}


def connector_conf() -> dict[str, str]:
    """spark.jars by default; spark.jars.packages when KBROKER_SPARK_CONNECTOR=packages."""
    mode = os.environ.get(MODE_VARIABLE, "jars")
    if mode == "packages":
        return packages_conf()
    if mode == "jars":
        return jars_conf()
    raise ValueError(f"{MODE_VARIABLE} must be 'jars' or 'packages', not {mode!r}")
