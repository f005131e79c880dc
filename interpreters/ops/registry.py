"""The interpreter functions a run registers: xDSL's for the upstream dialects kernels use
(with the project's faster or stricter ones, `upstream/`) and the project's, all sharing one
machine.

Each functions class is named here with the modules of the op classes it runs (`Functions`)
and imported only when a module holds one of them (`functions_for`): a run of a small
kernel loads a few of the sixty, not all (a fifth of `pto-run`'s start-up once).
test_records.py checks each row against the class's registrations.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast

from xdsl.dialects import func
from xdsl.interpreter import InterpreterFunctions
from xdsl.ir import Operation

# xDSL's interpreters package without its __init__ (for `MemRefFunctions`)
import interpreters.ops.upstream  # noqa: F401  # pyright: ignore[reportUnusedImport]
from interpreters.machine.core import Machine
from pto_dialect.attrs import SIMT_ENTRY, KernelKindAttr

KERNEL_KIND = KernelKindAttr.name
"""The attribute key of a function for one kind of core."""


@dataclass(frozen=True)
class Functions:
    """A functions class by module and name, and the modules of the op classes it runs."""

    module: str
    name: str
    serves: tuple[str, ...]
    machine: bool = True
    """Whether its constructor takes the run's `Machine`."""

    def load(self) -> type[InterpreterFunctions]:
        module = importlib.import_module(self.module)
        loaded: type[InterpreterFunctions] = getattr(module, self.name)
        return loaded

    def make(self, machine: Machine) -> InterpreterFunctions:
        cls = cast(Callable[..., InterpreterFunctions], self.load())
        return cls(machine) if self.machine else cls()


def _up(module: str, name: str, *serves: str) -> Functions:
    return Functions(f"interpreters.ops.upstream.{module}", name, serves, machine=False)


def _pto(module: str, name: str, *serves: str) -> Functions:
    dialect = tuple(s if "." in s else f"pto_dialect.ops.{s}" for s in (serves or (module,)))
    return Functions(f"interpreters.ops.{module}", name, dialect)


FUNC = _up("func", "FuncFunctions", "xdsl.dialects.func")
SIMT = _pto("simt_launch", "SimtFunctions", "simt_launch", "simt_query", "simt_lane",
            "simt_memory", "simt_math")  # fmt: skip
"""`func`'s functions with SIMT launches and calls by kernel kind: in place of `FUNC` when a
module has SIMT or a function of one kind of core (`pto.kernel_kind`)."""

UPSTREAM = (
    _up("arith", "ArithFunctions", "xdsl.dialects.arith", "pto_dialect.upstream_ops"),
    _up("math", "MathFunctions", "xdsl.dialects.math"),
    _up("builtin", "BuiltinFunctions", "xdsl.dialects.builtin"),
    FUNC,
    _up("cf", "CfFunctions", "xdsl.dialects.cf"),
    _up("memref", "MemRefFunctions", "xdsl.dialects.memref"),
    _up("scf", "ScfFunctions", "xdsl.dialects.scf"),
)
"""The upstream dialects' functions (`upstream/`)."""

PROJECT = (
    _pto("tile_memory", "TileMemoryFunctions", "tile_memory", "tile_move"),
    _pto("cross_core_pipe", "CrossCorePipeFunctions", "cross_core_pipe", "ffts"),
    _pto("fixpipe_quant_state", "FixpipeQuantStateFunctions"),
    _pto("lowered_pipe", "LoweredPipeFunctions"),
    _pto("comm", "CommFunctions", "comm", "comm_async"),
    _pto("tile_window", "TileWindowFunctions"),
    _pto("tile_view", "TileViewFunctions", "tile_view", "tile_bitcast"),
    _pto("reserved_buffer", "ReservedBufferFunctions"),
    _pto("tile_fillpad", "TileFillPadFunctions"),
    _pto("tile_concat", "TileConcatFunctions"),
    _pto("tile_concat_idx", "TileConcatIdxFunctions"),
    _pto("tile_multi_buffer", "TileMultiBufferFunctions"),
    _pto(
        "tile_elementwise",
        "TileElementwiseFunctions",
        "tile_elementwise",
        "tile_math",
        "tile_fused",
    ),
    _pto("tile_reduce", "TileReduceFunctions"),
    _pto("tile_scalar", "TileScalarFunctions", "tile_scalar", "tile_scalar_bitwise"),
    _pto("tile_matrix", "TileMatrixFunctions"),
    _pto("cube_move", "CubeMoveFunctions"),
    _pto("cube_load", "CubeLoadFunctions", "cube_load", "cube_load_s4"),
    _pto("cube_mad", "CubeMadFunctions"),
    _pto("cube_fixpipe", "CubeFixpipeFunctions", "cube_fixpipe", "cube_copy_matrix"),
    _pto("cube_fill", "CubeFillFunctions"),
    _pto("dma", "DmaFunctions"),
    _pto("dma_v06", "DmaV06Functions", "dma_v06", "cube_move"),
    _pto("runtime", "RuntimeFunctions"),
    _pto("sync_cross_core", "CrossCoreFunctions"),
    _pto("align", "AlignFunctions"),
    _pto("sync", "SyncFunctions", "sync", "tile_sync"),
    _pto(
        "vector_arith",
        "VectorArithFunctions",
        "pointer",
        "vector_mask",
        "vector_predicate",
        "vector_arith",
        "vector_math",
        "vector_fused",
        "vector_bits",
    ),
    _pto("vecscope", "VecScopeFunctions"),
    _pto("vector_load", "VectorLoadFunctions"),
    _pto("vector_scalar", "VectorScalarFunctions"),
    _pto("vector_store", "VectorStoreFunctions", "vector_store", "vector_store_unaligned"),
    _pto("tile_convert", "TileConvertFunctions"),
    _pto("tile_compare", "TileCompareFunctions"),
    _pto("vector_convert", "VectorConvertFunctions"),
    _pto("vector_compare", "VectorCompareFunctions"),
    _pto("vector_rearrange", "VectorRearrangeFunctions"),
    _pto(
        "vector_predicate",
        "VectorPredicateFunctions",
        "vector_predicate",
        "vector_predicate_memory",
    ),
    _pto("vector_reduce", "VectorReduceFunctions"),
    _pto("tile_row_reduce", "TileRowReduceFunctions"),
    _pto("tile_generate", "TileGenerateFunctions"),
    _pto("vector_index", "VectorIndexFunctions"),
    _pto("tile_partial", "TilePartialFunctions"),
    _pto("tile_part_arg", "TilePartArgFunctions"),
    _pto("tile_quant", "TileQuantFunctions"),
    _pto("tile_quant_mx", "TileQuantMxFunctions"),
    _pto("vector_fused", "VectorFusedFunctions", "vector_fused", "vector_round_cast"),
    _pto("tile_sort", "TileSortFunctions"),
    _pto("tile_gather", "TileGatherFunctions"),
    _pto("vector_sort", "VectorSortFunctions"),
    _pto("tile_arg_reduce", "TileArgReduceFunctions"),
    _pto("tile_debug", "TileDebugFunctions"),
    _pto("tile_histogram", "TileHistogramFunctions"),
    _pto("tile_expand", "TileExpandFunctions"),
    _pto("vector_materialize", "VectorMaterializeFunctions"),
    _pto("vector_sfu", "VectorSfuFunctions"),
    _pto("vmi_memory", "VmiMemoryFunctions", "vmi_memory", "vmi_indexed", "vmi_legacy_memory"),
    _pto("vmi_elementwise", "VmiElementwiseFunctions", "vmi_elementwise", "vmi_sfu"),
    _pto("vmi_reduce", "VmiReduceFunctions"),
    _pto("vmi_convert", "VmiConvertFunctions"),
    _pto("vmi_predicate", "VmiPredicateFunctions"),
    _pto("vmi_rearrange", "VmiRearrangeFunctions"),
    _pto("scalar_memory", "ScalarMemoryFunctions", "pointer", "scalar_memory", "scalar_struct"),
    _pto("tile_buf_meta", "TileBufMetaFunctions"),
    _pto("tile_transpose", "TileTransposeFunctions"),
    _pto("tile_pack", "TilePackFunctions"),
    _pto("tile_config", "TileConfigFunctions"),
    _pto("tile_gm_gather", "TileGmGatherFunctions"),
    _pto("vector_spr", "VectorSprFunctions"),
    _pto("vector_ub", "VectorUbFunctions"),
    _pto("vector_a5_extra", "VectorA5ExtraFunctions"),
    _pto("trap", "TrapFunctions"),
    _pto("scalar_print", "ScalarPrintFunctions"),
    _pto("tile_bind", "TileBindFunctions"),
    _pto("tile_prefetch", "TilePrefetchFunctions"),
    _pto("tile_prefetch_async", "TilePrefetchAsyncFunctions"),
    _pto("tile_scale_addr", "TileScaleAddrFunctions"),
    _pto("tile_img2col", "TileImg2colFunctions"),
    _pto("fusion_region", "FusionRegionFunctions"),
    Functions(
        "interpreters.ops.fusion_region",
        "YieldFunctions",
        ("pto_dialect.ops.fusion_region",),
        machine=False,
    ),
    _pto("dma_atomic", "DmaAtomicFunctions"),
    SIMT,
)
"""The project's functions, bound to the run's machine."""


def functions_for(module: Operation, machine: Machine) -> list[InterpreterFunctions]:
    """The functions a run of `module` needs: those of the op classes it holds (`SIMT`'s
    `func` when it has SIMT ops, a SIMT entry or a function of one kind of core)."""
    used: set[str] = set()
    simt = False
    for op in module.walk():
        used.add(type(op).__module__)
        simt = simt or (
            isinstance(op, func.FuncOp)
            and (SIMT_ENTRY in op.attributes or KERNEL_KIND in op.attributes)
        )
    simt = simt or not used.isdisjoint(SIMT.serves)
    chosen = [f for f in (*UPSTREAM, *PROJECT) if not used.isdisjoint(f.serves)]
    chosen = [f for f in chosen if f is not (FUNC if simt else SIMT)]
    if simt and SIMT not in chosen:
        chosen.append(SIMT)
    return [f.make(machine) for f in chosen]


def rest_of(loaded: Iterable[InterpreterFunctions], machine: Machine) -> list[InterpreterFunctions]:
    """The functions `loaded` lacks (for an op `functions_for` did not foresee, e.g. one a
    run creates; `func`'s stay as chosen)."""
    have = {type(f).__name__ for f in loaded}
    rest = [f for f in (*UPSTREAM, *PROJECT) if f.name not in have and f not in (FUNC, SIMT)]
    return [f.make(machine) for f in rest]


def load_all() -> None:
    """Imports every functions class (for a process that forks runs of any kernel,
    test/filecheck/fork_server.py)."""
    for row in (*UPSTREAM, *PROJECT):
        row.load()


def all_functions(machine: Machine) -> list[InterpreterFunctions]:
    """Every functions class: the upstream dialects', then the project's (`func`'s are
    `SimtFunctions`', a `FuncFunctions` whose `func.call` also launches a SIMT entry)."""
    return [f.make(machine) for f in (*UPSTREAM, *PROJECT) if f is not FUNC]


def upstream_functions() -> list[InterpreterFunctions]:
    """The functions of the upstream dialects' ops (`upstream/`)."""
    return [f.load()() for f in UPSTREAM]


def project_functions(machine: Machine) -> list[InterpreterFunctions]:
    """One instance of every functions class of the project, bound to `machine`."""
    return [f.make(machine) for f in PROJECT]
