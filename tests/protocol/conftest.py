"""Reports how many (message, version) pairs the golden test compared with Kafka's Java classes."""

import sys


def pytest_terminal_summary(terminalreporter):
    golden = sys.modules.get("test_golden_java")
    if golden is not None and golden.COVERED:
        terminalreporter.write_line(
            f"golden vs Java: {len(golden.COVERED)} of {len(golden.CASES)} (message, version) pairs "
            "compared byte for byte"
        )
