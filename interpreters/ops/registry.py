"""The project's interpreter functions, all sharing one machine."""

from __future__ import annotations

from xdsl.interpreter import InterpreterFunctions

from interpreters.align import AlignFunctions
from interpreters.dma import DmaFunctions
from interpreters.dma_v06 import DmaV06Functions
from interpreters.machine import Machine
from interpreters.reserved_buffer import ReservedBufferFunctions
from interpreters.runtime import RuntimeFunctions
from interpreters.sync import SyncFunctions
from interpreters.sync_cross_core import CrossCoreFunctions
from interpreters.tile_arg_reduce import TileArgReduceFunctions
from interpreters.tile_compare import TileCompareFunctions
from interpreters.tile_concat import TileConcatFunctions
from interpreters.tile_convert import TileConvertFunctions
from interpreters.tile_debug import TileDebugFunctions
from interpreters.tile_elementwise import TileElementwiseFunctions
from interpreters.tile_expand import TileExpandFunctions
from interpreters.tile_fillpad import TileFillPadFunctions
from interpreters.tile_gather import TileGatherFunctions
from interpreters.tile_generate import TileGenerateFunctions
from interpreters.tile_histogram import TileHistogramFunctions
from interpreters.tile_matrix import TileMatrixFunctions
from interpreters.tile_memory import TileMemoryFunctions
from interpreters.tile_multi_buffer import TileMultiBufferFunctions
from interpreters.tile_partial import TilePartialFunctions
from interpreters.tile_quant import TileQuantFunctions
from interpreters.tile_reduce import TileReduceFunctions
from interpreters.tile_row_reduce import TileRowReduceFunctions
from interpreters.tile_scalar import TileScalarFunctions
from interpreters.tile_sort import TileSortFunctions
from interpreters.tile_view import TileViewFunctions
from interpreters.tile_window import TileWindowFunctions
from interpreters.vector_arith import VectorArithFunctions
from interpreters.vector_compare import VectorCompareFunctions
from interpreters.vector_convert import VectorConvertFunctions
from interpreters.vector_fused import VectorFusedFunctions
from interpreters.vector_index import VectorIndexFunctions
from interpreters.vector_load import VectorLoadFunctions
from interpreters.vector_materialize import VectorMaterializeFunctions
from interpreters.vector_predicate import VectorPredicateFunctions
from interpreters.vector_rearrange import VectorRearrangeFunctions
from interpreters.vector_reduce import VectorReduceFunctions
from interpreters.vector_scalar import VectorScalarFunctions
from interpreters.vector_sfu import VectorSfuFunctions
from interpreters.vector_sort import VectorSortFunctions
from interpreters.vector_store import VectorStoreFunctions


def project_functions(machine: Machine) -> list[InterpreterFunctions]:
    """One instance of every functions class of the project, bound to `machine`."""
    return [
        TileMemoryFunctions(machine),
        TileWindowFunctions(machine),
        TileViewFunctions(machine),
        ReservedBufferFunctions(machine),
        TileFillPadFunctions(machine),
        TileConcatFunctions(machine),
        TileMultiBufferFunctions(machine),
        TileElementwiseFunctions(machine),
        TileReduceFunctions(machine),
        TileScalarFunctions(machine),
        TileMatrixFunctions(machine),
        DmaFunctions(machine),
        DmaV06Functions(machine),
        RuntimeFunctions(machine),
        CrossCoreFunctions(machine),
        AlignFunctions(machine),
        SyncFunctions(machine),
        VectorArithFunctions(machine),
        VectorLoadFunctions(machine),
        VectorScalarFunctions(machine),
        VectorStoreFunctions(machine),
        TileConvertFunctions(machine),
        TileCompareFunctions(machine),
        VectorConvertFunctions(machine),
        VectorCompareFunctions(machine),
        VectorRearrangeFunctions(machine),
        VectorPredicateFunctions(machine),
        VectorReduceFunctions(machine),
        TileRowReduceFunctions(machine),
        TileGenerateFunctions(machine),
        VectorIndexFunctions(machine),
        TilePartialFunctions(machine),
        TileQuantFunctions(machine),
        VectorFusedFunctions(machine),
        TileSortFunctions(machine),
        TileGatherFunctions(machine),
        VectorSortFunctions(machine),
        TileArgReduceFunctions(machine),
        TileDebugFunctions(machine),
        TileHistogramFunctions(machine),
        TileExpandFunctions(machine),
        VectorMaterializeFunctions(machine),
        VectorSfuFunctions(machine),
    ]
