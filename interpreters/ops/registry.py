"""The interpreter functions a run registers: xDSL's for the upstream dialects kernels use
(with the project's faster or stricter ones, `upstream/`) and the project's, all sharing one
machine."""

from __future__ import annotations

from xdsl.interpreter import InterpreterFunctions

from interpreters.machine.core import Machine
from interpreters.ops.align import AlignFunctions
from interpreters.ops.cross_core_pipe import CrossCorePipeFunctions
from interpreters.ops.dma import DmaFunctions
from interpreters.ops.dma_atomic import DmaAtomicFunctions
from interpreters.ops.dma_v06 import DmaV06Functions
from interpreters.ops.fusion_region import FusionRegionFunctions, YieldFunctions
from interpreters.ops.reserved_buffer import ReservedBufferFunctions
from interpreters.ops.runtime import RuntimeFunctions
from interpreters.ops.scalar_memory import ScalarMemoryFunctions
from interpreters.ops.simt_launch import SimtFunctions
from interpreters.ops.sync import SyncFunctions
from interpreters.ops.sync_cross_core import CrossCoreFunctions
from interpreters.ops.tile_arg_reduce import TileArgReduceFunctions
from interpreters.ops.tile_buf_meta import TileBufMetaFunctions
from interpreters.ops.tile_compare import TileCompareFunctions
from interpreters.ops.tile_concat import TileConcatFunctions
from interpreters.ops.tile_convert import TileConvertFunctions
from interpreters.ops.tile_debug import TileDebugFunctions
from interpreters.ops.tile_elementwise import TileElementwiseFunctions
from interpreters.ops.tile_expand import TileExpandFunctions
from interpreters.ops.tile_fillpad import TileFillPadFunctions
from interpreters.ops.tile_gather import TileGatherFunctions
from interpreters.ops.tile_generate import TileGenerateFunctions
from interpreters.ops.tile_gm_gather import TileGmGatherFunctions
from interpreters.ops.tile_histogram import TileHistogramFunctions
from interpreters.ops.tile_matrix import TileMatrixFunctions
from interpreters.ops.tile_memory import TileMemoryFunctions
from interpreters.ops.tile_multi_buffer import TileMultiBufferFunctions
from interpreters.ops.tile_partial import TilePartialFunctions
from interpreters.ops.tile_prefetch import TilePrefetchFunctions
from interpreters.ops.tile_quant import TileQuantFunctions
from interpreters.ops.tile_reduce import TileReduceFunctions
from interpreters.ops.tile_row_reduce import TileRowReduceFunctions
from interpreters.ops.tile_scalar import TileScalarFunctions
from interpreters.ops.tile_sort import TileSortFunctions
from interpreters.ops.tile_transpose import TileTransposeFunctions
from interpreters.ops.tile_view import TileViewFunctions
from interpreters.ops.tile_window import TileWindowFunctions
from interpreters.ops.upstream import xdsl_functions
from interpreters.ops.upstream.arith import ArithFunctions
from interpreters.ops.upstream.builtin import BuiltinFunctions
from interpreters.ops.upstream.cf import CfFunctions
from interpreters.ops.upstream.func import FuncFunctions
from interpreters.ops.upstream.math import MathFunctions
from interpreters.ops.upstream.scf import ScfFunctions
from interpreters.ops.vecscope import VecScopeFunctions
from interpreters.ops.vector_arith import VectorArithFunctions
from interpreters.ops.vector_compare import VectorCompareFunctions
from interpreters.ops.vector_convert import VectorConvertFunctions
from interpreters.ops.vector_fused import VectorFusedFunctions
from interpreters.ops.vector_index import VectorIndexFunctions
from interpreters.ops.vector_load import VectorLoadFunctions
from interpreters.ops.vector_materialize import VectorMaterializeFunctions
from interpreters.ops.vector_predicate import VectorPredicateFunctions
from interpreters.ops.vector_rearrange import VectorRearrangeFunctions
from interpreters.ops.vector_reduce import VectorReduceFunctions
from interpreters.ops.vector_scalar import VectorScalarFunctions
from interpreters.ops.vector_sfu import VectorSfuFunctions
from interpreters.ops.vector_sort import VectorSortFunctions
from interpreters.ops.vector_spr import VectorSprFunctions
from interpreters.ops.vector_store import VectorStoreFunctions
from interpreters.ops.vmi_convert import VmiConvertFunctions
from interpreters.ops.vmi_elementwise import VmiElementwiseFunctions
from interpreters.ops.vmi_memory import VmiMemoryFunctions
from interpreters.ops.vmi_predicate import VmiPredicateFunctions
from interpreters.ops.vmi_rearrange import VmiRearrangeFunctions
from interpreters.ops.vmi_reduce import VmiReduceFunctions


def all_functions(machine: Machine) -> list[InterpreterFunctions]:
    """What a run registers: the upstream dialects' functions, then the project's (`func`'s
    are `SimtFunctions`', a `FuncFunctions` whose `func.call` also launches a SIMT entry)."""
    upstream = [f for f in upstream_functions() if not isinstance(f, FuncFunctions)]
    return upstream + project_functions(machine)


def upstream_functions() -> list[InterpreterFunctions]:
    """The functions of the upstream dialects' ops (`upstream/`; xDSL's for memref)."""
    return [
        ArithFunctions(),
        MathFunctions(),
        BuiltinFunctions(),
        FuncFunctions(),
        CfFunctions(),
        *xdsl_functions(),
        ScfFunctions(),
    ]


def project_functions(machine: Machine) -> list[InterpreterFunctions]:
    """One instance of every functions class of the project, bound to `machine`."""
    return [
        TileMemoryFunctions(machine),
        CrossCorePipeFunctions(machine),
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
        VecScopeFunctions(machine),
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
        VmiMemoryFunctions(machine),
        VmiElementwiseFunctions(machine),
        VmiReduceFunctions(machine),
        VmiConvertFunctions(machine),
        VmiPredicateFunctions(machine),
        VmiRearrangeFunctions(machine),
        ScalarMemoryFunctions(machine),
        TileBufMetaFunctions(machine),
        TileTransposeFunctions(machine),
        TileGmGatherFunctions(machine),
        VectorSprFunctions(machine),
        TilePrefetchFunctions(machine),
        FusionRegionFunctions(machine),
        YieldFunctions(),
        DmaAtomicFunctions(machine),
        SimtFunctions(machine),
    ]
