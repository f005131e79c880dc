"""Sweeps: a kernel over a grid of parameters and options, every point compiled, run and
checked, into a table (`sweep`, `pto-sweep`; docs/python-api.md, "Sweeps"). Points run on a
local process pool or a Dask cluster. Above the user surface: it may import all of it.
Dask and matplotlib load only when a sweep uses them."""

from __future__ import annotations

from interpreters.sweep.point import METRICS, Spec, evaluate
from interpreters.sweep.runner import points, sweep
from interpreters.sweep.table import SweepTable

__all__ = ["METRICS", "Spec", "SweepTable", "evaluate", "points", "sweep"]
