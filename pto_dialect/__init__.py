"""The PTO tile ISA as an xDSL dialect. `__version__` is the installed distribution's."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("pto-xdsl")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
