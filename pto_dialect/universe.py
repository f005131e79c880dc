"""Registration with xDSL: `xdsl-opt` finds the dialect and passes through this universe.

Factories import lazily so that loading the entry point costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe


def get_pto_dialect() -> Dialect:
    from pto_dialect.dialect import LOADED

    return LOADED


def _lazy_pass(module: str, name: str) -> Callable[[], type[ModulePass]]:
    """A factory that imports `module` and returns its pass class `name` when called."""

    def load() -> type[ModulePass]:
        cls: type[ModulePass] = getattr(import_module(module), name)
        return cls

    return load


PASSES: dict[str, tuple[str, str]] = {
    "pto-set-target": ("passes.set_target", "SetTargetPass"),
    "pto-convert-to-dps": ("passes.convert_to_dps.convert", "ConvertToDpsPass"),
    "pto-plan-memory": ("passes.plan_memory", "PlanMemoryPass"),
    "pto-insert-sync": ("passes.insert_sync.insert", "InsertSyncPass"),
    "pto-lower-tile-to-vector": ("passes.lower_tile_to_vector.lower", "LowerTileToVectorPass"),
    "pto-fuse": ("passes.fuse.fuse", "FusePass"),
    "pto-lower-dma": ("passes.lower_dma", "LowerDmaPass"),
    "pto-lower-matmul-to-vector": (
        "passes.lower_matmul_to_vector.lower",
        "LowerMatmulToVectorPass",
    ),
    "pto-lower-matrix": ("passes.lower_matrix.lower", "LowerMatrixPass"),
    "pto-infer-vecscope": ("passes.infer_vecscope", "InferVecScopePass"),
    "pto-lower-vmi": ("passes.lower_vmi.lower", "LowerVmiPass"),
    "pto-pipeline": ("passes.pipeline", "PipelinePass"),
    "pto-multi-buffer": ("passes.multi_buffer", "MultiBufferPass"),
    "pto-resolve-slots": ("passes.multi_buffer", "ResolveSlotsPass"),
    "pto-split-cube-vector": ("passes.split_cores.split", "SplitCubeVectorPass"),
}
"""Every pass of the project: its name, module and class."""

PTO_UNIVERSE = Universe(
    all_dialects={"pto": get_pto_dialect},
    all_passes={name: _lazy_pass(*where) for name, where in PASSES.items()},
)
