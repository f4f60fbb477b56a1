"""Prometheus text exposition format 0.0.4: metric families with HELP and TYPE lines, label values escaped."""

from __future__ import annotations

import math
from collections.abc import Iterable

import attrs

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@attrs.define
class Family:
    """One metric family: `samples` are (name suffix, labels, value); a summary's quantile samples carry a
    `quantile` label, its `_sum` and `_count` samples the suffixes."""
    name: str
    type: str  # counter, gauge or summary
    help: str
    samples: list[tuple[str, tuple[tuple[str, str], ...], float]] = attrs.field(factory=list)

    def add(self, value: float, suffix: str = "", **labels: object) -> None:
        self.samples.append((suffix, tuple((k, str(v)) for k, v in labels.items()), value))


def _escape_label(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _escape_help(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def _value(value: float) -> str:
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value))


def render(families: Iterable[Family]) -> bytes:
    """The text of `families` in order; a family with no sample is left out, as a registry leaves it out."""
    lines = []
    for family in families:
        if not family.samples:
            continue
        lines.append(f"# HELP {family.name} {_escape_help(family.help)}")
        lines.append(f"# TYPE {family.name} {family.type}")
        for suffix, labels, value in family.samples:
            text = ",".join(f'{key}="{_escape_label(val)}"' for key, val in labels)
            lines.append(f"{family.name}{suffix}{{{text}}} {_value(value)}" if labels else
                         f"{family.name}{suffix} {_value(value)}")
    lines.append("")
    return "\n".join(lines).encode()
