"""`pto-lower-matrix{target=...}`: cube tile ops as the cube's micro-ops (A2/A3, A5).

On planned DPS tile buffers, each op is replaced in place by micro-ops of its own pipe, so
the flags `pto-insert-sync` placed around it keep holding:

| tile op | micro-op (pipe) | module |
|---|---|---|
| `tload` GM -> NZ / ZN `mat` | `mte_gm_l1_frac` (MTE2) | `gm.py` |
| `tmov` `mat` -> `left` / `right` | `mte_l1_l0a` / `mte_l1_l0b` (MTE1) | `l0.py` |
| `tmov` `mat` -> `bias` | `mte_l1_bt` (MTE1) | `bias.py` |
| `tmov` `acc` -> NZ `mat` | `mte_l0c_l1` (FIX) | `acc.py` |
| `tmatmul`, `tgemv` and their `.acc`, `.bias` | `mad`, `mad_acc`, `mad_bias` (M) | `mad.py` |
| `tstore` `acc` -> GM | `mte_l0c_gm` nz2nd / nz2dn (FIX) | `gm.py` |

Left at tile level (the tile op runs as it is; listed in docs/passes.md): loads into padded
ND / DN or ZZ `mat` tiles, moves from `acc` to `vec` or a non-NZ `mat` and into scaling
tiles, the MX matrix forms, a `.acc` whose acc_in is not dst, stores that convert or update
atomically other than by adding, an op on a tile popped from a cross-core pipe (it sits in
the pipe's slot, which has no planned address). Such an op must find its L0 operands where
the micro-ops put them (`formats.agrees`). A function where that fails, or an op breaks a
rule of the micro-ops (`refuse`), or with a cube tile whose shape ends inside a box (a
one-row NZ tile: boxes of one row, not the 512 bytes the transfers move), keeps all its
cube tile ops at tile level, the reason in its
`pto.cube_tile_level` attribute; with `strict=true` the pass stops with that diagnostic
instead. On the CPU target (no cube) the pass changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern
from xdsl.utils.exceptions import PassFailedException

from passes.common import checked_pass, pass_target, rewrite_once
from passes.lower_matrix.formats import agrees
from passes.lower_matrix.gm import lower_tload, lower_tstore
from passes.lower_matrix.l0 import lower_tmov
from passes.lower_matrix.mad import lower_matmul
from passes.lower_matrix.operands import NAME, CubeTile, on_cube, refuse
from pto_dialect.attrs import Location, TargetArch
from pto_dialect.diagnostics import LocatedPassFailure
from pto_dialect.lazy_table import family_entry
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.cross_core_pipe import PopOp
from pto_dialect.ops.fixpipe_fp import RELU_ATTR, relu_mode
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.ops.tile_memory import TLoadOp, TStoreOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.tile_types import TileBufType, TileTypeBase

Lowering = Callable[[Any, PatternRewriter, TargetArch], bool]

LOWERINGS: Mapping[type[TileOp], Lowering] = MappingProxyType(
    {
        TLoadOp: lambda op, rw, arch: lower_tload(op, rw),
        TStoreOp: lambda op, rw, arch: lower_tstore(op, rw),
        TMovOp: lower_tmov,
        MatmulTileOp: lambda op, rw, arch: lower_matmul(op, rw),
    }
)
"""The lowering of each tile op class (families by base class); True when it lowered."""

_L0 = (Location.LEFT, Location.RIGHT, Location.ACC)


def _lowering(op: TileOp) -> Lowering | None:
    return family_entry(LOWERINGS, type(op))


def _fixpipe_extras(op: TileOp) -> bool:
    """A fixpipe parameter (fp tile or quant word) or a `reluPreMode` ReLU: the lowerings
    here carry neither, so the op stays at tile level."""
    return op.fp_source is not None or relu_mode(op.attributes.get(RELU_ATTR)) is not None


def _check_stays(op: TileOp, arch: TargetArch) -> None:
    """An op left at tile level must find its L0 tiles where the micro-ops put them."""
    for value in op.operands:
        type = value.type
        if isinstance(type, TileBufType) and type.location in _L0:
            tile = CubeTile.of(op, value)
            if not agrees(type, tile.valid, arch):
                raise refuse(
                    f"stays at tile level (the pass has no lowering for it), but its "
                    f"{type.location.value} tile ({type.rows.data}x{type.cols.data}, valid "
                    f"{tile.valid[0]}x{tile.valid[1]}) is laid out differently by the cube "
                    "micro-ops: give it the cube's format and a valid region that fills its "
                    "boxes, or keep the kernel at tile level (pto-pipeline{lower-matrix=false})",
                    op,
                )


def _partial_boxes(type: TileTypeBase) -> bool:
    """A boxed tile whose shape ends inside a box (a one-row tile): its boxes are shorter
    than the 512 bytes the cube's transfers move."""
    rows, cols = type.shape
    box_rows, box_cols = type.box
    return type.is_boxed and (rows % box_rows != 0 or cols % box_cols != 0)


def _kept(module: ModuleOp) -> set[Operation]:
    """The functions whose cube tile ops all stay at tile level: those with a tile of
    partial boxes on a cube location (docs/passes.md)."""
    kept: set[Operation] = set()
    for op in module.walk():
        if isinstance(op, TileOp) and any(
            on_cube(v) and _partial_boxes(cast(TileTypeBase, v.type)) for v in op.operands
        ):
            func = op.parent_op()
            while func is not None and not isinstance(func, FuncOp):
                func = func.parent_op()
            if func is not None:
                kept.add(func)
    return kept


@dataclass
class _LowerCubeTileOp(RewritePattern):
    arch: TargetArch
    kept: set[Operation]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, TileOp) or not any(on_cube(v) for v in op.operands):
            return
        if not op.is_dps:
            return  # SSA form: nothing is planned yet (the vector lowerings ignore it too)
        func = op.parent_op()
        while func is not None and not isinstance(func, FuncOp):
            func = func.parent_op()
        if func in self.kept:
            return
        if any(isinstance(v.owner, PopOp) for v in op.operands):
            _check_stays(op, self.arch)  # a tile in a pipe slot: no planned address
            return
        lowering = None if _fixpipe_extras(op) else _lowering(op)
        if lowering is None or not lowering(op, rewriter, self.arch):
            _check_stays(op, self.arch)


KEPT = "pto.cube_tile_level"
"""The attribute of a function whose cube tile ops stay at tile level: why (the remark)."""


PARTIAL_BOXES = (
    "a cube tile whose shape ends inside a box (one-row boxes): the cube's transfers move "
    "512-byte boxes"
)


def _reason(failure: PassFailedException) -> str:
    """The diagnostic `strict` would give, as the remark of a function kept at tile level."""
    if isinstance(failure, LocatedPassFailure) and failure.op is not None:
        return f"{failure.op.name}: {failure.message}"
    if isinstance(failure, LocatedPassFailure):
        return failure.message
    return str(failure)


def _has_cube_ops(func: FuncOp) -> bool:
    return any(
        isinstance(op, TileOp) and any(on_cube(v) for v in op.operands) for op in func.walk()
    )


@checked_pass
@dataclass(frozen=True)
class LowerMatrixPass(ModulePass):
    """Lowers cube tile ops on planned buffers to the cube's micro-ops."""

    name = "pto-lower-matrix"

    target: str | None = None
    strict: bool = False
    """`pto-lower-matrix{strict=true}`: an op the pass cannot lower consistently is an error;
    by default its function keeps all its cube tile ops at tile level, with the reason in
    the function's `pto.cube_tile_level` attribute."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        if target.arch is TargetArch.CPU:
            return
        kept = _kept(op)
        pattern = _LowerCubeTileOp(target.arch, kept)
        if self.strict:
            rewrite_once(pattern, op)
            return
        for func in [f for f in op.walk() if isinstance(f, FuncOp)]:
            if func in kept:
                func.attributes[KEPT] = StringAttr(PARTIAL_BOXES)
            if func in kept or not _has_cube_ops(func):
                continue
            trial = func.clone()
            try:
                PatternRewriteWalker(pattern, apply_recursively=False).rewrite_region(trial.body)
            except PassFailedException as failure:
                func.attributes[KEPT] = StringAttr(_reason(failure))
                trial.erase()
                continue
            block = func.parent_block()
            assert block is not None
            block.insert_op_before(trial, func)
            func.detach()
            func.erase()
