"""Log-log PNGs of the curves: one file per curve, one panel per figure, kbroker and Apache Kafka on the same
axes (a figure that is missing or not positive for a point is left out of its line)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STYLE = {"kbroker": {"color": "tab:blue", "marker": "o"}, "kafka": {"color": "tab:orange", "marker": "s"}}


def value_at(point: dict, path: str):
    value = point
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def draw(title: str, x_key: str, x_label: str, panels: list[tuple[str, str]], by_kind: dict[str, list[dict]],
         load_note: str, out: Path) -> None:
    columns = min(3, len(panels))
    rows = (len(panels) + columns - 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(5.2 * columns, 3.8 * rows), squeeze=False)
    for axis, (key, label) in zip(axes.flat, panels, strict=False):
        for kind, points in by_kind.items():
            xs, ys = [], []
            for point in points:
                x, y = value_at(point, x_key), value_at(point, key)
                if isinstance(x, (int, float)) and isinstance(y, (int, float)) and x > 0 and y > 0:
                    xs.append(x)
                    ys.append(y)
            if xs:
                axis.plot(xs, ys, label=kind, **STYLE.get(kind, {}))
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.set_xlabel(x_label)
        axis.set_title(label, fontsize=10)
        axis.grid(True, which="both", alpha=0.3)
        axis.legend(fontsize=8)
    for axis in list(axes.flat)[len(panels):]:
        axis.set_visible(False)
    figure.suptitle(f"{title}\n{load_note}", fontsize=11)
    figure.tight_layout()
    figure.savefig(out, dpi=90)
    plt.close(figure)
