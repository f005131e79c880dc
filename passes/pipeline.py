"""`pto-pipeline{target=...}`: from a Level-1 kernel to vector micro-ops with DMA and sync.

The chain, in order (docs/passes.md says why sync comes before the lowerings):
pto-set-target (when `target` is given), pto-split-cube-vector (a mixed cube and vector
function becomes a cube kernel and a vector kernel, each compiled alone by what follows; a
no-op otherwise), pto-lower-vmi (VMI ops to micro-ops first, so that
every later stage sees micro-ops only; a no-op without VMI ops), pto-convert-to-dps,
pto-multi-buffer (unless `multi-buffer=0`), pto-plan-memory, pto-insert-sync, pto-resolve-slots,
pto-fuse (unless `fuse=false`), pto-lower-tile-to-vector, pto-lower-dma. Each stage checks its
input and verifies its
output (`passes.common.checked_pass`); in the pipeline `run_stages` makes those checks once,
on the input and the final output, and repeats the stages checked one by one when anything
fails. With `matmul-on-vector=true`,
pto-lower-matmul-to-vector runs after pto-resolve-slots (vector-unit matrix ops are already
on PIPE_V when sync is inserted), before pto-lower-tile-to-vector. pto-lower-matrix (cube
tile ops to the cube's micro-ops, on their own pipes, so the flags stay valid) runs after
pto-resolve-slots too, unless `lower-matrix=false` keeps them at tile level; it changes
nothing on the CPU target.
"""

from __future__ import annotations

import gc
from collections.abc import Generator
from contextlib import contextmanager
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from passes.common import checked_by_stages, run_stages
from passes.convert_to_dps.convert import ConvertToDpsPass
from passes.fuse.fuse import FusePass
from passes.insert_sync.insert import InsertSyncPass
from passes.lower_dma import LowerDmaPass
from passes.lower_matmul_to_vector.lower import LowerMatmulToVectorPass
from passes.lower_matrix.lower import LowerMatrixPass
from passes.lower_tile_to_vector.lower import LowerTileToVectorPass
from passes.lower_vmi.lower import LowerVmiPass
from passes.multi_buffer import MultiBufferPass, ResolveSlotsPass
from passes.plan_memory import PlanMemoryPass
from passes.set_target import SetTargetPass
from passes.split_cores.split import SplitCubeVectorPass


def pipeline_passes(
    target: str | None = None,
    multi_buffer: int = 2,
    sync: str = "flags",
    matmul_on_vector: bool = False,
    fuse: bool = True,
    lower_matrix: bool = True,
    handoff: str = "gm",
) -> list[ModulePass]:
    """The passes of `pto-pipeline`, in order: `multi_buffer` slots per streamed tile buffer
    (0 or 1: no multi-buffering), `sync` the mode of `pto-insert-sync`, `matmul_on_vector`
    whether vector-unit matrix ops are lowered too, `fuse` whether consecutive vector tile
    ops are fused (pto-fuse), `lower_matrix` whether cube tile ops become cube micro-ops,
    `handoff` how a mixed function's cores hand tiles over (`gm`, or `pipe`: A5's cross-core
    pipes; pto-split-cube-vector)."""
    chain: list[ModulePass] = [] if target is None else [SetTargetPass(target)]
    slots: list[ModulePass] = [MultiBufferPass(multi_buffer)] if multi_buffer > 1 else []
    matmul: list[ModulePass] = [LowerMatmulToVectorPass()] if matmul_on_vector else []
    fusion: list[ModulePass] = [FusePass()] if fuse else []
    cube: list[ModulePass] = [LowerMatrixPass()] if lower_matrix else []
    return [
        *chain,
        SplitCubeVectorPass(handoff),
        LowerVmiPass(),
        ConvertToDpsPass(),
        *slots,
        PlanMemoryPass(),
        InsertSyncPass(sync),
        ResolveSlotsPass(),
        *cube,
        *matmul,
        *fusion,
        LowerTileToVectorPass(),
        LowerDmaPass(),
    ]


@contextmanager
def gc_paused() -> Generator[None]:
    """CPython's cycle collector off for the duration (restored as it was).

    The IR is a graph of cycles (parent and use links), so every collection of the oldest
    generation rescans the whole module; while a pass creates thousands of ops that makes
    the pipeline's time grow faster than the program. Garbage is collected afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@checked_by_stages
@dataclass(frozen=True)
class PipelinePass(ModulePass):
    name = "pto-pipeline"

    target: str | None = None
    multi_buffer: int = 2
    """`pto-pipeline{multi-buffer=0}` turns multi-buffering off (1 slot is none either)."""
    sync: str = "flags"
    """`pto-pipeline{sync=bufid}`: buffer-slot synchronisation (`pto-insert-sync{mode=...}`)."""
    matmul_on_vector: bool = False
    """Also lower vector-unit matrix ops (pto-lower-matmul-to-vector)."""
    fuse: bool = True
    """`pto-pipeline{fuse=false}`: every vector tile op lowered on its own (no pto-fuse)."""
    lower_matrix: bool = True
    """`pto-pipeline{lower-matrix=false}`: cube tile ops stay at tile level (no
    pto-lower-matrix)."""
    handoff: str = "gm"
    """`pto-pipeline{handoff=pipe}`: a mixed function's cores hand tiles over through A5's
    cross-core pipes, not GM (pto-split-cube-vector)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.multi_buffer < 0:
            raise PassFailedException(
                f"{self.name}: multi-buffer={self.multi_buffer} must be 0 (off) or a slot count"
            )
        stages = pipeline_passes(
            self.target,
            self.multi_buffer,
            self.sync,
            self.matmul_on_vector,
            self.fuse,
            self.lower_matrix,
            self.handoff,
        )
        with gc_paused():
            run_stages(ctx, stages, op)
