"""Options and reports shared by every test directory.

- `--broker` picks which broker the compatibility and Spark tests run against (kbroker, Apache Kafka 4.3.1, or
  both).
- The golden-bytes summary: how many (message, version) pairs tests/protocol/test_golden_java.py compared with
  Kafka's Java classes, printed at the end of the run. Under pytest-xdist each worker hands its pairs to the
  controller (the controller imports no test module), which prints their union.
"""

import sys

import pytest

from compat_tests.brokers import BROKER_NAMES

_GOLDEN_MODULE = "test_golden_java"
_GOLDEN_OUTPUT = "golden_vs_java"
_golden_from_workers = pytest.StashKey[dict]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--broker", choices=[*BROKER_NAMES, "both"], default="both",
                     help="which broker the compatibility and Spark tests run against (default: both)")


def _golden_pairs_here() -> dict | None:
    golden = sys.modules.get(_GOLDEN_MODULE)
    if golden is None or not golden.COVERED:
        return None
    return {"covered": sorted(list(pair) for pair in golden.COVERED), "cases": len(golden.CASES)}


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)  # set only in a pytest-xdist worker
    pairs = _golden_pairs_here()
    if output is not None and pairs is not None:
        output[_GOLDEN_OUTPUT] = pairs


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    pairs = getattr(node, "workeroutput", {}).get(_GOLDEN_OUTPUT)
    if pairs is None:
        return
    gathered = node.config.stash.setdefault(_golden_from_workers, {"covered": set(), "cases": 0})
    gathered["covered"].update(tuple(pair) for pair in pairs["covered"])
    gathered["cases"] = max(gathered["cases"], pairs["cases"])


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    pairs = config.stash.get(_golden_from_workers, None) or _golden_pairs_here()
    if pairs:
        terminalreporter.write_line(f"golden vs Java: {len(pairs['covered'])} of {pairs['cases']} (message, version) "
                                    "pairs compared byte for byte")
