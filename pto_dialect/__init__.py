"""The PTO tile ISA as an xDSL dialect. `__version__` is the installed distribution's (read
on first use: `importlib.metadata` and the `email` package it imports are a few percent of
a trivial `pto-run`)."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pto-xdsl")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"
