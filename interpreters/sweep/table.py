"""A sweep's results: one row per point, in grid order; CSV and JSON files; a plot.

A sweep writes each row to its output file as soon as the point is done (`Journal`): a
`.csv` file (a header, then rows) or JSON Lines (`.jsonl`, one object per line); for a
`.json` file the rows go to `FILE.json.partial.jsonl` first and the file itself, a JSON
array, is written at the end. Run again with the same output, a sweep reads the rows there
and does only the points that have none: an interrupted sweep resumes.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO, cast

from interpreters.sweep.point import METRICS, Point, Row


def point_key(point: Point) -> str:
    """Names a point whatever wrote its values (a CSV file reads `4` back as the text "4")."""
    return json.dumps(sorted((k, str(v)) for k, v in point.items()))


def _value(text: str) -> Any:
    """A CSV cell as the value it was: None for an empty cell, else int, float or text."""
    if text == "":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


class SweepTable:
    """The rows of a sweep (`rows`, each a dict: the point's values, then `METRICS`)."""

    def __init__(self, params: Sequence[str], rows: Sequence[Row]) -> None:
        self.params = list(params)
        self.rows = list(rows)

    @property
    def columns(self) -> list[str]:
        return [*self.params, *METRICS]

    @property
    def failures(self) -> list[Row]:
        """The rows whose point failed or did not match the reference."""
        return [r for r in self.rows if r["status"] != "ok"]

    def column(self, name: str) -> list[Any]:
        return [r.get(name) for r in self.rows]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def text(self, columns: Sequence[str] | None = None) -> str:
        """The table as aligned text (default: the parameters, status, cycles, pipe bound,
        hazards, wall seconds and error)."""
        shown = list(columns or [*self.params, "status", "cycles", "pipe_bound", "hazards",
                                 "wall_s", "error"])  # fmt: skip
        cells = [[_cell(r.get(c)) for c in shown] for r in self.rows]
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(shown)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(shown, widths, strict=True)).rstrip()]
        for row in cells:
            lines.append("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip())
        return "\n".join(lines)

    def write(self, path: str | Path, kind: str | None = None) -> None:
        """Writes the table as CSV (`.csv`), a JSON array (`.json`) or JSON Lines (any other
        suffix); `kind` is the suffix that decides, if not the path's."""
        path = Path(path)
        kind = path.suffix if kind is None else kind
        with path.open("w", newline="") as stream:
            if kind == ".csv":
                writer = csv.writer(stream)
                writer.writerow(self.columns)
                for row in self.rows:
                    writer.writerow([_csv(row.get(c)) for c in self.columns])
            elif kind == ".json":
                json.dump([_json_row(r) for r in self.rows], stream, indent=1)
                stream.write("\n")
            else:
                for row in self.rows:
                    stream.write(json.dumps(_json_row(row)) + "\n")

    def plot(
        self, metric: str, x: str, series: str | None = None, path: str | Path | None = None
    ) -> Any:
        """A matplotlib figure of `metric` over parameter `x`, one line per value of
        `series` (and per value of the other parameters); written to `path` if given."""
        import matplotlib

        matplotlib.use("Agg")  # files, not windows
        from matplotlib import pyplot

        figure, axes = cast(tuple[Any, Any], pyplot.subplots(figsize=(7, 4.5)))
        others = [p for p in self.params if p not in (x, series)]
        lines: dict[tuple[Any, ...], list[tuple[Any, Any]]] = {}
        for row in self.rows:
            value = row.get(metric)
            if row["status"] != "ok" or value is None:
                continue
            label = (row.get(series) if series else None, *(row.get(o) for o in others))
            lines.setdefault(label, []).append((row.get(x), value))
        for label, points in lines.items():
            points.sort(key=lambda p: _sortable(p[0]))
            names = ([f"{series}={label[0]}"] if series else []) + [
                f"{o}={v}" for o, v in zip(others, label[1:], strict=True)
            ]
            axes.plot([str(p[0]) for p in points], [p[1] for p in points], marker="o",
                      label=", ".join(names) or metric)  # fmt: skip
        axes.set_xlabel(x)
        axes.set_ylabel(metric)
        if len(lines) > 1 or series:
            axes.legend(fontsize="small")
        axes.grid(True, alpha=0.3)
        figure.tight_layout()
        if path is not None:
            figure.savefig(path, dpi=120)
        pyplot.close(figure)
        return figure


def _sortable(value: Any) -> tuple[int, Any]:
    return (0, value) if isinstance(value, int | float) else (1, str(value))


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _csv(value: Any) -> str:
    return "" if value is None else str(value)


def _json_row(row: Row) -> Row:
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}


class Journal:
    """The rows of a sweep's output file, read back and appended to as points finish."""

    def __init__(self, path: str | Path, params: Sequence[str]) -> None:
        self.target = Path(path)
        self.params = list(params)
        self.journal = (
            self.target.with_name(self.target.name + ".partial.jsonl")
            if self.target.suffix == ".json"
            else self.target
        )
        self.csv = self.journal.suffix == ".csv"
        self._stream: TextIO | None = None

    @property
    def columns(self) -> list[str]:
        return [*self.params, *METRICS]

    def done(self) -> dict[str, Row]:
        """The rows the file holds already, by point."""
        rows: list[Row] = []
        if self.target.suffix == ".json" and self.target.exists():
            text = self.target.read_text().strip()
            rows += json.loads(text) if text else []
        if self.journal.exists():
            with self.journal.open(newline="") as stream:
                if self.csv:
                    reader = csv.DictReader(stream)
                    rows += [{k: _value(v) for k, v in r.items()} for r in reader]
                else:
                    rows += [json.loads(line) for line in stream if line.strip()]
        return {point_key({p: r.get(p) for p in self.params}): r for r in rows}

    def append(self, row: Row) -> None:
        """Writes `row` to the file now (a crash keeps every finished point)."""
        if self._stream is None:
            fresh = not self.journal.exists() or self.journal.stat().st_size == 0
            self._stream = self.journal.open("a", newline="")
            if self.csv and fresh:
                csv.writer(self._stream).writerow(self.columns)
        if self.csv:
            csv.writer(self._stream).writerow([_csv(row.get(c)) for c in self.columns])
        else:
            self._stream.write(json.dumps(_json_row(row)) + "\n")
        self._stream.flush()

    def close(self, table: SweepTable | None) -> None:
        """Ends the file; with the whole `table`, rewrites it in grid order (for `.json`:
        the array of every row, the journal removed)."""
        if self._stream is not None:
            self._stream.close()
            self._stream = None
        if table is None:
            return
        partial = self.target.with_name(self.target.name + ".tmp")
        table.write(partial, kind=self.target.suffix)
        partial.replace(self.target)
        if self.journal != self.target:
            self.journal.unlink(missing_ok=True)
