"""The project's interpreter functions, all sharing one machine."""

from __future__ import annotations

from xdsl.interpreter import InterpreterFunctions

from interpreters.machine import Machine
from interpreters.tile_elementwise import TileElementwiseFunctions
from interpreters.tile_matrix import TileMatrixFunctions
from interpreters.tile_memory import TileMemoryFunctions
from interpreters.tile_reduce import TileReduceFunctions


def project_functions(machine: Machine) -> list[InterpreterFunctions]:
    """One instance of every functions class of the project, bound to `machine`."""
    return [
        TileMemoryFunctions(machine),
        TileElementwiseFunctions(machine),
        TileReduceFunctions(machine),
        TileMatrixFunctions(machine),
    ]
